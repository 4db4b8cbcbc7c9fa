import type { ModelCardV1, ModelPattern } from '@modelgate/core';

/** Ids Anthropic serves that the gateway routes here without a config entry. */
export const ANTHROPIC_MODEL_PATTERNS: readonly ModelPattern[] = ['claude-*'];

/** `max_tokens` for a model the catalog does not know, when the client sends none. */
export const ANTHROPIC_FALLBACK_MAX_TOKENS = 8192;

/** List prices in USD per million tokens at the time of writing; override them in the config. */
export const ANTHROPIC_MODEL_CARDS: readonly ModelCardV1[] = [
  { id: 'claude-opus-4-1', created: 1754352000, ownedBy: 'anthropic', contextWindow: 200000, maxOutputTokens: 32000, pricing: { input: 15, output: 75, cachedInput: 1.5, cacheWrite: 18.75 } },
  { id: 'claude-sonnet-4-5', created: 1759104000, ownedBy: 'anthropic', contextWindow: 200000, maxOutputTokens: 64000, pricing: { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 } },
  { id: 'claude-haiku-4-5', created: 1760572800, ownedBy: 'anthropic', contextWindow: 200000, maxOutputTokens: 64000, pricing: { input: 1, output: 5, cachedInput: 0.1, cacheWrite: 1.25 } },
  { id: 'claude-3-5-haiku-latest', created: 1729555200, ownedBy: 'anthropic', contextWindow: 200000, maxOutputTokens: 8192, pricing: { input: 0.8, output: 4, cachedInput: 0.08, cacheWrite: 1 } },
];

/**
 * The default `max_tokens`: the model's full output limit, so answers are never cut short by a
 * number the client did not choose. Dated ids (`claude-sonnet-4-5-20250929`) match their alias.
 */
export function defaultMaxTokensFor(model: string, fallback: number): number {
  const card = ANTHROPIC_MODEL_CARDS.find((candidate) => model === candidate.id || model.startsWith(`${candidate.id}-`));
  return card?.maxOutputTokens ?? fallback;
}
