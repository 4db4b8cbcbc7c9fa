import type { ModelPricingV1 } from '@modelgate/core';

export interface TokenCounts {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Part of `promptTokens`, billed at the cached price when the model has one. */
  readonly cachedTokens: number;
}

/** USD from the model's prices per million tokens; zero for a model without prices. */
export function computeCost(tokens: TokenCounts, pricing: ModelPricingV1 | undefined): number {
  if (!pricing) return 0;
  const uncached = tokens.promptTokens - tokens.cachedTokens;
  const cachedPrice = pricing.cachedInput ?? pricing.input;
  return (uncached * pricing.input + tokens.cachedTokens * cachedPrice + tokens.completionTokens * pricing.output) / 1_000_000;
}
