import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startBedrockSimulator, type BedrockSimulator } from '@modelgate/provider-bedrock/testing';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

const BEDROCK_MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const AWS_KEYS = { accessKeyId: 'AKIAGATEWAYE2ETEST01', secretAccessKey: 'e2e-bedrock-secret' };
const ANTHROPIC_KEY = 'sk-ant-e2e-direct';
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const weatherTool: Anthropic.Tool = { name: 'get_weather', description: 'Current weather', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

// The official clients through the gateway to Claude on AWS Bedrock (the simulator verifies every
// SigV4 signature and frames streams as AWS does), and one public model whose first deployment is
// Anthropic direct, falling back to Bedrock when Anthropic is down.
describe('official clients through the gateway to Claude on Bedrock', () => {
  let harness: GatewayInFrontOf<BedrockSimulator>;
  let direct: AnthropicSimulator;
  let anthropic: Anthropic;
  let openai: OpenAI;
  const lastBedrockRequest = () => harness.simulator.requests.at(-1)!;

  beforeAll(async () => {
    direct = await startAnthropicSimulator({ apiKey: ANTHROPIC_KEY });
    const bedrock = await startBedrockSimulator({ region: 'us-east-1', credentials: [AWS_KEYS], models: { [BEDROCK_MODEL]: 'claude-sonnet-4-5' } });
    harness = await startGatewayInFrontOf(bedrock, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [
        { package: '@modelgate/provider-bedrock', id: 'bedrock', settings: { region: 'us-east-1', endpoint: bedrock.url, ...AWS_KEYS } },
        { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: direct.url, apiKey: ANTHROPIC_KEY } },
      ],
      models: [
        { id: 'claude-on-bedrock', provider: 'bedrock', upstreamModel: BEDROCK_MODEL },
        { id: 'house-claude', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5', deployments: [{ provider: 'bedrock', upstreamModel: BEDROCK_MODEL, weight: 0 }] },
      ],
      resilience: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 } },
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    anthropic = new Anthropic({ baseURL: harness.baseUrl.replace(/\/v1$/, ''), apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
    openai = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(async () => {
    await harness?.close();
    await direct?.close();
  });

  it('Messages, streamed, with a tool and an image: Claude Code’s request reaches Bedrock as sent, betas in the body', async () => {
    harness.simulator.enqueueReply({ content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }] });
    const stream = anthropic.messages.stream(
      {
        model: 'claude-on-bedrock',
        max_tokens: 256,
        tools: [weatherTool],
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL.split(',')[1]! } }, { type: 'text', text: 'Weather where this was taken?' }] }],
      },
      { headers: { 'anthropic-beta': 'fine-grained-tool-streaming-2025-05-14' } },
    );
    const message = await stream.finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'get_weather', input: { city: 'Oslo' } })]);
    expect(message.stop_reason).toBe('tool_use');
    const sent = lastBedrockRequest();
    expect(sent.path).toBe(`/model/${encodeURIComponent(BEDROCK_MODEL)}/invoke-with-response-stream`);
    expect(sent.body).toMatchObject({ anthropic_version: 'bedrock-2023-05-31', anthropic_beta: ['fine-grained-tool-streaming-2025-05-14'], tools: [{ name: 'get_weather' }] });
    expect(sent.body).not.toHaveProperty('model');
    expect(JSON.stringify(sent.body)).toContain(PIXEL.split(',')[1]);
    expect(harness.logs.join('\n')).not.toContain(AWS_KEYS.secretAccessKey);
  });

  it('chat (openai client), not streamed: translated to Claude, signed, answered', async () => {
    const completion = await openai.chat.completions.create({ model: 'claude-on-bedrock', messages: [{ role: 'user', content: 'Hello Bedrock' }] });
    expect(completion.choices[0]!.message.content).toBe('Echo: Hello Bedrock');
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(lastBedrockRequest().path).toMatch(/\/invoke$/);
  });

  it('chat (openai client), streamed with an image: the image reaches Bedrock as an Anthropic image block', async () => {
    const stream = await openai.chat.completions.create({
      model: 'claude-on-bedrock',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe it' }, { type: 'image_url', image_url: { url: PIXEL } }] }],
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('Echo: Describe it');
    expect(usage?.completion_tokens).toBeGreaterThan(0);
    const sent = lastBedrockRequest();
    expect(sent.path).toMatch(/\/invoke-with-response-stream$/);
    expect(sent.body).toMatchObject({ messages: [{ content: expect.arrayContaining([expect.objectContaining({ type: 'image', source: expect.objectContaining({ type: 'base64', media_type: 'image/png' }) })]) }] });
  });

  it('one model on Anthropic and Bedrock: Anthropic down, Bedrock answers', async () => {
    direct.enqueueFault({ type: 'status', status: 529 });
    const before = harness.simulator.requests.length;
    const message = await anthropic.messages.create({ model: 'house-claude', max_tokens: 64, messages: [{ role: 'user', content: 'Are you there?' }] });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Echo: Are you there?' })]);
    expect(direct.requests.at(-1)!.path).toBe('/v1/messages');
    expect(harness.simulator.requests.length).toBe(before + 1);
  });
});
