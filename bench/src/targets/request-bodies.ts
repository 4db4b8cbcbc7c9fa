// The bodies each protocol's client sends for the same question.

const PROMPT = 'Say hello in twenty words.';
const MAX_TOKENS = 100;

export const JSON_CONTENT = { 'content-type': 'application/json' } as const;

/** `/v1/chat/completions` body, as any OpenAI client sends it. */
export function chatCompletionBody(model: string, stream: boolean): string {
  const messages = [{ role: 'user', content: PROMPT }];
  return JSON.stringify(stream ? { model, messages, max_tokens: MAX_TOKENS, stream, stream_options: { include_usage: true } } : { model, messages, max_tokens: MAX_TOKENS });
}

/** `/v1/messages` body, as an Anthropic client sends it (what a translating gateway sends upstream). */
export function anthropicMessagesBody(model: string, stream: boolean): string {
  return JSON.stringify({ model, max_tokens: MAX_TOKENS, messages: [{ role: 'user', content: PROMPT }], ...(stream ? { stream } : {}) });
}

/** `:generateContent` / `:streamGenerateContent` body (the model and the streaming are in the path). */
export function geminiGenerateContentBody(): string {
  return JSON.stringify({ contents: [{ role: 'user', parts: [{ text: PROMPT }] }], generationConfig: { maxOutputTokens: MAX_TOKENS } });
}

/** `/v1/responses` body. */
export function responsesBody(model: string, stream: boolean): string {
  return JSON.stringify({ model, input: PROMPT, ...(stream ? { stream } : {}) });
}
