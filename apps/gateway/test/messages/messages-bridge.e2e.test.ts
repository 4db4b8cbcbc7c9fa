import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { lastBody, scriptText, scriptToolCalls, sentToolResults } from '../support/messages-front-scripts.js';

// The Anthropic Messages front bridged through the hub to the other families: the official
// @anthropic-ai/sdk over real HTTP against GPT, Gemini and DeepSeek ids, each simulator strict
// about its own dialect. Answers come back as Anthropic messages and events; what reached each
// simulator is asserted.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());
beforeEach(() => {
  for (const simulator of [gateway.simulator.openai, gateway.simulator.google, gateway.simulator.deepseek]) simulator.reset();
});

/** The answer's text blocks: Gemini and DeepSeek answers also carry thinking or signatures (asserted in the thinking tests). */
const textBlocks = (message: Anthropic.Message) => message.content.filter((block) => block.type === 'text');

const WEATHER = { name: 'get_weather', description: 'Current weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } };

describe.each(['openai', 'google', 'deepseek'] as const)('a %s model through /v1/messages is bridged', (family) => {
  const model = MESSAGES_TEST_MODELS[family];

  it('answers a plain request as an Anthropic message, the system prompt and turn sent upstream', async () => {
    scriptText(gateway.simulator, family, 'Hello from the bridge.');
    const message = await client.messages.create({ model, max_tokens: 256, system: [{ type: 'text', text: 'Be terse.', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'Say hello' }] });
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model, stop_reason: 'end_turn' });
    expect(textBlocks(message)).toEqual([{ type: 'text', text: 'Hello from the bridge.' }]);
    expect(message.id).toMatch(/^msg_/);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    expect(JSON.stringify(lastBody(gateway.simulator, family))).toContain('Be terse.');
    expect(JSON.stringify(lastBody(gateway.simulator, family))).toContain('Say hello');
  });

  it('streams Anthropic events the stream() helper reads: text deltas, stop reason, usage', async () => {
    scriptText(gateway.simulator, family, 'A streamed answer in several words.');
    const stream = client.messages.stream({ model, max_tokens: 256, messages: [{ role: 'user', content: 'Stream please' }] });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(deltas.join('')).toBe('A streamed answer in several words.');
    expect(textBlocks(message)).toEqual([{ type: 'text', text: 'A streamed answer in several words.' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it('runs a tool round trip: tool_use with its input, the result back upstream under the same id', async () => {
    scriptToolCalls(gateway.simulator, family, [{ id: 'call_weather_1', name: 'get_weather', input: { city: 'Oslo' } }]);
    const first = await client.messages.create({ model, max_tokens: 256, tools: [WEATHER], messages: [{ role: 'user', content: 'Weather in Oslo?' }] });
    expect(first.stop_reason).toBe('tool_use');
    const toolUse = first.content.find((block) => block.type === 'tool_use')!;
    expect(toolUse).toMatchObject({ type: 'tool_use', id: 'call_weather_1', name: 'get_weather', input: { city: 'Oslo' } });
    scriptText(gateway.simulator, family, 'It is 4°C in Oslo.');
    const second = await client.messages.create({
      model,
      max_tokens: 256,
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_weather_1', content: '4°C, cloudy' }] },
      ],
    });
    expect(textBlocks(second)).toEqual([{ type: 'text', text: 'It is 4°C in Oslo.' }]);
    const results = sentToolResults(gateway.simulator, family);
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results[0]!.content)).toContain('4°C, cloudy');
    if (family !== 'google') expect(results[0]!.id).toBe('call_weather_1');
  });

  it('streams parallel tool calls as separate tool_use blocks with their inputs', async () => {
    scriptToolCalls(gateway.simulator, family, [
      { id: 'call_a', name: 'get_weather', input: { city: 'Oslo' } },
      { id: 'call_b', name: 'get_weather', input: { city: 'Bergen' } },
    ]);
    const message = await client.messages.stream({ model, max_tokens: 256, tools: [WEATHER], messages: [{ role: 'user', content: 'Oslo and Bergen?' }] }).finalMessage();
    const calls = message.content.filter((block) => block.type === 'tool_use');
    expect(calls.map((call) => ({ id: call.id, input: call.input }))).toEqual([
      { id: 'call_a', input: { city: 'Oslo' } },
      { id: 'call_b', input: { city: 'Bergen' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it('counts tokens, more for a longer prompt (Gemini by its countTokens, the others by the gateway\'s estimate)', async () => {
    const before = gateway.simulator[family].requests.length;
    const short = await client.messages.countTokens({ model, messages: [{ role: 'user', content: 'hi' }] });
    const long = await client.messages.countTokens({ model, system: 'Be terse. '.repeat(100), messages: [{ role: 'user', content: 'hi' }] });
    expect(short.input_tokens).toBeGreaterThan(0);
    expect(long.input_tokens).toBeGreaterThan(short.input_tokens + 200);
    expect(gateway.simulator[family].requests.length).toBe(family === 'google' ? before + 2 : before);
  });

  it('refuses what the family cannot honour with a 400 naming it', async () => {
    // `top_k` is Anthropic's, but no longer in this SDK's types: sent as a client may still send it.
    const params = { model, max_tokens: 64, top_k: 5, messages: [{ role: 'user', content: 'hi' }] } as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const error = await client.messages.create(params).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).message).toContain("'top_k'");
  });

  it.each([
    [429, 429, 'rate_limit_error'],
    [500, 500, 'api_error'],
    [503, 529, 'overloaded_error'],
  ])('an upstream %i reaches the client as %i %s', async (upstreamStatus, status, type) => {
    gateway.simulator[family].enqueueFault({ type: 'status', status: upstreamStatus });
    const error = await client.messages.create({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect({ status: (error as InstanceType<typeof Anthropic.APIError>).status, type: (error as InstanceType<typeof Anthropic.APIError>).type }).toEqual({ status, type });
  });
});

describe('thinking and its signatures survive the round trip through the bridge', () => {
  it('Gemini: thought text as a thinking block, the call signature back in place on the next turn', async () => {
    const model = MESSAGES_TEST_MODELS.google;
    gateway.simulator.google.enqueueReply({ parts: [{ text: 'The user wants the weather.', thought: true }, { functionCall: { id: 'call_g1', name: 'get_weather', args: { city: 'Oslo' } } }] });
    const thinking = { type: 'enabled' as const, budget_tokens: 2048 };
    const first = await client.messages.stream({ model, max_tokens: 4096, thinking, tools: [WEATHER], messages: [{ role: 'user', content: 'Weather in Oslo?' }] }).finalMessage();
    expect(first.content.map((block) => block.type)).toEqual(['thinking', 'redacted_thinking', 'tool_use']);
    expect(first.content[0]).toMatchObject({ type: 'thinking', thinking: 'The user wants the weather.' });
    expect(lastBody(gateway.simulator, 'google').generationConfig).toMatchObject({ thinkingConfig: expect.any(Object) });
    scriptText(gateway.simulator, 'google', 'Cloudy, 4°C.');
    await client.messages.create({
      model,
      max_tokens: 4096,
      thinking,
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_g1', content: '4°C' }] },
      ],
    });
    const returned = checkReturnedSignatures(gateway.simulator.google.issuedSignatures, lastBody(gateway.simulator, 'google'));
    expect(returned.inPlace.length).toBeGreaterThan(0);
    expect(returned.lost).toEqual([]);
  });

  it('DeepSeek: reasoning as a thinking block, sent back as reasoning_content on the tool loop', async () => {
    const model = MESSAGES_TEST_MODELS.deepseek;
    gateway.simulator.deepseek.enqueueReply({ kind: 'tool_calls', reasoning: 'I should look the weather up.', calls: [{ id: 'call_d1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
    const first = await client.messages.create({ model, max_tokens: 2048, thinking, tools: [WEATHER], messages: [{ role: 'user', content: 'Weather in Oslo?' }] });
    expect(first.content[0]).toMatchObject({ type: 'thinking', thinking: 'I should look the weather up.', signature: expect.any(String) });
    scriptText(gateway.simulator, 'deepseek', 'Cloudy.');
    await client.messages.create({
      model,
      max_tokens: 2048,
      thinking,
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_d1', content: '4°C' }] },
      ],
    });
    const assistant = (lastBody(gateway.simulator, 'deepseek').messages as Array<{ role: string; reasoning_content?: string }>).find((message) => message.role === 'assistant');
    expect(assistant?.reasoning_content).toBe('I should look the weather up.');
  });

  it('display: omitted shows no thinking text, yet carries it back', async () => {
    const model = MESSAGES_TEST_MODELS.deepseek;
    gateway.simulator.deepseek.enqueueReply({ kind: 'tool_calls', reasoning: 'Hidden reasoning.', calls: [{ id: 'call_d2', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const thinking = { type: 'enabled' as const, budget_tokens: 1024, display: 'omitted' as const };
    const first = await client.messages.stream({ model, max_tokens: 2048, thinking, tools: [WEATHER], messages: [{ role: 'user', content: 'Weather?' }] }).finalMessage();
    expect(first.content[0]).toMatchObject({ type: 'thinking', thinking: '' });
    scriptText(gateway.simulator, 'deepseek', 'Cloudy.');
    await client.messages.create({ model, max_tokens: 2048, thinking, tools: [WEATHER], messages: [{ role: 'user', content: 'Weather?' }, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_d2', content: '4°C' }] }] });
    const assistant = (lastBody(gateway.simulator, 'deepseek').messages as Array<{ role: string; reasoning_content?: string }>).find((message) => message.role === 'assistant');
    expect(assistant?.reasoning_content).toBe('Hidden reasoning.');
  });
});
