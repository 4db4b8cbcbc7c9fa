import { randomToken } from '@modelgate/testkit';

/**
 * The informational headers OpenAI puts on its answers (PROTOCOLS A.1), so relaying them can be
 * tested; its `x-ratelimit-*` ones only `withRateLimits` (a compatible server sends none).
 */
export function openAiResponseHeaders(withRateLimits = true): Record<string, string> {
  const identity = { 'x-request-id': `req_${randomToken(32)}`, 'openai-version': '2020-10-01' };
  if (!withRateLimits) return identity;
  return {
    ...identity,
    'x-ratelimit-limit-requests': '10000',
    'x-ratelimit-remaining-requests': '9999',
    'x-ratelimit-reset-requests': '6ms',
    'x-ratelimit-limit-tokens': '30000000',
    'x-ratelimit-remaining-tokens': '29999000',
    'x-ratelimit-reset-tokens': '2ms',
  };
}
