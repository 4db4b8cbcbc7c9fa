import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chat } from '../support/admin-client.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';

const PROMPT = 'my-secret-prompt-7d1c5e0a';

describe("what an upstream says about the gateway's account or the prompt stays in the gateway (issue 27)", () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway();
  });
  afterAll(() => harness.close());

  it("logs an upstream 5xx by status, code and kind, never by its body, which may echo the prompt", async () => {
    harness.simulator.enqueueFault({ type: 'status', status: 500, body: `upstream worker crashed while handling: ${PROMPT}` });
    harness.simulator.enqueueFault({
      type: 'status',
      status: 502,
      body: { error: { message: `Bad gateway for input "${PROMPT}"`, type: 'server_error', param: null, code: null } },
    });
    for (let index = 0; index < 2; index++) {
      const failed = await chat(harness.baseUrl, TEST_SERVICE_KEY, { messages: [{ role: 'user', content: PROMPT }] });
      expect(failed.status).toBeGreaterThanOrEqual(500);
    }
    expect(harness.simulator.requests.filter((request) => JSON.stringify(request.body).includes(PROMPT))).toHaveLength(2);
    const warned = harness.logs.filter((line) => line.includes('request failed'));
    expect(warned.length).toBeGreaterThanOrEqual(2);
    expect(harness.logs.join('\n')).not.toContain(PROMPT);
  });

  it("relays neither the vendor's x-ratelimit-* headers nor its organisation id with an upstream 429", async () => {
    harness.simulator.enqueueFault({
      type: 'status',
      status: 429,
      retryAfterSeconds: 2,
      body: {
        error: {
          message: 'Rate limit reached for gpt-4.1-mini in organization org-VDAWofJASuLH0vVz8o9tiQZr on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 2s.',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
    });
    const limited = await chat(harness.baseUrl, TEST_SERVICE_KEY);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect([...limited.headers.keys()].filter((name) => name.startsWith('x-ratelimit-'))).toEqual([]);
    expect(limited.text).not.toContain('org-VDAWofJASuLH0vVz8o9tiQZr');
    expect((limited.body as { error: { message: string } }).error.message).toMatch(/^Rate limit reached for gpt-4\.1-mini in organization \[redacted\] on requests per min/);
  });
});
