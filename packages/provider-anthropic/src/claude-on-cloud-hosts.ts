import type { ModelCardV1, ModelPricingV1 } from '@modelgate/core';
import { ANTHROPIC_MODEL_CARDS } from './anthropic-models.js';

/**
 * Bedrock and Vertex bill Claude (Sonnet 4.5 and every model since) 10% over Anthropic's list
 * price on their regional endpoints (Bedrock's in-region ids and geographic inference profiles
 * `us.`, `eu.`, …; Vertex's regions), and the list price on their global endpoints.
 */
const CLOUD_REGIONAL_PREMIUM = 1.1;

/** One Claude model under a cloud host's id, and what its endpoint charges over Anthropic's list price. */
export interface ClaudeOnHost {
  /** The Anthropic card's id (`claude-sonnet-4-5`). */
  readonly anthropicId: string;
  /** The host's id (`global.anthropic.claude-sonnet-4-5-20250929-v1:0`, `claude-sonnet-4-5@20250929`). */
  readonly hostId: string;
  /** Which endpoint, for the display name (`global`, `US`, `us-east5`). */
  readonly endpoint: string;
  /** A regional endpoint (10% over the list price) rather than a global one (the list price). */
  readonly regional: boolean;
}

// Whole millionths of a dollar: 3 × 1.1 is 3.3, not 3.3000000000000003.
const scaled = (price: number, factor: number): number => Math.round(price * factor * 1e6) / 1e6;

function scaledPricing(pricing: ModelPricingV1, factor: number): ModelPricingV1 {
  if (factor === 1) return pricing;
  const tokens = <T extends { input: number; output: number; cachedInput?: number; cacheWrite?: number; cacheWrite1h?: number }>(prices: T): T => ({
    ...prices,
    input: scaled(prices.input, factor),
    output: scaled(prices.output, factor),
    ...(prices.cachedInput !== undefined && { cachedInput: scaled(prices.cachedInput, factor) }),
    ...(prices.cacheWrite !== undefined && { cacheWrite: scaled(prices.cacheWrite, factor) }),
    ...(prices.cacheWrite1h !== undefined && { cacheWrite1h: scaled(prices.cacheWrite1h, factor) }),
  });
  // Server tool fees (web search) are per call, not per token: the hosts charge Anthropic's.
  return { ...tokens(pricing), ...(pricing.longContext && { longContext: tokens(pricing.longContext) }) };
}

/**
 * The Anthropic cards under a host's ids: the same limits, capabilities and prices (with the
 * regional premium where it applies), so a host's model is priced from the one table Anthropic's prices live in.
 */
export function createClaudeCardsOnHost(models: readonly ClaudeOnHost[]): ModelCardV1[] {
  return models.map((model) => {
    const card = ANTHROPIC_MODEL_CARDS.find((candidate) => candidate.id === model.anthropicId);
    if (!card) throw new Error(`no Anthropic model card ${model.anthropicId}`);
    return {
      ...card,
      id: model.hostId,
      displayName: `${card.displayName ?? card.id} (${model.endpoint})`,
      ...(card.pricing && { pricing: scaledPricing(card.pricing, model.regional ? CLOUD_REGIONAL_PREMIUM : 1) }),
    };
  });
}
