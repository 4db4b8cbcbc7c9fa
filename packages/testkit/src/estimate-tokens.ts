/** About four characters per token: deterministic, so tests can compute the expected numbers. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
