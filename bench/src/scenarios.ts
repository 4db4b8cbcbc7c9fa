import { LONG_STREAM_DELTAS } from './simulator/canned-text.js';

export type ScenarioId =
  | 'openai-chat'
  | 'openai-chat-retried'
  | 'openai-chat-cached'
  | 'openai-chat-stream'
  | 'anthropic-chat'
  | 'anthropic-chat-stream'
  | 'gemini-chat'
  | 'gemini-chat-stream'
  | 'responses-stream'
  | 'long-stream-openai'
  | 'long-stream-anthropic';

/** The wire protocol the vendor simulator answers in. */
export type VendorProtocol = 'openai-chat' | 'anthropic-messages' | 'gemini' | 'openai-responses';

/** What a client asks for; each target says how it sends it (or that it cannot). */
export interface Scenario {
  readonly id: ScenarioId;
  readonly label: string;
  readonly vendor: VendorProtocol;
  readonly stream: boolean;
  /**
   * Set on a retry measurement: the same request as scenario `retryOf`, to a model whose first
   * deployment always answers 503, so each request is retried once on a healthy one. Only a
   * gateway with deployments and retries can run it; the report gives its cost over `retryOf`.
   */
  readonly retryOf?: ScenarioId;
  /**
   * Set on a cache measurement: the same request as scenario `cacheHitOf`, to a model with the
   * response cache on, so every request after the check's first is a hit (no upstream call). Only
   * Modelgate runs it; the report gives a hit's latency beside the miss's.
   */
  readonly cacheHitOf?: ScenarioId;
  /** Set on a long stream: the text deltas of its answer; the report gives CPU per chunk. */
  readonly chunks?: number;
  /** Concurrencies above this are not measured (long streams: c=1 and c=32 say what they are for). */
  readonly maxConcurrency?: number;
}

const LONG = { stream: true, chunks: LONG_STREAM_DELTAS, maxConcurrency: 32 } as const;

export const SCENARIOS: readonly Scenario[] = [
  { id: 'openai-chat', label: 'OpenAI chat', vendor: 'openai-chat', stream: false },
  { id: 'openai-chat-retried', label: 'OpenAI chat, retried', vendor: 'openai-chat', stream: false, retryOf: 'openai-chat' },
  { id: 'openai-chat-cached', label: 'OpenAI chat, cache hit', vendor: 'openai-chat', stream: false, cacheHitOf: 'openai-chat' },
  { id: 'openai-chat-stream', label: 'OpenAI chat stream', vendor: 'openai-chat', stream: true },
  { id: 'anthropic-chat', label: 'chat → Anthropic', vendor: 'anthropic-messages', stream: false },
  { id: 'anthropic-chat-stream', label: 'chat → Anthropic stream', vendor: 'anthropic-messages', stream: true },
  { id: 'gemini-chat', label: 'chat → Gemini', vendor: 'gemini', stream: false },
  { id: 'gemini-chat-stream', label: 'chat → Gemini stream', vendor: 'gemini', stream: true },
  { id: 'responses-stream', label: 'Responses stream', vendor: 'openai-responses', stream: true },
  { id: 'long-stream-openai', label: 'OpenAI chat stream, 2,000 chunks', vendor: 'openai-chat', ...LONG },
  { id: 'long-stream-anthropic', label: 'chat → Anthropic stream, 2,000 deltas', vendor: 'anthropic-messages', ...LONG },
];

/** Names that select several scenarios at once. */
export const SCENARIO_GROUPS: Readonly<Record<string, readonly ScenarioId[]>> = {
  'long-stream': ['long-stream-openai', 'long-stream-anthropic'],
};

/** The scenario a retry or cache measurement is compared with (measured in turn with it at c=1). */
export function twinOf(scenario: Scenario): ScenarioId | undefined {
  return scenario.retryOf ?? scenario.cacheHitOf;
}

/** A scenario by its id (every id is in SCENARIOS). */
export function findScenario(id: ScenarioId): Scenario {
  const scenario = SCENARIOS.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`no scenario '${id}'`);
  return scenario;
}

/** The scenarios asked for (all when none are named), with the one each retry measurement is compared against. */
export function selectScenarios(names: readonly string[] | undefined): Scenario[] {
  if (!names) return [...SCENARIOS];
  const wanted = new Set<string>();
  for (const name of names) {
    const ids = SCENARIO_GROUPS[name] ?? (SCENARIOS.some((scenario) => scenario.id === name) ? [name] : undefined);
    if (!ids) throw new Error(`no scenario '${name}'; known: ${[...SCENARIOS.map((scenario) => scenario.id), ...Object.keys(SCENARIO_GROUPS)].join(', ')}`);
    for (const id of ids) wanted.add(id);
  }
  for (const scenario of SCENARIOS) {
    const twin = twinOf(scenario);
    if (twin && wanted.has(scenario.id)) wanted.add(twin);
  }
  return SCENARIOS.filter((scenario) => wanted.has(scenario.id));
}

/** The concurrencies measured for a scenario. */
export function scenarioConcurrencies(scenario: Scenario, concurrencies: readonly number[]): number[] {
  return concurrencies.filter((concurrency) => concurrency <= (scenario.maxConcurrency ?? Infinity));
}

/** True when the gateway translates the client's OpenAI chat into another vendor's protocol. */
export function isTranslated(scenario: Scenario): boolean {
  return scenario.vendor === 'anthropic-messages' || scenario.vendor === 'gemini';
}
