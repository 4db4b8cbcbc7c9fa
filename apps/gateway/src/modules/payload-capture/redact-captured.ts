import { piiMatcher, redactMatches } from '../guardrails/text-matcher.js';

const everyRecognizer = piiMatcher();

/**
 * A value with every string in it redacted by the guardrails' built-in recognisers (keys, cards,
 * emails…), whatever its key: a capture keeps no secret a recogniser knows, even outside message
 * text. Numbers stay as they are, so timestamps and counts are not taken for phone numbers.
 */
export function redactEveryString(value: unknown): unknown {
  if (typeof value === 'string') return redactMatches(value, everyRecognizer.find(value));
  if (Array.isArray(value)) return value.map(redactEveryString);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactEveryString(item)]));
  return value;
}
