import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startGoogleSimulator, type GoogleSimulator } from '@modelgate/provider-google/testing';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { startGatewayInFrontOf, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

const KEY_A = 'mg-stored-responses-a-0123456789abcdef';
const KEY_B = 'mg-stored-responses-b-0123456789abcdef';
const CHAT_ONLY = 'mg-stored-responses-chat-0123456789ab';

type NotFound = InstanceType<typeof OpenAI.NotFoundError>;

// The official openai client on the stored-response endpoints (issue 31): relayed to the
// organisation that holds the response, for the key that created it, and nobody else.
describe('openai client: stored responses and input token counts through the gateway', () => {
  let organisationA: OpenAiSimulator;
  let organisationB: OpenAiSimulator;
  let anthropic: AnthropicSimulator;
  let google: GoogleSimulator;
  let harness: GatewayInFrontOf<OpenAiSimulator>;
  let ownerClient: OpenAI;
  let otherClient: OpenAI;

  const upstreamRequests = () => [...organisationA.requests, ...organisationB.requests];

  beforeAll(async () => {
    organisationA = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    organisationB = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    anthropic = await startAnthropicSimulator({ apiKey: 'sk-ant-upstream' });
    google = await startGoogleSimulator({ apiKey: 'gemini-upstream' });
    harness = await startGatewayInFrontOf(organisationA, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-openai', id: 'org-a', settings: { baseUrl: organisationA.url, apiKey: UPSTREAM_KEY } },
        { package: '@modelgate/provider-openai', id: 'org-b', settings: { baseUrl: organisationB.url, apiKey: UPSTREAM_KEY } },
        { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: 'sk-ant-upstream' } },
        { package: '@modelgate/provider-google', id: 'google', settings: { baseUrl: `${google.origin}/v1beta`, apiKey: 'gemini-upstream' } },
      ],
      models: [
        { id: 'gpt-a', provider: 'org-a', upstreamModel: 'gpt-4.1-mini' },
        { id: 'gpt-b', provider: 'org-b', upstreamModel: 'gpt-4.1' },
      ],
      keys: [
        { name: 'a', key: KEY_A },
        { name: 'b', key: KEY_B },
        { name: 'chat-only', key: CHAT_ONLY, endpoints: ['chat'] },
      ],
      responses: { otherFamilies: 'bridge' },
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    ownerClient = new OpenAI({ baseURL: harness.baseUrl, apiKey: KEY_A, maxRetries: 0 });
    otherClient = new OpenAI({ baseURL: harness.baseUrl, apiKey: KEY_B, maxRetries: 0 });
  });
  beforeEach(() => {
    organisationA.reset();
    organisationB.reset();
    anthropic.reset();
    google.reset();
  });
  afterAll(async () => {
    await harness.close();
    await organisationB.close();
    await anthropic.close();
    await google.close();
  });

  /** A response key A creates on organisation B, then the request logs cleared. */
  async function storedOnB(): Promise<OpenAI.Responses.Response> {
    const created = await ownerClient.responses.create({ model: 'gpt-b', input: [{ role: 'user', content: 'first question' }, { role: 'user', content: 'second question' }] });
    organisationB.requests.length = 0;
    return created;
  }

  it("reads a stored response on the organisation that holds it, for the key that created it", async () => {
    const created = await storedOnB();
    const read = await ownerClient.responses.retrieve(created.id);
    expect(read).toEqual({ ...created, output_text: created.output_text });
    expect(organisationA.requests).toHaveLength(0);
    expect(organisationB.requests.map((request) => [request.method, request.path, request.headers.authorization])).toEqual([['GET', `/v1/responses/${created.id}`, `Bearer ${UPSTREAM_KEY}`]]);
  });

  it("lists its input items, relaying the page's query", async () => {
    const created = await storedOnB();
    const page = await ownerClient.responses.inputItems.list(created.id, { limit: 1, order: 'asc' });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'first question' }] });
    expect(organisationB.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/responses/${created.id}/input_items`, query: { limit: '1', order: 'asc' } });
  });

  it("replays a stored response's events with ?stream=true", async () => {
    const created = await storedOnB();
    const types: string[] = [];
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of await ownerClient.responses.retrieve(created.id, { stream: true })) {
      types.push(event.type);
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(completed?.id).toBe(created.id);
    expect(organisationB.requests.at(-1)).toMatchObject({ method: 'GET', query: { stream: 'true' } });
  });

  it("relays the vendor's refusal to cancel a response that was not created in the background", async () => {
    const created = await storedOnB();
    const failure = await ownerClient.responses.cancel(created.id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failure as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ message: 'Cannot cancel a synchronous response.' });
    expect(organisationB.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/responses/${created.id}/cancel` });
  });

  it('deletes it; the vendor then answers its id as unknown', async () => {
    const created = await storedOnB();
    expect(await ownerClient.responses.delete(created.id)).toEqual({ id: created.id, object: 'response', deleted: true });
    expect(organisationB.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/responses/${created.id}` });
    const gone = await ownerClient.responses.retrieve(created.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(OpenAI.NotFoundError);
    expect(organisationB.requests).toHaveLength(2);
  });

  it("answers another key's id, and an id the gateway never saw, as the vendor answers an unknown one, without calling it", async () => {
    const created = await storedOnB();
    for (const [client, id] of [[otherClient, created.id], [ownerClient, 'resp_never_created_here']] as const) {
      for (const attempt of [() => client.responses.retrieve(id), () => client.responses.delete(id), () => client.responses.cancel(id), () => client.responses.inputItems.list(id)]) {
        const failure = await attempt().catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(OpenAI.NotFoundError);
        expect((failure as NotFound).error).toEqual({ message: `Response with id '${id}' not found.`, type: 'invalid_request_error', param: 'response_id', code: null });
      }
    }
    expect(upstreamRequests()).toHaveLength(0);
  });

  it('refuses a query parameter the vendor does not read there, and a key not scoped to responses', async () => {
    const created = await storedOnB();
    const unknown = await fetch(`${harness.baseUrl}/responses/${created.id}?fields=all`, { headers: { authorization: `Bearer ${KEY_A}` } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { param: 'fields', code: 'unknown_parameter' } });
    const scoped = await fetch(`${harness.baseUrl}/responses/${created.id}`, { headers: { authorization: `Bearer ${CHAT_ONLY}` } });
    expect(scoped.status).toBe(403);
    expect(upstreamRequests()).toHaveLength(0);
  });

  it("counts input tokens with the OpenAI family's own counter", async () => {
    const counted = await ownerClient.responses.inputTokens.count({ model: 'gpt-a', input: 'How many tokens is this?' });
    expect(counted).toEqual({ object: 'response.input_tokens', input_tokens: expect.any(Number) });
    expect(counted.input_tokens).toBeGreaterThan(0);
    expect(organisationA.requests.map((request) => [request.path, request.body])).toEqual([['/v1/responses/input_tokens', { model: 'gpt-4.1-mini', input: 'How many tokens is this?' }]]);
  });

  it("counts a bridged family's input with its vendor's counter (Gemini), else the gateway's estimate (Claude, no upstream call)", async () => {
    const gemini = await ownerClient.responses.inputTokens.count({ model: 'gemini-2.5-flash', input: 'How many tokens is this?' });
    expect(gemini).toEqual({ object: 'response.input_tokens', input_tokens: expect.any(Number) });
    expect(google.requests.map((request) => request.path)).toEqual(['/v1beta/models/gemini-2.5-flash:countTokens']);

    const claude = await ownerClient.responses.inputTokens.count({ model: 'claude-sonnet-4-5', input: 'How many tokens is this?' });
    expect(claude).toEqual({ object: 'response.input_tokens', input_tokens: expect.any(Number) });
    expect(claude.input_tokens).toBeGreaterThan(0);
    expect(anthropic.requests).toHaveLength(0);
  });
});
