import { OpenAIEmbeddings } from '@langchain/openai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { openAiEmbeddingsEndpoint, startOpenAiChatSimulator, type OpenAiChatSimulator } from '@modelgate/provider-openai-compatible/testing';
import { startGoogleSimulator, type GoogleSimulator } from '@modelgate/provider-google/testing';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { TEST_ADMIN_TOKEN, usageRecordOfModel } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';


// The official `openai` SDK's embeddings.create through the gateway, on an OpenAI model (relayed as
// OpenAI answers), an OpenAI-compatible server and a Gemini model (batchEmbedContents, translated),
// as floats and as base64, and LangChain's OpenAIEmbeddings; a family without embeddings is refused;
// a key with a budget pays for them.
describe('POST /v1/embeddings with the openai SDK', () => {
  let harness: GatewayInFrontOf<OpenAiSimulator>;
  let compatible: OpenAiChatSimulator;
  let gemini: GoogleSimulator;
  let anthropic: AnthropicSimulator;
  let openai: OpenAI;

  beforeAll(async () => {
    const openAiSimulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    compatible = await startOpenAiChatSimulator({ apiKey: 'local-key' }, [openAiEmbeddingsEndpoint]);
    gemini = await startGoogleSimulator({ apiKey: 'gemini-key' });
    anthropic = await startAnthropicSimulator({ apiKey: 'sk-ant-embeddings' });
    harness = await startGatewayInFrontOf(openAiSimulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: openAiSimulator.url, apiKey: UPSTREAM_KEY } },
        { package: '@modelgate/provider-openai-compatible', id: 'local', settings: { baseUrl: compatible.url, apiKey: 'local-key', family: 'local-llm', models: ['nomic-embed-text'] } },
        { package: '@modelgate/provider-google', id: 'google', settings: { baseUrl: gemini.url, apiKey: 'gemini-key' } },
        { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: 'sk-ant-embeddings' } },
      ],
      models: [{ id: 'local-embed', provider: 'local', upstreamModel: 'nomic-embed-text', pricing: { input: 0.01, output: 0 } }],
      keys: [{ name: 'budgeted', key: TEST_SERVICE_KEY, budget: { usd: 10, period: 'day' } }],
      admin: { token: TEST_ADMIN_TOKEN },
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    openai = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(async () => {
    await harness?.close();
    await compatible?.close();
    await gemini?.close();
    await anthropic?.close();
  });

  const usageOf = (model: string) => usageRecordOfModel(harness.gateway.url, model, 'embeddings');

  it('OpenAI: the body reaches OpenAI as sent, the answer comes back as OpenAI gave it, usage priced at the card', async () => {
    const answer = await openai.embeddings.create({ model: 'text-embedding-3-small', input: ['first text', 'second text'], dimensions: 8, encoding_format: 'float' });
    expect(answer.data.map((item) => item.embedding.length)).toEqual([8, 8]);
    expect(answer.model).toBe('text-embedding-3-small');
    const sent = harness.simulator.requests.at(-1)!;
    expect(sent.path).toBe('/v1/embeddings');
    expect(sent.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
    expect(sent.body).toEqual({ model: 'text-embedding-3-small', input: ['first text', 'second text'], dimensions: 8, encoding_format: 'float' });
    const record = await usageOf('text-embedding-3-small');
    expect(record).toMatchObject({ promptTokens: answer.usage.prompt_tokens, completionTokens: 0 });
    expect(record.costUsd).toBeCloseTo((answer.usage.prompt_tokens * 0.02) / 1e6, 12);
  });

  it('OpenAI, base64 (the SDK asks for it by default and decodes it): the same vector as floats', async () => {
    const floats = await openai.embeddings.create({ model: 'text-embedding-3-small', input: 'same', dimensions: 4, encoding_format: 'float' });
    const decoded = await openai.embeddings.create({ model: 'text-embedding-3-small', input: 'same', dimensions: 4 });
    expect((harness.simulator.requests.at(-1)!.body as { encoding_format?: string }).encoding_format).toBe('base64');
    expect(decoded.data[0]!.embedding).toEqual(floats.data[0]!.embedding);
  });

  it('an OpenAI-compatible server: its own model name upstream, its answer relayed', async () => {
    const answer = await openai.embeddings.create({ model: 'local-embed', input: 'local text', encoding_format: 'float' });
    expect(answer.data[0]!.embedding.length).toBe(1536);
    expect(compatible.requests.at(-1)!.body).toEqual({ model: 'nomic-embed-text', input: 'local text', encoding_format: 'float' });
    expect((await usageOf('local-embed')).promptTokens).toBe(answer.usage.prompt_tokens);
  });

  it('Gemini: batchEmbedContents with the dimensionality; floats and gateway-encoded base64 agree', async () => {
    const floats = await openai.embeddings.create({ model: 'gemini-embedding-001', input: ['alpha', 'beta'], dimensions: 16, encoding_format: 'float' });
    expect(gemini.requests.at(-1)!.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(gemini.requests.at(-1)!.body).toEqual({
      requests: [
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'alpha' }] }, outputDimensionality: 16 },
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'beta' }] }, outputDimensionality: 16 },
      ],
    });
    const decoded = await openai.embeddings.create({ model: 'gemini-embedding-001', input: ['alpha', 'beta'], dimensions: 16 });
    expect(decoded.data.map((item) => item.embedding)).toEqual(floats.data.map((item) => item.embedding.map(Math.fround)));
    expect(floats.model).toBe('gemini-embedding-001');
    expect((await usageOf('gemini-embedding-001')).costUsd).toBeGreaterThan(0);
  });

  it('LangChain\'s OpenAIEmbeddings, unchanged but for the base URL and key: documents and a query on OpenAI and on Gemini', async () => {
    for (const model of ['text-embedding-3-small', 'gemini-embedding-001']) {
      const embeddings = new OpenAIEmbeddings({ model, dimensions: 8, apiKey: TEST_SERVICE_KEY, configuration: { baseURL: harness.baseUrl }, maxRetries: 0 });
      const documents = await embeddings.embedDocuments(['first document', 'second document']);
      const query = await embeddings.embedQuery('first document');
      expect({ model, lengths: documents.map((vector) => vector.length), query: query.length }).toEqual({ model, lengths: [8, 8], query: 8 });
      // The same text, the same (deterministic) vector from the simulator, whichever call made it.
      expect(query.map((value) => value.toFixed(5))).toEqual(documents[0]!.map((value) => value.toFixed(5)));
    }
    expect(harness.simulator.requests.at(-1)!.body).toEqual(expect.objectContaining({ model: 'text-embedding-3-small', dimensions: 8 }));
    expect(gemini.requests.at(-1)!.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
  });

  it('a family without embeddings gets a 400 naming the endpoint, and nothing reaches it', async () => {
    const before = anthropic.requests.length;
    const refused = await openai.embeddings.create({ model: 'claude-sonnet-4-5', input: 'text' }).catch((error: unknown) => error as InstanceType<typeof OpenAI.APIError>);
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    expect((refused as InstanceType<typeof OpenAI.APIError>).message).toMatch(/no embeddings API: POST \/v1\/embeddings/);
    expect(anthropic.requests.length).toBe(before);
  });
});
