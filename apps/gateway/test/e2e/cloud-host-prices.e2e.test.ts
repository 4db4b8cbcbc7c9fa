import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAzureOpenAiSimulator, type AzureOpenAiSimulator } from '@modelgate/provider-azure-openai/testing';
import { startBedrockSimulator, type BedrockSimulator } from '@modelgate/provider-bedrock/testing';
import { startVertexSimulator, type VertexSimulator } from '@modelgate/provider-vertex/testing';
import { TEST_ADMIN_TOKEN, usageRecordOfModel } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

const BEDROCK_US = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const BEDROCK_GLOBAL = 'global.anthropic.claude-sonnet-4-5-20250929-v1:0';
const VERTEX_MODEL = 'claude-sonnet-4-5@20250929';
const AWS_KEYS = { accessKeyId: 'AKIAPRICESE2ETEST001', secretAccessKey: 'prices-bedrock-secret' };
const AZURE_KEY = 'azure-prices-key-0123';
const USAGE = { inputTokens: 1_000, outputTokens: 1_000, cacheCreationInputTokens: 100_000, cacheReadInputTokens: 10_000 };

// A key with a budget is refused a model without a price (issue 27): the cloud hosts' model ids
// are priced from the Anthropic and OpenAI cards with no `pricing` in the config, at the host's
// price (Bedrock's geographic profiles and Vertex's regions 10% over Anthropic's list price).
describe('cloud hosts priced from the vendor cards, for a key with a budget', () => {
  let harness: GatewayInFrontOf<BedrockSimulator>;
  let vertex: VertexSimulator;
  let azure: AzureOpenAiSimulator;
  let directory: string;
  let anthropic: Anthropic;
  let openai: OpenAI;

  beforeAll(async () => {
    const bedrock = await startBedrockSimulator({ region: 'us-east-1', credentials: [AWS_KEYS], models: { [BEDROCK_US]: 'claude-sonnet-4-5', [BEDROCK_GLOBAL]: 'claude-sonnet-4-5' } });
    vertex = await startVertexSimulator({ project: 'test-project', models: { [VERTEX_MODEL]: 'claude-sonnet-4-5' } });
    azure = await startAzureOpenAiSimulator({ apiKey: AZURE_KEY, deployments: { 'house-gpt41': 'gpt-4.1-2025-04-14' } });
    directory = await mkdtemp(join(tmpdir(), 'cloud-prices-e2e-'));
    const keyFile = join(directory, 'service-account.json');
    await writeFile(keyFile, JSON.stringify(vertex.serviceAccount.keyFile), { mode: 0o600 });
    harness = await startGatewayInFrontOf(bedrock, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-bedrock', id: 'bedrock', settings: { region: 'us-east-1', endpoint: bedrock.url, ...AWS_KEYS } },
        { package: '@modelgate/provider-vertex', id: 'vertex', settings: { project: 'test-project', location: 'us-east5', endpoint: vertex.url, keyFile } },
        { package: '@modelgate/provider-azure-openai', id: 'azure', settings: { endpoint: azure.url, apiKey: AZURE_KEY, deployments: { 'house-gpt41': 'gpt-4.1' } } },
      ],
      models: [],
      keys: [{ name: 'budgeted', key: TEST_SERVICE_KEY, budget: { usd: 100, period: 'day' } }],
      admin: { token: TEST_ADMIN_TOKEN },
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    anthropic = new Anthropic({ baseURL: harness.baseUrl.replace(/\/v1$/, ''), apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
    openai = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(async () => {
    await harness?.close();
    await vertex?.close();
    await azure?.close();
    await rm(directory, { recursive: true, force: true });
  });

  const usageOf = (model: string) => usageRecordOfModel(harness.gateway.url, model);

  // Tokens per million at the card's prices: input, cache writes, cache reads, output.
  const claudeCost = (prices: { input: number; cacheWrite: number; cachedInput: number; output: number }) =>
    (USAGE.inputTokens * prices.input + USAGE.cacheCreationInputTokens * prices.cacheWrite + USAGE.cacheReadInputTokens * prices.cachedInput + USAGE.outputTokens * prices.output) / 1e6;

  it('a Bedrock US inference profile: Sonnet 4.5 at 10% over the list price, cache writes and reads included', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: 'priced' }], usage: USAGE });
    const message = await anthropic.messages.create({ model: `bedrock/${BEDROCK_US}`, max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }] });
    expect(message.content).toEqual([expect.objectContaining({ text: 'priced' })]);
    expect(harness.simulator.requests.at(-1)!.path).toBe(`/model/${encodeURIComponent(BEDROCK_US)}/invoke`);
    expect((await usageOf(`bedrock/${BEDROCK_US}`)).costUsd).toBeCloseTo(claudeCost({ input: 3.3, cacheWrite: 4.125, cachedInput: 0.33, output: 16.5 }), 8);
  });

  it('a Bedrock global inference profile: the list price', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'text', text: 'priced' }], usage: USAGE });
    await openai.chat.completions.create({ model: `bedrock/${BEDROCK_GLOBAL}`, messages: [{ role: 'user', content: 'Hello' }] });
    expect((await usageOf(`bedrock/${BEDROCK_GLOBAL}`)).costUsd).toBeCloseTo(claudeCost({ input: 3, cacheWrite: 3.75, cachedInput: 0.3, output: 15 }), 8);
  });

  it('Claude on Vertex in a region (us-east5): 10% over the list price', async () => {
    vertex.enqueueReply({ content: [{ type: 'text', text: 'priced' }], usage: USAGE });
    await anthropic.messages.create({ model: `vertex/${VERTEX_MODEL}`, max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }] });
    expect(vertex.requests.at(-1)!.path).toContain(`/locations/us-east5/publishers/anthropic/models/${encodeURIComponent(VERTEX_MODEL)}:rawPredict`);
    expect((await usageOf(`vertex/${VERTEX_MODEL}`)).costUsd).toBeCloseTo(claudeCost({ input: 3.3, cacheWrite: 4.125, cachedInput: 0.33, output: 16.5 }), 8);
  });

  it("an Azure deployment named in the settings: its OpenAI model's card and price (GPT-4.1)", async () => {
    const completion = await openai.chat.completions.create({ model: 'azure/house-gpt41', messages: [{ role: 'user', content: 'Hello Azure' }] });
    expect(completion.choices[0]!.message.content).toBe('Echo: Hello Azure');
    expect(azure.requests.at(-1)!.body).toMatchObject({ model: 'house-gpt41' });
    const record = await usageOf('azure/house-gpt41');
    expect(record.promptTokens).toBeGreaterThan(0);
    expect(record.costUsd).toBeCloseTo((record.promptTokens * 2 + record.completionTokens * 8) / 1e6, 10);
  });

  it('lists the hosts’ ids on the catalog page with their prices', async () => {
    const page = await fetch(`${harness.gateway.url}/catalog`, { headers: { authorization: `Bearer ${TEST_SERVICE_KEY}` } });
    const text = await page.text();
    for (const id of [BEDROCK_US, BEDROCK_GLOBAL, VERTEX_MODEL, 'house-gpt41']) expect(text).toContain(id);
    expect(text).toContain('Claude Sonnet 4.5 (US)');
  });
});
