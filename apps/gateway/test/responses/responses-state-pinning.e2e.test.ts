import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { startGatewayInFrontOf, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

const KEY = 'mg-state-pinning-0123456789abcdefgh';

/** The Responses requests one organisation's simulator received, with the id they chained. */
function chained(simulator: OpenAiSimulator): unknown[] {
  return simulator.requests.filter((request) => request.path === '/v1/responses').map((request) => (request.body as { previous_response_id?: unknown }).previous_response_id);
}

// Two OpenAI organisations serve one model: a stored response lives in the one that made it, and
// the other answers its id as unknown (the simulator is one organisation, like OpenAI).
describe('a request chaining a stored response is pinned to the organisation that holds it (issue 31)', () => {
  let harness: GatewayInFrontOf<OpenAiSimulator>;
  let orgA: OpenAiSimulator;
  let orgB: OpenAiSimulator;
  let openai: OpenAI;

  beforeAll(async () => {
    orgA = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    orgB = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    harness = await startGatewayInFrontOf(orgA, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-openai', id: 'org-a', settings: { baseUrl: orgA.url, apiKey: UPSTREAM_KEY } },
        { package: '@modelgate/provider-openai', id: 'org-b', settings: { baseUrl: orgB.url, apiKey: UPSTREAM_KEY } },
      ],
      // org-a is always tried first (org-b's weight is 0), org-b takes the retries.
      models: [{ id: 'gpt-shared', provider: 'org-a', upstreamModel: 'gpt-4.1-mini', deployments: [{ provider: 'org-b', upstreamModel: 'gpt-4.1-mini', weight: 0 }] }],
      resilience: { retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 } },
      keys: [{ name: 'pinned', key: KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    openai = new OpenAI({ baseURL: harness.baseUrl, apiKey: KEY, maxRetries: 0 });
  });
  afterAll(async () => {
    await harness?.close();
    await orgB?.close();
  });

  it('a follow-up of a response org-b made goes to org-b, not to the first deployment', async () => {
    orgA.enqueueFault({ type: 'status', status: 500 });
    const created = await openai.responses.create({ model: 'gpt-shared', input: 'remember 7' });
    expect(chained(orgB)).toEqual([undefined]);

    const follow = await openai.responses.create({ model: 'gpt-shared', input: 'what number?', previous_response_id: created.id });
    expect(follow.previous_response_id).toBe(created.id);
    expect(chained(orgB)).toEqual([undefined, created.id]);
    expect(chained(orgA)).not.toContain(created.id);
  });

  it("a follow-up's failures are retried on the organisation that holds the response, never failed over", async () => {
    orgA.reset();
    orgB.reset();
    const created = await openai.responses.create({ model: 'gpt-shared', input: 'remember 8' });
    expect(chained(orgA)).toEqual([undefined]);

    orgA.enqueueFault({ type: 'status', status: 503 });
    const stream = await openai.responses.create({ model: 'gpt-shared', input: 'what number?', previous_response_id: created.id, stream: true });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types.at(-1)).toBe('response.completed');
    expect(chained(orgA)).toEqual([undefined, created.id, created.id]);
    expect(orgB.requests).toEqual([]);
  });
});
