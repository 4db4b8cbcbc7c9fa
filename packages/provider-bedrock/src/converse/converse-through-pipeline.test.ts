import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import { SseParser } from '@modelgate/core';
import bedrockConversePlugin from './index.js';
import { startConverseSimulator, type ConverseSimulator } from '../testing/index.js';

const MODEL = 'us.amazon.nova-pro-v1:0';
const KEYS = { accessKeyId: 'AKIAMODELGATETEST02', secretAccessKey: 'converse-secret-access-key' };
const REGION = 'us-east-1';
const FORMAT = `bedrock-converse-v1:${MODEL}`;

// Bedrock's other models through the pipeline's real request path: the Converse translator, the
// SigV4 signer and the event stream decoder, against a simulator that verifies every signature and
// refuses what Converse's validation refuses.
describe('Bedrock (Converse) through the pipeline', () => {
  let simulator: ConverseSimulator;
  let gateway: ConformanceGateway;
  beforeAll(async () => {
    simulator = await startConverseSimulator({ region: REGION, credentials: [KEYS], models: [MODEL] });
    gateway = await startPipelineGateway({ provider: { plugin: bedrockConversePlugin }, settings: { region: REGION, endpoint: simulator.url, ...KEYS }, model: MODEL });
  });
  afterAll(async () => {
    await gateway?.close();
    await simulator?.close();
  });

  const chat = (body: Record<string, unknown>) =>
    fetch(`${gateway.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, ...body }),
    });

  it('sends Converse its own shapes: system apart, inferenceConfig, toolSpec, the model in the /converse URL', async () => {
    simulator.enqueueReply({ text: 'Sunny.', usage: { inputTokens: 30, outputTokens: 3, cacheReadInputTokens: 10 } });
    const response = await chat({
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Weather?' }],
      max_tokens: 64,
      temperature: 0.2,
      stop: 'END',
      tools: [{ type: 'function', function: { name: 'weather', description: 'Forecast', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      tool_choice: 'required',
    });
    expect(response.status).toBe(200);
    const sent = simulator.requests.at(-1)!;
    expect(sent.path).toBe('/model/us.amazon.nova-pro-v1%3A0/converse');
    expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAMODELGATETEST02\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(sent.body).toEqual({
      messages: [{ role: 'user', content: [{ text: 'Weather?' }] }],
      system: [{ text: 'Be brief.' }],
      inferenceConfig: { maxTokens: 64, temperature: 0.2, stopSequences: ['END'] },
      toolConfig: { tools: [{ toolSpec: { name: 'weather', description: 'Forecast', inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } } } } } }], toolChoice: { any: {} } },
    });
    const answer = (await response.json()) as { choices: Array<{ message: { content: string }; finish_reason: string }>; usage: Record<string, unknown> };
    expect(answer.choices[0]).toMatchObject({ message: { content: 'Sunny.' }, finish_reason: 'stop' });
    // Cache reads sit beside inputTokens, as at Anthropic: the prompt is both.
    expect(answer.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 3, total_tokens: 43, prompt_tokens_details: { cached_tokens: 10 } });
  });

  it('merges a tool result and the user turn after it into one user turn, which Converse requires', async () => {
    const response = await chat({
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'tooluse_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'tooluse_1', content: 'Rain' },
        { role: 'user', content: 'And tomorrow?' },
      ],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
    });
    expect(response.status).toBe(200);
    expect((simulator.requests.at(-1)!.body as { messages: unknown }).messages).toEqual([
      { role: 'user', content: [{ text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'weather', input: { city: 'Paris' } } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ text: 'Rain' }] } }, { text: 'And tomorrow?' }] },
    ]);
  });

  it("returns signed reasoning tagged with its model, and sends it back to that model only", async () => {
    simulator.enqueueReply({ reasoning: { text: 'Think.', signature: 'sig-1' }, text: 'Done.' });
    const first = (await (await chat({ messages: [{ role: 'user', content: 'Solve' }] })).json()) as { choices: Array<{ message: Record<string, unknown> }> };
    const message = first.choices[0]!.message;
    expect(message.reasoning_details).toEqual([{ type: 'reasoning.text', text: 'Think.', signature: 'sig-1', format: FORMAT, index: 0 }]);
    const foreign = { type: 'reasoning.text', text: 'Other', signature: 'theirs', format: 'anthropic-claude-v1', index: 1 };
    const second = await chat({
      messages: [
        { role: 'user', content: 'Solve' },
        { ...message, reasoning_details: [...(message.reasoning_details as unknown[]), foreign] },
        { role: 'user', content: 'Again' },
      ],
    });
    expect(second.status).toBe(200);
    expect((simulator.requests.at(-1)!.body as { messages: Array<{ content: unknown }> }).messages[1]!.content).toEqual([
      { reasoningContent: { reasoningText: { text: 'Think.', signature: 'sig-1' } } },
      { text: 'Done.' },
    ]);
  });

  it('streams text and tool calls from the binary event stream, usage from the metadata event', async () => {
    simulator.enqueueReply({ text: 'Checking the weather', toolCalls: [{ id: 'tooluse_9', name: 'weather', input: { city: 'Oslo' } }], usage: { inputTokens: 21, outputTokens: 9 } });
    const response = await chat({ messages: [{ role: 'user', content: 'Oslo?' }], stream: true, stream_options: { include_usage: true }, tools: [{ type: 'function', function: { name: 'weather' } }] });
    expect(response.status).toBe(200);
    expect(simulator.requests.at(-1)!.path).toBe('/model/us.amazon.nova-pro-v1%3A0/converse-stream');
    const chunks = new SseParser().push(await response.text()).filter((event) => event.data !== '[DONE]').map((event) => JSON.parse(event.data));
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    const args = chunks.map((chunk) => chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '').join('');
    expect(text).toBe('Checking the weather');
    expect(JSON.parse(args)).toEqual({ city: 'Oslo' });
    expect(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('tool_calls');
    expect(chunks.at(-1).usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 9 });
  });

  it('ends a stream Bedrock fails mid-way with an error event the client can read', async () => {
    simulator.enqueueReply({ text: 'Partial answer', streamException: { type: 'throttlingException', message: 'Too many tokens, please wait before trying again.' } });
    const response = await chat({ messages: [{ role: 'user', content: 'Long' }], stream: true });
    expect(response.status).toBe(200);
    const events = new SseParser().push(await response.text());
    const last = JSON.parse(events.at(-1)!.data) as { error?: { message: string; code: string } };
    expect(last.error).toMatchObject({ message: 'Too many tokens, please wait before trying again.', code: 'ThrottlingException' });
  });

  it('refuses an image URL before calling Bedrock: Converse takes bytes', async () => {
    const before = simulator.requests.length;
    const response = await chat({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] }] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/base64 data URL/);
    expect(simulator.requests.length).toBe(before);
  });

  it("refuses parameters Converse cannot honour, naming them (tool_choice 'none', seed)", async () => {
    for (const extra of [{ tool_choice: 'none', tools: [{ type: 'function', function: { name: 'weather' } }] }, { seed: 7 }]) {
      const response = await chat({ messages: [{ role: 'user', content: 'Hi' }], ...extra });
      expect(response.status).toBe(400);
    }
  });
});
