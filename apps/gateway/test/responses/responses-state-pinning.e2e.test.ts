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

  it('a request carrying an encrypted_content blob org-b minted goes to org-b, and its failures stay there (store: false, streamed and not)', async () => {
    for (const stream of [false, true]) {
      orgA.reset();
      orgB.reset();
      orgA.enqueueFault({ type: 'status', status: 500 });
      orgB.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'reasoning', summary: 'Think.', encryptedContent: `gAAAA-org-b-${stream}` }, { type: 'message', text: 'Done.' }] });
      const request = { model: 'gpt-shared', input: 'think', store: false, include: ['reasoning.encrypted_content' as const] };
      const output = stream ? await finalOutput(await openai.responses.create({ ...request, stream: true })) : (await openai.responses.create(request)).output;
      const reasoning = output.find((item) => item.type === 'reasoning')!;
      expect(reasoning).toMatchObject({ encrypted_content: `gAAAA-org-b-${stream}` });
      expect(orgB.requests).toHaveLength(1);

      orgB.enqueueFault({ type: 'status', status: 503 });
      const follow = await openai.responses.create({ model: 'gpt-shared', store: false, input: [{ role: 'user', content: 'think' }, reasoning, { role: 'user', content: 'and now?' }] });
      expect(follow.status).toBe('completed');
      // Both tries of the follow-up reached org-b, with the blob; org-a saw only the first request's failed try.
      expect(orgB.requests.slice(1).map((sent) => JSON.stringify(sent.body).includes(`gAAAA-org-b-${stream}`))).toEqual([true, true]);
      expect(orgA.requests).toHaveLength(1);
    }
  });
});

async function finalOutput(stream: AsyncIterable<OpenAI.Responses.ResponseStreamEvent>): Promise<OpenAI.Responses.ResponseOutputItem[]> {
  let output: OpenAI.Responses.ResponseOutputItem[] = [];
  for await (const event of stream) if (event.type === 'response.completed') output = event.response.output;
  return output;
}
