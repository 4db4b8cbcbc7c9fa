import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startConverseSimulator, type ConverseSimulator } from '@modelgate/provider-bedrock/testing';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

const NOVA = 'us.amazon.nova-pro-v1:0';
const AWS_KEYS = { accessKeyId: 'AKIAGATEWAYE2ETEST02', secretAccessKey: 'e2e-converse-secret' };
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// The official clients through the gateway to a non-Claude Bedrock model over Converse (the
// simulator verifies every SigV4 signature, refuses what Converse's validation refuses, and frames
// streams as AWS does): chat translated, and Claude Code's Messages bridged through the hub.
describe('official clients through the gateway to Bedrock Converse', () => {
  let harness: GatewayInFrontOf<ConverseSimulator>;
  let openai: OpenAI;
  let anthropic: Anthropic;
  const lastRequest = () => harness.simulator.requests.at(-1)!;

  beforeAll(async () => {
    const bedrock = await startConverseSimulator({ region: 'us-east-1', credentials: [AWS_KEYS], models: [NOVA] });
    harness = await startGatewayInFrontOf(bedrock, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ package: '@modelgate/provider-bedrock/converse', id: 'bedrock-converse', settings: { region: 'us-east-1', endpoint: bedrock.url, ...AWS_KEYS } }],
      models: [{ id: 'nova', provider: 'bedrock-converse', upstreamModel: NOVA }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    openai = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
    anthropic = new Anthropic({ baseURL: harness.baseUrl.replace(/\/v1$/, ''), apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('chat (openai client), streamed with an image and a tool: Converse blocks reach Bedrock, the call comes back', async () => {
    harness.simulator.enqueueReply({ toolCalls: [{ id: 'tooluse_a', name: 'get_weather', input: { city: 'Oslo' } }], usage: { inputTokens: 40, outputTokens: 12 } });
    const stream = await openai.chat.completions.create({
      model: 'nova',
      stream: true,
      stream_options: { include_usage: true },
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } }, { type: 'text', text: 'Weather there?' }] }],
    });
    let args = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      args += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '';
      finish ??= chunk.choices[0]?.finish_reason;
      usage = chunk.usage ?? usage;
    }
    expect(JSON.parse(args)).toEqual({ city: 'Oslo' });
    expect(finish).toBe('tool_calls');
    expect(usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 12 });
    const sent = lastRequest();
    expect(sent.path).toBe(`/model/${encodeURIComponent(NOVA)}/converse-stream`);
    expect(sent.body).toMatchObject({ messages: [{ role: 'user', content: [{ image: { format: 'png', source: { bytes: PIXEL } } }, { text: 'Weather there?' }] }] });
    expect(harness.logs.join('\n')).not.toContain(AWS_KEYS.secretAccessKey);
  });

  it('Messages (Anthropic client), a tool round trip bridged to Converse', async () => {
    harness.simulator.enqueueReply({ text: 'It rains in Oslo.' });
    const message = await anthropic.messages.create({
      model: 'nova',
      max_tokens: 200,
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'tooluse_b', name: 'get_weather', input: { city: 'Oslo' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tooluse_b', content: 'Rain' }] },
      ],
    });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'It rains in Oslo.' })]);
    expect(message.stop_reason).toBe('end_turn');
    expect(lastRequest().body).toMatchObject({
      inferenceConfig: { maxTokens: 200 },
      messages: [
        { role: 'user', content: [{ text: 'Weather in Oslo?' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_b', name: 'get_weather', input: { city: 'Oslo' } } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_b', content: [{ text: 'Rain' }] } }] },
      ],
    });
  });
});
