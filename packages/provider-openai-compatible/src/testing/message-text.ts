/** The text of a message `content`: the string itself, or its text and refusal parts joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: unknown; text?: unknown; refusal?: unknown }) => {
      if (part.type === 'text' && typeof part.text === 'string') return part.text;
      if (part.type === 'refusal' && typeof part.refusal === 'string') return part.refusal;
      return '';
    })
    .join('');
}

interface LooseMessage {
  role?: unknown;
  content?: unknown;
  refusal?: unknown;
  tool_calls?: Array<{ function?: { name?: unknown; arguments?: unknown } }>;
}

/** Everything in a message that a tokenizer would count: content, refusal, tool call names and arguments. */
export function messageText(message: LooseMessage): string {
  let text = contentText(message.content);
  if (typeof message.refusal === 'string') text += message.refusal;
  for (const call of message.tool_calls ?? []) {
    if (typeof call.function?.name === 'string') text += call.function.name;
    if (typeof call.function?.arguments === 'string') text += call.function.arguments;
  }
  return text;
}

/** The text of the last user message, or '' when there is none. */
export function lastUserText(messages: readonly LooseMessage[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  return last === undefined ? '' : contentText(last.content);
}
