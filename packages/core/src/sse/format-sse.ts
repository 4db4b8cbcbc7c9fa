/** `data: <payload>\n\n`. The payload must not contain a newline (JSON.stringify output never does). */
export function formatSseData(data: string): string {
  return `data: ${data}\n\n`;
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
