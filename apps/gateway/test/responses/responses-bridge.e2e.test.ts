import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type OpenAI from 'openai';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import {
  BRIDGED_RESPONSES_MODELS,
  lastUpstreamBody,
  openAiClient,
  scriptAnswer,
  scriptCall,
  upstreamToolResults,
} from '../support/responses-bridge-scripts.js';

// The Responses front bridged through the hub (`responses.otherFamilies: bridge`): the official
// `openai` SDK's responses.create and responses.stream over real HTTP against a Claude, a Gemini
// and a DeepSeek id, each simulator strict about its own dialect. What reached each vendor is
// asserted, and the usage records carry the vendor's counts.

let gateway: MessagesFrontGateway;
let client: OpenAI;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway({ responses: { otherFamilies: 'bridge' }, admin: { token: TEST_ADMIN_TOKEN }, storage: { driver: 'sqlite', path: ':memory:' } });
  client = openAiClient(gateway.gateway.url);
});
afterAll(() => gateway.close());
beforeEach(() => {
  for (const simulator of [gateway.simulator.anthropic, gateway.simulator.google, gateway.simulator.deepseek]) simulator.reset();
});

const recordOf = (requestId: string): Promise<UsageRecord> => usageRecordOf(gateway.gateway.url, requestId);

const WEATHER: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather',
  strict: false,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe.each(['anthropic', 'google', 'deepseek'] as const)('a %s model on /v1/responses is bridged', (family) => {
  const model = BRIDGED_RESPONSES_MODELS[family];

  it('answers responses.create with a response object, the instructions and input sent upstream, the vendor\'s counts recorded', async () => {
    scriptAnswer(gateway.simulator, family, 'Hello from the bridge.', { prompt: 40, cached: 8, completion: 6 });
    const response = await client.responses.create({ model, instructions: 'Be terse.', input: 'Say hello' }, { headers: { 'x-request-id': `responses-bridge-${family}` } });
    expect(response).toMatchObject({ object: 'response', status: 'completed', model, store: false, error: null });
    expect(response.id).toMatch(/^resp_/);
    expect(response.output_text).toBe('Hello from the bridge.');
    // Gemini's closing signature and DeepSeek's thinking come as a reasoning item besides the message.
    expect(response.output.filter((item) => item.type !== 'reasoning')).toEqual([
      { id: expect.stringMatching(/^msg_/), type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello from the bridge.', annotations: [], logprobs: [] }] },
    ]);
    expect(response.usage).toEqual({ input_tokens: 40, input_tokens_details: { cached_tokens: 8 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 46 });
    const upstream = JSON.stringify(lastUpstreamBody(gateway.simulator, family));
    expect(upstream).toContain('Be terse.');
    expect(upstream).toContain('Say hello');
    expect(await recordOf(`responses-bridge-${family}`)).toMatchObject({ endpoint: 'responses', promptTokens: 40, cachedTokens: 8, completionTokens: 6, tokensEstimated: false });
  });

  it('streams the Responses events in order, numbered from 0, that responses.stream() assembles', async () => {
    scriptAnswer(gateway.simulator, family, 'A streamed answer in several words.', { prompt: 25, cached: 0, completion: 9 });
    const stream = client.responses.stream({ model, input: 'Stream please' }, { headers: { 'x-request-id': `responses-bridge-stream-${family}` } });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const final = await stream.finalResponse();
    expect(final.output_text).toBe('A streamed answer in several words.');
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    // The message item's events (a reasoning item's may come before or after it, asserted elsewhere).
    const messageId = final.output.find((item) => item.type === 'message')!.id;
    const ofMessage = (event: OpenAI.Responses.ResponseStreamEvent) => {
      const named = event as { item_id?: string; item?: { id?: string } };
      return (named.item_id ?? named.item?.id ?? messageId) === messageId;
    };
    const types = events.filter(ofMessage).map((event) => event.type).filter((type) => type !== 'response.output_text.delta');
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(final.usage).toMatchObject({ input_tokens: 25, output_tokens: 9 });
    expect(await recordOf(`responses-bridge-stream-${family}`)).toMatchObject({ endpoint: 'responses', stream: true, promptTokens: 25, completionTokens: 9 });
  });

  it('runs a function tool round trip: a function_call item, its output back upstream under the same call id', async () => {
    scriptCall(gateway.simulator, family, { id: 'call_weather_1', name: 'get_weather', input: { city: 'Oslo' } });
    const stream = client.responses.stream({ model, input: 'Weather in Oslo?', tools: [WEATHER], include: ['reasoning.encrypted_content'], store: false });
    const argumentDeltas: string[] = [];
    stream.on('response.function_call_arguments.delta', (event) => argumentDeltas.push(event.delta));
    const first = await stream.finalResponse();
    const call = first.output.find((item) => item.type === 'function_call')!;
    expect(call).toMatchObject({ type: 'function_call', call_id: 'call_weather_1', name: 'get_weather', status: 'completed' });
    expect(JSON.parse((call as OpenAI.Responses.ResponseFunctionToolCall).arguments)).toEqual({ city: 'Oslo' });
    expect(JSON.parse(argumentDeltas.join(''))).toEqual({ city: 'Oslo' });
    const tools = JSON.stringify(lastUpstreamBody(gateway.simulator, family));
    expect(tools).toContain('get_weather');

    scriptAnswer(gateway.simulator, family, 'It is 4°C in Oslo.');
    const second = await client.responses.create({
      model,
      tools: [WEATHER],
      include: ['reasoning.encrypted_content'],
      store: false,
      input: [{ role: 'user', content: 'Weather in Oslo?' }, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: 'function_call_output', call_id: 'call_weather_1', output: '4°C, cloudy' }],
    });
    expect(second.output_text).toBe('It is 4°C in Oslo.');
    const results = upstreamToolResults(gateway.simulator, family);
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results[0]!.content)).toContain('4°C, cloudy');
    if (family !== 'google') expect(results[0]!.id).toBe('call_weather_1');
  });

  it('answers a JSON schema (text.format) as the vendor\'s structured output', async () => {
    scriptAnswer(gateway.simulator, family, '{"city_name":"Oslo"}');
    const response = await client.responses.create({
      model,
      input: 'Which city?',
      text: { format: { type: 'json_schema', name: 'city', strict: true, schema: { type: 'object', properties: { city_name: { type: 'string' } }, required: ['city_name'], additionalProperties: false } } },
    });
    expect(JSON.parse(response.output_text)).toEqual({ city_name: 'Oslo' });
    expect(response.text?.format).toMatchObject({ type: 'json_schema', name: 'city' });
    expect(JSON.stringify(lastUpstreamBody(gateway.simulator, family))).toContain('city_name');
  });

  it('compacts with responses.compact: the user messages, then one compaction item the next request expands to the summary', async () => {
    scriptAnswer(gateway.simulator, family, 'SUMMARY: the user wants a haiku about Oslo.', { prompt: 120, cached: 0, completion: 12 });
    const compacted = await client.responses.compact({
      model,
      input: [
        { role: 'user', content: 'Write a haiku about Oslo.' },
        { role: 'assistant', content: 'Fjord light, cold and clear.' },
      ],
    }, { headers: { 'x-request-id': `responses-bridge-compact-${family}` } });
    expect(compacted).toMatchObject({ object: 'response.compaction', usage: { input_tokens: 120, output_tokens: 12 } });
    expect(compacted.output.map((item) => item.type)).toEqual(['message', 'compaction']);
    expect(JSON.stringify(lastUpstreamBody(gateway.simulator, family))).toContain('hand-off summary');
    expect(await recordOf(`responses-bridge-compact-${family}`)).toMatchObject({ endpoint: 'compact', promptTokens: 120, completionTokens: 12 });

    scriptAnswer(gateway.simulator, family, 'Another haiku.');
    await client.responses.create({ model, input: [...(compacted.output as OpenAI.Responses.ResponseInputItem[]), { role: 'user', content: 'One more.' }] });
    const sent = JSON.stringify(lastUpstreamBody(gateway.simulator, family));
    expect(sent).toContain('SUMMARY: the user wants a haiku about Oslo.');
    expect(sent).not.toContain('Fjord light');
  });
});
