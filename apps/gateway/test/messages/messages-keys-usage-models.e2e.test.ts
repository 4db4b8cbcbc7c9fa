import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// The Messages front under the gateway's keys, limits and books: endpoint scopes (`messages`,
// `count_tokens`), a rate limit, the usage records of native and bridged answers, and the model
// list in Anthropic's shape for the SDKs' models.list() and models.retrieve().

const CHAT_ONLY_KEY = 'mg-chat-only-key-0123456789';
const MESSAGES_ONLY_KEY = 'mg-messages-only-key-0123456789';
const ONE_PER_MINUTE_KEY = 'mg-one-per-minute-key-0123456789';

let gateway: MessagesFrontGateway;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway({
    keys: [
      { name: 'test', key: TEST_SERVICE_KEY },
      { name: 'chat-only', key: CHAT_ONLY_KEY, endpoints: ['chat'] },
      { name: 'messages-only', key: MESSAGES_ONLY_KEY, endpoints: ['messages'] },
      { name: 'one-per-minute', key: ONE_PER_MINUTE_KEY, rpm: 1 },
    ],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(() => gateway.close());

async function failure(run: () => Promise<unknown>): Promise<InstanceType<typeof Anthropic.APIError>> {
  const error = await run().then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(Anthropic.APIError);
  return error as InstanceType<typeof Anthropic.APIError>;
}

const recordOf = (requestId: string): Promise<UsageRecord> => usageRecordOf(gateway.gateway.url, requestId);

const hello = (model: string) => ({ model, max_tokens: 64, messages: [{ role: 'user' as const, content: 'hello' }] });

describe('keys, scopes and limits on /v1/messages', () => {
  it('a key without the messages endpoint gets 403 permission_error; messages alone does not count tokens', async () => {
    const chatOnly = await failure(() => gateway.client({ apiKey: CHAT_ONLY_KEY }).messages.create(hello(MESSAGES_TEST_MODELS.anthropic)));
    expect({ status: chatOnly.status, type: chatOnly.type }).toEqual({ status: 403, type: 'permission_error' });
    const messagesOnly = gateway.client({ apiKey: MESSAGES_ONLY_KEY });
    await expect(messagesOnly.messages.create(hello(MESSAGES_TEST_MODELS.openai))).resolves.toMatchObject({ type: 'message' });
    const counting = await failure(() => messagesOnly.messages.countTokens({ model: MESSAGES_TEST_MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }));
    expect({ status: counting.status, type: counting.type }).toEqual({ status: 403, type: 'permission_error' });
  });

  it('a rate-limited key gets 429 rate_limit_error with retry-after', async () => {
    const client = gateway.client({ apiKey: ONE_PER_MINUTE_KEY });
    await client.messages.create(hello(MESSAGES_TEST_MODELS.google));
    const limited = await failure(() => client.messages.create(hello(MESSAGES_TEST_MODELS.google)));
    expect({ status: limited.status, type: limited.type }).toEqual({ status: 429, type: 'rate_limit_error' });
    expect(limited.headers?.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('usage records', () => {
  it('a native stream is recorded with its cache reads and writes, under the messages endpoint', async () => {
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'text', text: 'Cached.' }], usage: { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 200, cacheCreationInputTokens: 30 } });
    await gateway.client().messages.stream(hello(MESSAGES_TEST_MODELS.anthropic), { headers: { 'x-request-id': 'messages-native-stream' } }).finalMessage();
    expect(await recordOf('messages-native-stream')).toMatchObject({ endpoint: 'messages', stream: true, promptTokens: 240, completionTokens: 5, cachedTokens: 200, tokensEstimated: false });
  });

  it('a bridged answer is recorded with the upstream\'s counts, and counting tokens costs nothing', async () => {
    gateway.simulator.openai.enqueueReply({ kind: 'text', text: 'Counted.', usage: { promptTokens: 42, completionTokens: 7, cachedTokens: 12 } });
    const message = await gateway.client().messages.create(hello(MESSAGES_TEST_MODELS.openai), { headers: { 'x-request-id': 'messages-bridged' } });
    expect(message.usage).toMatchObject({ input_tokens: 30, cache_read_input_tokens: 12, output_tokens: 7 });
    expect(await recordOf('messages-bridged')).toMatchObject({ endpoint: 'messages', promptTokens: 42, completionTokens: 7, cachedTokens: 12 });
    await gateway.client().messages.countTokens({ model: MESSAGES_TEST_MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'x-request-id': 'messages-count' } });
    expect(await recordOf('messages-count')).toMatchObject({ endpoint: 'count_tokens', promptTokens: 0, completionTokens: 0, costUsd: 0 });
    // Gemini's countTokens is called upstream, and unbilled there too.
    await gateway.client().messages.countTokens({ model: MESSAGES_TEST_MODELS.google, messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'x-request-id': 'messages-count-gemini' } });
    expect(gateway.simulator.google.requests.at(-1)!.path).toMatch(/:countTokens$/);
    expect(await recordOf('messages-count-gemini')).toMatchObject({ endpoint: 'count_tokens', promptTokens: 0, completionTokens: 0, costUsd: 0 });
  });
});

describe('GET /v1/models for Anthropic clients', () => {
  it('lists every model in Anthropic\'s shape, paged as the SDK pages it', async () => {
    const client = gateway.client();
    const all: Anthropic.ModelInfo[] = [];
    for await (const model of client.models.list({ limit: 3 })) all.push(model);
    const ids = all.map((model) => model.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(Object.values(MESSAGES_TEST_MODELS)));
    expect(all.find((model) => model.id === 'claude-sonnet-4-5')).toEqual({ type: 'model', id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const first = await client.models.list({ limit: 3 });
    expect(first.data).toHaveLength(3);
    expect(first.has_more).toBe(true);
  });

  it('retrieves one model in Anthropic\'s shape, and OpenAI clients still get OpenAI\'s', async () => {
    await expect(gateway.client().models.retrieve(MESSAGES_TEST_MODELS.google)).resolves.toMatchObject({ type: 'model', id: MESSAGES_TEST_MODELS.google, display_name: expect.any(String) });
    const openAi = await fetch(`${gateway.gateway.url}/v1/models`, { headers: { authorization: `Bearer ${TEST_SERVICE_KEY}` } });
    expect(await openAi.json()).toMatchObject({ object: 'list', data: expect.arrayContaining([expect.objectContaining({ object: 'model', id: 'claude-sonnet-4-5' })]) });
    const wrongKey = await failure(() => gateway.client({ apiKey: 'mg-nobody' }).models.list());
    expect({ status: wrongKey.status, type: wrongKey.type }).toEqual({ status: 401, type: 'authentication_error' });
  });
});
