// What the real Messages API enforces per model, written down independently of the provider's own
// model table so that a wrong entry there fails against the simulator instead of agreeing with it.
// Sources: Anthropic's model pages and migration guides (4.5 → 4.6 → 5.x), and the 400s users report.

/** The `thinking.type` values a model takes: budgets, adaptive (and off), or adaptive that cannot be turned off. */
export type SimulatedThinking = 'budget' | 'budget-or-adaptive' | 'adaptive-only' | 'always-on';

/** Sampling parameters a model takes: both, only one of `temperature`/`top_p`, or none at all. */
export type SimulatedSampling = 'both' | 'one-of' | 'none';

export interface SimulatedModelRules {
  /** The largest `max_tokens` it accepts. */
  readonly maxOutputTokens: number;
  readonly thinking: SimulatedThinking;
  readonly sampling: SimulatedSampling;
  /** Whether a trailing assistant message (a prefill) is accepted. */
  readonly prefill: boolean;
  /** Whether `tool_choice` may force a tool (`any`, `tool`) outside thinking. */
  readonly forcedToolChoice: boolean;
}

const RULES_BY_MODEL: Readonly<Record<string, SimulatedModelRules>> = {
  'claude-haiku-4-5': { maxOutputTokens: 64000, thinking: 'budget', sampling: 'one-of', prefill: true, forcedToolChoice: true },
  'claude-sonnet-4-5': { maxOutputTokens: 64000, thinking: 'budget', sampling: 'one-of', prefill: true, forcedToolChoice: true },
  'claude-opus-4-5': { maxOutputTokens: 64000, thinking: 'budget', sampling: 'one-of', prefill: true, forcedToolChoice: true },
  'claude-opus-4-1': { maxOutputTokens: 32000, thinking: 'budget', sampling: 'one-of', prefill: true, forcedToolChoice: true },
  'claude-sonnet-4-6': { maxOutputTokens: 128000, thinking: 'budget-or-adaptive', sampling: 'one-of', prefill: false, forcedToolChoice: true },
  'claude-opus-4-6': { maxOutputTokens: 128000, thinking: 'budget-or-adaptive', sampling: 'one-of', prefill: false, forcedToolChoice: true },
  'claude-opus-4-7': { maxOutputTokens: 128000, thinking: 'adaptive-only', sampling: 'none', prefill: false, forcedToolChoice: true },
  'claude-sonnet-5-5': { maxOutputTokens: 128000, thinking: 'always-on', sampling: 'none', prefill: false, forcedToolChoice: false },
  'claude-fable-5-1': { maxOutputTokens: 128000, thinking: 'always-on', sampling: 'none', prefill: false, forcedToolChoice: false },
};

/** A model the table does not know: only the rules every model shares apply. */
const LENIENT: SimulatedModelRules = { maxOutputTokens: Number.POSITIVE_INFINITY, thinking: 'budget-or-adaptive', sampling: 'both', prefill: true, forcedToolChoice: true };

/** The rules for an alias or a dated id (`claude-sonnet-4-5-20250929`). */
export function simulatedModelRules(model: string): SimulatedModelRules {
  const alias = Object.keys(RULES_BY_MODEL).find((id) => model === id || new RegExp(`^${id}-\\d{8}$`).test(model));
  return alias === undefined ? LENIENT : RULES_BY_MODEL[alias]!;
}
