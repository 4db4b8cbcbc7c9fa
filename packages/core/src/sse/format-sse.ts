/** `data: <payload>\n\n`, one `data:` field per line of the payload. */
export function formatSseData(data: string): string {
  // A payload of several lines (a relayed upstream event may carry one) gets a `data:` field per
  // line, which clients join back with newlines: a raw newline would end the event early.
  return data.includes('\n') ? `${data.split('\n').map((line) => `data: ${line}`).join('\n')}\n\n` : `data: ${data}\n\n`;
}

/** An event with a name, as Anthropic and the Responses API frame them. */
export function formatSseEvent(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

/** A comment line: ignored by every SSE client, useful as a keep-alive. */
export function formatSseComment(text = ''): string {
  return `: ${text}\n\n`;
}

export const SSE_DONE = 'data: [DONE]\n\n';
