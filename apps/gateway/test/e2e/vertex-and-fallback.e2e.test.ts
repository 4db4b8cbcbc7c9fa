import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startBedrockSimulator, type BedrockSimulator } from '@modelgate/provider-bedrock/testing';
import { startVertexSimulator, type VertexSimulator } from '@modelgate/provider-vertex/testing';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

const VERTEX_MODEL = 'claude-sonnet-4-5@20250929';
const BEDROCK_MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const AWS_KEYS = { accessKeyId: 'AKIAFALLBACKE2ETEST1', secretAccessKey: 'fallback-bedrock-secret' };
const ANTHROPIC_KEY = 'sk-ant-e2e-fallback';

// Claude on Vertex with the official clients (a token from the service-account grant, verified by
// the simulated Google), and one public model deployed on Anthropic, Bedrock and Vertex that still
// answers when two of them are down.
describe('Claude on Vertex, and one model across Anthropic, Bedrock and Vertex', () => {
  let harness: GatewayInFrontOf<VertexSimulator>;
  let direct: AnthropicSimulator;
  let bedrock: BedrockSimulator;
  let directory: string;
  let anthropic: Anthropic;
  let openai: OpenAI;

  beforeAll(async () => {
    direct = await startAnthropicSimulator({ apiKey: ANTHROPIC_KEY });
    bedrock = await startBedrockSimulator({ region: 'eu-west-1', credentials: [AWS_KEYS], models: { [BEDROCK_MODEL]: 'claude-sonnet-4-5' } });
    const vertex = await startVertexSimulator({ project: 'test-project', models: { [VERTEX_MODEL]: 'claude-sonnet-4-5' }, geminiModels: ['gemini-2.5-flash'] });
    directory = await mkdtemp(join(tmpdir(), 'vertex-e2e-'));
    const keyFile = join(directory, 'service-account.json');
    await writeFile(keyFile, JSON.stringify(vertex.serviceAccount.keyFile), { mode: 0o600 });
    harness = await startGatewayInFrontOf(vertex, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: direct.url, apiKey: ANTHROPIC_KEY } },
        { package: '@modelgate/provider-bedrock', id: 'bedrock', settings: { region: 'eu-west-1', endpoint: bedrock.url, ...AWS_KEYS } },
        { package: '@modelgate/provider-vertex', id: 'vertex', settings: { project: 'test-project', location: 'europe-west1', endpoint: vertex.url, keyFile } },
        { package: '@modelgate/provider-vertex', id: 'vertex-gemini', settings: { publisher: 'google', project: 'test-project', location: 'global', endpoint: vertex.url, keyFile } },
      ],
      models: [
        { id: 'claude-on-vertex', provider: 'vertex', upstreamModel: VERTEX_MODEL },
        { id: 'gemini-on-vertex', provider: 'vertex-gemini', upstreamModel: 'gemini-2.5-flash' },
        {
          id: 'house-claude',
          provider: 'anthropic',
          upstreamModel: 'claude-sonnet-4-5',
          deployments: [
            { provider: 'bedrock', upstreamModel: BEDROCK_MODEL, weight: 0 },
            { provider: 'vertex', upstreamModel: VERTEX_MODEL, weight: 0 },
          ],
        },
      ],
      resilience: { retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 } },
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    anthropic = new Anthropic({ baseURL: harness.baseUrl.replace(/\/v1$/, ''), apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
    openai = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([direct?.close(), bedrock?.close()]);
    await rm(directory, { recursive: true, force: true });
  });

  it('Messages (Anthropic client) and a streamed chat with a tool (openai client) on Vertex, with a Google token', async () => {
    const message = await anthropic.messages.create({ model: 'claude-on-vertex', max_tokens: 64, messages: [{ role: 'user', content: 'Hello Vertex' }] });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Echo: Hello Vertex' })]);
    harness.simulator.enqueueReply({ content: [{ type: 'tool_use', id: 'toolu_v', name: 'get_weather', input: { city: 'Rome' } }] });
    const stream = await openai.chat.completions.create({
      model: 'claude-on-vertex',
      stream: true,
      messages: [{ role: 'user', content: 'Weather in Rome?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
    });
    let args = '';
    for await (const chunk of stream) args += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ city: 'Rome' });
    const calls = harness.simulator.requests.filter((request) => request.path !== '/token');
    expect(calls.at(-1)!.path).toBe(`/v1/projects/test-project/locations/europe-west1/publishers/anthropic/models/${encodeURIComponent(VERTEX_MODEL)}:streamRawPredict`);
    expect(calls.at(-1)!.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(harness.logs.join('\n')).not.toMatch(/ya29\.|PRIVATE KEY|fallback-bedrock-secret/);
  });

  it('Gemini on Vertex (openai client), streamed: the Gemini body at publishers/google with the Google token', async () => {
    const stream = await openai.chat.completions.create({ model: 'gemini-on-vertex', stream: true, messages: [{ role: 'user', content: 'Hello Gemini on Vertex' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toContain('Hello Gemini on Vertex');
    const sent = harness.simulator.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v1/projects/test-project/locations/global/publishers/google/models/gemini-2.5-flash:streamGenerateContent', query: { alt: 'sse' } });
    expect(sent.headers.authorization).toMatch(/^Bearer ya29\./);
  });

  it('answers from Vertex when Anthropic and Bedrock are both down', async () => {
    direct.enqueueFault({ type: 'status', status: 529 });
    bedrock.enqueueFault({ type: 'status', status: 529 });
    const [directBefore, bedrockBefore] = [direct.requests.length, bedrock.requests.length];
    const message = await anthropic.messages.create({ model: 'house-claude', max_tokens: 64, messages: [{ role: 'user', content: 'Anyone there?' }] });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Echo: Anyone there?' })]);
    expect([direct.requests.length - directBefore, bedrock.requests.length - bedrockBefore]).toEqual([1, 1]);
    expect(harness.simulator.requests.at(-1)!.path).toMatch(/:rawPredict$/);
  });
});
