import type { ModelCardV1, ModelPattern, ModelPricingV1 } from '@modelgate/core';

/** Ids Anthropic serves that the gateway routes here without a config entry. */
export const ANTHROPIC_MODEL_PATTERNS: readonly ModelPattern[] = ['claude-*'];

/**
 * What the translation must know about a model to send a body Anthropic accepts (see the README's
 * "Per-model rules"). Facts from Anthropic's model pages and migration guides.
 */
export interface AnthropicModelTraits {
  /** The largest `max_tokens` the model takes; unknown for a model not in the table. */
  readonly maxOutputTokens: number | undefined;
  /**
   * How `reasoning_effort` reaches it: `budget` (`thinking.enabled` + `budget_tokens`), `adaptive`
   * (`thinking.adaptive` + `output_config.effort`, off when asked), `always-on` (adaptive, never off).
   */
  readonly thinking: 'budget' | 'adaptive' | 'always-on';
  /** Sampling parameters it takes: only one of `temperature` and `top_p`, or none at all. */
  readonly sampling: 'one-of' | 'none';
  /** Whether a trailing assistant message may be sent as a prefill. */
  readonly prefill: boolean;
  /** Whether `tool_choice` may force a tool (outside thinking). */
  readonly forcedToolChoice: boolean;
}

interface AnthropicModel {
  readonly card: ModelCardV1;
  readonly traits: AnthropicModelTraits;
}

type Generation = Omit<AnthropicModelTraits, 'maxOutputTokens'>;

const BUDGET_GENERATION: Generation = { thinking: 'budget', sampling: 'one-of', prefill: true, forcedToolChoice: true };
const ADAPTIVE_GENERATION: Generation = { thinking: 'adaptive', sampling: 'one-of', prefill: false, forcedToolChoice: true };
const ALWAYS_THINKING_GENERATION: Generation = { thinking: 'always-on', sampling: 'none', prefill: false, forcedToolChoice: false };

/** Web search costs $10 per 1,000 searches on every model, counted in the usage's `server_tool_use.web_search_requests`. */
const WEB_SEARCH_PRICE = { web_search: 0.01 } as const;

/** One catalogued model; every Claude model streams, calls tools, reads images, takes JSON schemas and thinks. */
function claude(
  id: string,
  displayName: string,
  created: number,
  window: { context: number; output: number },
  generation: Generation,
  pricing: ModelPricingV1,
  lifecycle: Pick<ModelCardV1, 'retiresOn' | 'description'> = {},
): AnthropicModel {
  return {
    card: {
      id,
      displayName,
      created,
      ownedBy: 'anthropic',
      contextWindow: window.context,
      maxOutputTokens: window.output,
      capabilities: { streaming: true, tools: true, vision: true, jsonSchema: true, reasoning: true },
      pricing: { ...pricing, toolCalls: WEB_SEARCH_PRICE },
      ...lifecycle,
    },
    traits: { maxOutputTokens: window.output, ...generation },
  };
}

const LONG = { context: 1_000_000, output: 128_000 };
const CLASSIC = { context: 200_000, output: 64_000 };

/** List prices in USD per million tokens at the time of writing (cache writes: 1.25 times input for 5 minutes, twice input for an hour); override them in the config. */
const ANTHROPIC_MODELS: readonly AnthropicModel[] = [
  claude('claude-fable-5-1', 'Claude Fable 5.1', 1788220800, LONG, ALWAYS_THINKING_GENERATION, { input: 10, output: 50 }),
  claude('claude-sonnet-5-5', 'Claude Sonnet 5.5', 1790553600, LONG, ALWAYS_THINKING_GENERATION, { input: 2, output: 10, cachedInput: 0.2, cacheWrite: 2.5, cacheWrite1h: 4 }),
  claude('claude-opus-4-6', 'Claude Opus 4.6', 1770249600, LONG, ADAPTIVE_GENERATION, { input: 5, output: 25, cachedInput: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 }),
  claude('claude-sonnet-4-6', 'Claude Sonnet 4.6', 1771286400, LONG, ADAPTIVE_GENERATION, { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75, cacheWrite1h: 6 }),
  claude('claude-opus-4-5', 'Claude Opus 4.5', 1763942400, CLASSIC, BUDGET_GENERATION, { input: 5, output: 25, cachedInput: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 }),
  // With the 1M-context beta (`context-1m-2025-08-07`), a prompt over 200k tokens bills every token at the long-context prices.
  claude('claude-sonnet-4-5', 'Claude Sonnet 4.5', 1759104000, CLASSIC, BUDGET_GENERATION, {
    input: 3,
    output: 15,
    cachedInput: 0.3,
    cacheWrite: 3.75,
    cacheWrite1h: 6,
    longContext: { aboveInputTokens: 200_000, input: 6, output: 22.5, cachedInput: 0.6, cacheWrite: 7.5, cacheWrite1h: 12 },
  }, {
    // Deprecated: the official SDK (@anthropic-ai/sdk 1.10.0, DEPRECATED_MODELS) warns of its end of life on 30 Nov 2026.
    retiresOn: '2026-11-30',
    description: 'Retiring (30 Nov 2026, on the Claude API; Bedrock and Vertex set their own dates).',
  }),
  claude('claude-haiku-4-5', 'Claude Haiku 4.5', 1760486400, CLASSIC, BUDGET_GENERATION, { input: 1, output: 5, cachedInput: 0.1, cacheWrite: 1.25, cacheWrite1h: 2 }),
];

export const ANTHROPIC_MODEL_CARDS: readonly ModelCardV1[] = ANTHROPIC_MODELS.map((model) => model.card);

/**
 * Rules for a `claude-*` id the table does not know: the cautious choice everywhere (one sampling
 * parameter, no prefill), since each rule has only ever become stricter from one generation to the next.
 */
const UNKNOWN_MODEL_TRAITS: AnthropicModelTraits = { maxOutputTokens: undefined, thinking: 'budget', sampling: 'one-of', prefill: false, forcedToolChoice: true };

/** The traits of an alias or a dated id (`claude-sonnet-4-5-20250929` is `claude-sonnet-4-5`). */
export function anthropicModelTraits(model: string): AnthropicModelTraits {
  const traits = TRAITS_BY_ID.get(model) ?? (DATED_ID.test(model) ? TRAITS_BY_ID.get(model.slice(0, -DATED_SUFFIX_LENGTH)) : undefined);
  return traits ?? UNKNOWN_MODEL_TRAITS;
}

/** A dated id ends in `-YYYYMMDD`. Looked up per request, so one map and one regex built once. */
const DATED_ID = /-\d{8}$/;
const DATED_SUFFIX_LENGTH = '-YYYYMMDD'.length;
const TRAITS_BY_ID = new Map(ANTHROPIC_MODELS.map(({ card, traits }) => [card.id, traits]));
