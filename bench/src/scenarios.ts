/** What a client asks for; each target says how it sends it (or that it cannot). */
export interface Scenario {
  readonly id: 'openai-chat' | 'openai-chat-retried' | 'openai-chat-stream' | 'anthropic-chat' | 'anthropic-chat-stream' | 'responses-stream';
  readonly label: string;
  /** The wire protocol the vendor simulator answers in. */
  readonly vendor: 'openai-chat' | 'anthropic-messages' | 'openai-responses';
  readonly stream: boolean;
  /**
   * Set on a retry measurement: the same request as scenario `retryOf`, to a model whose first
   * deployment always answers 503, so each request is retried once on a healthy one. Only a
   * gateway with deployments and retries can run it; the report gives its cost over `retryOf`.
   */
  readonly retryOf?: Scenario['id'];
}

export const SCENARIOS: readonly Scenario[] = [
  { id: 'openai-chat', label: 'OpenAI chat', vendor: 'openai-chat', stream: false },
  { id: 'openai-chat-retried', label: 'OpenAI chat, retried', vendor: 'openai-chat', stream: false, retryOf: 'openai-chat' },
  { id: 'openai-chat-stream', label: 'OpenAI chat stream', vendor: 'openai-chat', stream: true },
  { id: 'anthropic-chat', label: 'chat → Anthropic', vendor: 'anthropic-messages', stream: false },
  { id: 'anthropic-chat-stream', label: 'chat → Anthropic stream', vendor: 'anthropic-messages', stream: true },
  { id: 'responses-stream', label: 'Responses stream', vendor: 'openai-responses', stream: true },
];

/** A scenario by its id (every id is in SCENARIOS). */
export function findScenario(id: Scenario['id']): Scenario {
  const scenario = SCENARIOS.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`no scenario '${id}'`);
  return scenario;
}

/** The scenarios asked for (all when none are named), with the one each retry measurement is compared against. */
export function selectScenarios(ids: readonly string[] | undefined): Scenario[] {
  if (!ids) return [...SCENARIOS];
  const wanted = new Set(ids);
  for (const scenario of SCENARIOS) if (scenario.retryOf && wanted.has(scenario.id)) wanted.add(scenario.retryOf);
  return SCENARIOS.filter((scenario) => wanted.has(scenario.id));
}

/** One HTTP request, ready to send as many times as a load run needs. */
export interface RequestSpec {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Headers its answer must carry (a sample before and after the load), or the run stops: proof it measures what it says. */
  readonly expectedHeaders?: Readonly<Record<string, string>>;
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
