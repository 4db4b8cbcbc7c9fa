import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from './index.js';

// A 429 as Anthropic sends it (PROTOCOLS D.1): `retry-after` always, and the request limit spent
// until its reset, in the anthropic-ratelimit-* headers.

const KEY = 'sk-ant-rate-limit';

describe('the Anthropic simulator answers a 429 as Anthropic does', () => {
  let simulator: AnthropicSimulator;
  beforeAll(async () => {
    simulator = await startAnthropicSimulator({ apiKey: KEY });
  });
  afterAll(() => simulator.close());

  const send = () =>
    fetch(`${simulator.url}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('with retry-after (1 s, or the wait asked for) and the spent request limit with its reset', async () => {
    simulator.enqueueFault({ type: 'status', status: 429 });
    simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 20 });
    const before = Date.now();
    const usual = await send();
    expect(usual.status).toBe(429);
    expect(usual.headers.get('retry-after')).toBe('1');
    expect(usual.headers.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    const reset = usual.headers.get('anthropic-ratelimit-requests-reset')!;
    expect(reset).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(reset)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await usual.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    const asked = await send();
    expect(asked.headers.get('retry-after')).toBe('20');
  });
});
