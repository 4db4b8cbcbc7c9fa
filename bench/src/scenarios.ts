/** What a client asks for; each target says how it sends it (or that it cannot). */
export interface Scenario {
  readonly id: 'openai-chat' | 'openai-chat-stream' | 'anthropic-chat' | 'anthropic-chat-stream' | 'responses-stream';
  readonly label: string;
  /** The wire protocol the vendor simulator answers in. */
  readonly vendor: 'openai-chat' | 'anthropic-messages' | 'openai-responses';
  readonly stream: boolean;
}

export const SCENARIOS: readonly Scenario[] = [
  { id: 'openai-chat', label: 'OpenAI chat', vendor: 'openai-chat', stream: false },
  { id: 'openai-chat-stream', label: 'OpenAI chat stream', vendor: 'openai-chat', stream: true },
  { id: 'anthropic-chat', label: 'chat → Anthropic', vendor: 'anthropic-messages', stream: false },
  { id: 'anthropic-chat-stream', label: 'chat → Anthropic stream', vendor: 'anthropic-messages', stream: true },
  { id: 'responses-stream', label: 'Responses stream', vendor: 'openai-responses', stream: true },
];

/** One HTTP request, ready to send as many times as a load run needs. */
export interface RequestSpec {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const PROMPT = 'Say hello in twenty words.';

/** `/v1/chat/completions` body, as any OpenAI client sends it. */
export function chatCompletionBody(model: string, stream: boolean): string {
  const messages = [{ role: 'user', content: PROMPT }];
  return JSON.stringify(stream ? { model, messages, max_tokens: 100, stream, stream_options: { include_usage: true } } : { model, messages, max_tokens: 100 });
}

/** `/v1/messages` body, as an Anthropic client sends it (what a translating gateway sends upstream). */
export function anthropicMessagesBody(model: string, stream: boolean): string {
  return JSON.stringify({ model, max_tokens: 100, messages: [{ role: 'user', content: PROMPT }], ...(stream ? { stream } : {}) });
}

/** `/v1/responses` body. */
export function responsesBody(model: string, stream: boolean): string {
  return JSON.stringify({ model, input: PROMPT, ...(stream ? { stream } : {}) });
}

export const JSON_CONTENT = { 'content-type': 'application/json' } as const;
