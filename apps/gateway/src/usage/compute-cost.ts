import type { ModelPricingV1 } from '@modelgate/core';

export interface TokenCounts {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Part of `promptTokens`, billed at the cached price when the model has one. */
  readonly cachedTokens: number;
  /** Part of `promptTokens` written to the vendor's prompt cache, billed at the cache-write price when the model has one. */
  readonly cacheWriteTokens?: number;
  /** Part of `cacheWriteTokens` written for an hour, billed at the 1-hour write price when the model has one. */
  readonly cacheWrite1hTokens?: number;
}

/**
 * USD from the model's prices per million tokens; zero for a model without prices. Prompt tokens
 * are split into cache reads, 5-minute and 1-hour cache writes (Anthropic charges 1.25 and 2 times
 * the input price for them) and the rest, each at its own price: a missing 1-hour price falls back
 * to the write price, the others to the input price. A prompt over the model's
 * long-context size bills every token of the request at the long-context prices.
 */
export function computeCost(tokens: TokenCounts, modelPricing: ModelPricingV1 | undefined, serverToolCalls?: Readonly<Record<string, number>>): number {
  if (!modelPricing) return 0;
  return tokenCost(tokens, modelPricing) + toolCallCost(serverToolCalls, modelPricing);
}

/** Calls of server-side tools at the model's price per call; a tool without one costs nothing (a budgeted key is refused it up front). */
function toolCallCost(calls: Readonly<Record<string, number>> | undefined, pricing: ModelPricingV1): number {
  let cost = 0;
  for (const [tool, count] of Object.entries(calls ?? {})) cost += count * (pricing.toolCalls?.[tool] ?? 0);
  return cost;
}

function tokenCost(tokens: TokenCounts, modelPricing: ModelPricingV1): number {
  const long = modelPricing.longContext;
  const pricing = long && tokens.promptTokens > long.aboveInputTokens ? long : modelPricing;
  const writes = tokens.cacheWriteTokens ?? 0;
  const hourWrites = Math.min(tokens.cacheWrite1hTokens ?? 0, writes);
  const plain = tokens.promptTokens - tokens.cachedTokens - writes;
  const cachedPrice = pricing.cachedInput ?? pricing.input;
  const writePrice = pricing.cacheWrite ?? pricing.input;
  const hourWritePrice = pricing.cacheWrite1h ?? writePrice;
  const writeCost = (writes - hourWrites) * writePrice + hourWrites * hourWritePrice;
  return (plain * pricing.input + tokens.cachedTokens * cachedPrice + writeCost + tokens.completionTokens * pricing.output) / 1_000_000;
}
