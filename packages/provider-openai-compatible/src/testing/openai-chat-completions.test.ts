import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { ChatCompletionResponse, ErrorEnvelope, ModelList } from '@modelgate/core';
import { startOpenAiChatSimulator, type OpenAiChatSimulator } from './openai-chat-simulator.js';

function postChat(simulator: OpenAiChatSimulator, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${simulator.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function completion(simulator: OpenAiChatSimulator, body: unknown): Promise<ChatCompletionResponse> {
  const response = await postChat(simulator, body);
  expect(response.status).toBe(200);
  return (await response.json()) as ChatCompletionResponse;
}

const EXPECTED_DETAILS = {
  prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
};

describe('OpenAI simulator: non-streaming chat completions', () => {
  let simulator: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator();
  });
  afterAll(() => simulator.close());
  beforeEach(() => simulator.reset());

  it('echoes the last user message in exactly the shape of PROTOCOLS A.4', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await postChat(simulator, { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hello there' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9]{32}$/);
    const body = (await response.json()) as ChatCompletionResponse;

    expect(Object.keys(body)).toEqual(['id', 'object', 'created', 'model', 'system_fingerprint', 'service_tier', 'choices', 'usage']);
    expect(body.id).toMatch(/^chatcmpl-[A-Za-z0-9]{24}$/);
    expect(body.object).toBe('chat.completion');
    expect(body.created).toBeGreaterThanOrEqual(before);
    expect(body.created).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.system_fingerprint).toMatch(/^fp_/);
    expect(body.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: 'Echo: hello there', refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ]);
    expect('tool_calls' in body.choices[0]!.message).toBe(false);
    // prompt: ceil(11 chars / 4) + 3 for the one message; completion: ceil(17 chars / 4).
    expect(body.usage).toEqual({ prompt_tokens: 6, completion_tokens: 5, total_tokens: 11, ...EXPECTED_DETAILS });
  });

  it('echoes the text parts of the last user message and accepts fields it does not know', async () => {
    const body = await completion(simulator, {
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look at ' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            { type: 'text', text: 'this' },
          ],
        },
      ],
      future_parameter: { enabled: true },
    });
    expect(body.choices[0]!.message.content).toBe('Echo: look at this');
  });

  it('plays scripted replies first in, first out, then falls back to the echo', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'first scripted' });
    simulator.enqueueReply({ kind: 'text', text: 'cut off', finishReason: 'length' });
    const request = { model: 'gpt-4.1', messages: [{ role: 'user', content: 'ping' }] };

    const first = await completion(simulator, request);
    const second = await completion(simulator, request);
    const third = await completion(simulator, request);
    expect(first.choices[0]).toMatchObject({ message: { content: 'first scripted' }, finish_reason: 'stop' });
    expect(second.choices[0]).toMatchObject({ message: { content: 'cut off' }, finish_reason: 'length' });
    expect(third.choices[0]).toMatchObject({ message: { content: 'Echo: ping' }, finish_reason: 'stop' });
  });

  it('answers scripted tool calls with string arguments and generated ids where none were given', async () => {
    simulator.enqueueReply({
      kind: 'tool_calls',
      calls: [
        { id: 'call_fixed', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { name: 'get_time', arguments: '{"tz":"CET"}' },
      ],
    });
    const body = await completion(simulator, { model: 'gpt-4.1', messages: [{ role: 'user', content: 'weather and time?' }] });
    const choice = body.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.refusal).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      { id: 'call_fixed', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
      { id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/), type: 'function', function: { name: 'get_time', arguments: '{"tz":"CET"}' } },
    ]);
    // completion: ceil(("get_weather" + args + "get_time" + args).length / 4)
    const generated = 'get_weather{"city":"Oslo"}get_time{"tz":"CET"}';
    expect(body.usage!.completion_tokens).toBe(Math.ceil(generated.length / 4));
  });

  it('answers a refusal with null content', async () => {
    simulator.enqueueReply({ kind: 'refusal', text: "I can't help with that." });
    const body = await completion(simulator, { model: 'gpt-4.1', messages: [{ role: 'user', content: 'something bad' }] });
    expect(body.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: null, refusal: "I can't help with that.", annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    });
  });

  it('answers n choices and counts completion tokens over all of them', async () => {
    const body = await completion(simulator, { model: 'gpt-4.1', n: 3, messages: [{ role: 'user', content: 'hi' }] });
    expect(body.choices.map((choice) => [choice.index, choice.message.content])).toEqual([
      [0, 'Echo: hi'],
      [1, 'Echo: hi'],
      [2, 'Echo: hi'],
    ]);
    expect(body.usage!.completion_tokens).toBe(3 * Math.ceil('Echo: hi'.length / 4));
  });

  it('counts prompt tokens over every message, tool calls included', async () => {
    const messages = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    const body = await completion(simulator, { model: 'gpt-4.1', messages });
    const characters = 'weather?'.length + 'get_weather{}'.length + 'sunny'.length;
    expect(body.usage!.prompt_tokens).toBe(Math.ceil(characters / 4) + 3 * 3);
    expect(body.usage!.total_tokens).toBe(body.usage!.prompt_tokens + body.usage!.completion_tokens);
  });

  it("reads a repeated prefix of 1,024 tokens and more from its prompt cache, in 128-token steps, as OpenAI's automatic caching does", async () => {
    const system = { role: 'system', content: 'Answer in the voice of a patient teacher. '.repeat(110) };
    const first = await completion(simulator, { model: 'gpt-4.1', messages: [system, { role: 'user', content: 'one' }] });
    expect(first.usage!.prompt_tokens_details!.cached_tokens).toBe(0);
    const second = await completion(simulator, { model: 'gpt-4.1', messages: [system, { role: 'user', content: 'two' }] });
    const systemTokens = Math.ceil(system.content.length / 4) + 3;
    expect(second.usage!.prompt_tokens_details!.cached_tokens).toBe(1_024 + Math.floor((systemTokens - 1_024) / 128) * 128);
    const otherModel = await completion(simulator, { model: 'gpt-4.1-mini', messages: [system, { role: 'user', content: 'two' }] });
    expect(otherModel.usage!.prompt_tokens_details!.cached_tokens).toBe(0);
  });

  it('reports scripted usage numbers instead of the estimate', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'ok', usage: { promptTokens: 100, completionTokens: 20, cachedTokens: 40, reasoningTokens: 5 } });
    const body = await completion(simulator, { model: 'gpt-4.1', messages: [{ role: 'user', content: 'x' }] });
    expect(body.usage).toEqual({
      prompt_tokens: 100,
      completion_tokens: 20,
      total_tokens: 120,
      prompt_tokens_details: { cached_tokens: 40, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 5, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    });
  });

  it('reset() forgets queued replies and recorded requests', async () => {
    simulator.enqueueReply({ kind: 'text', text: 'never used' });
    await fetch(`${simulator.url}/models`);
    expect(simulator.requests).toHaveLength(1);
    const requests = simulator.requests;
    simulator.reset();
    expect(simulator.requests).toBe(requests);
    expect(simulator.requests).toHaveLength(0);
    const body = await completion(simulator, { model: 'gpt-4.1', messages: [{ role: 'user', content: 'after reset' }] });
    expect(body.choices[0]!.message.content).toBe('Echo: after reset');
  });

  it('records what the client sent', async () => {
    await postChat(simulator, { model: 'gpt-4.1', messages: [{ role: 'user', content: 'recorded' }] }, { authorization: 'Bearer sk-any' });
    const recorded = simulator.requests.at(-1)!;
    expect(recorded.method).toBe('POST');
    expect(recorded.path).toBe('/v1/chat/completions');
    expect(recorded.headers.authorization).toBe('Bearer sk-any');
    expect(recorded.body).toEqual({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'recorded' }] });
    expect(JSON.parse(recorded.rawBody)).toEqual(recorded.body);
  });
});

describe('OpenAI simulator: api key and model list options', () => {
  let simulator: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator({ apiKey: 'sk-test-key-123456', models: ['gpt-sim', 'org/model:v1'] });
  });
  afterAll(() => simulator.close());

  const request = { model: 'gpt-sim', messages: [{ role: 'user', content: 'hi' }] };

  it('answers 401 invalid_api_key without a key or with a wrong one, on every endpoint', async () => {
    const missing = await postChat(simulator, request);
    expect(missing.status).toBe(401);
    const missingBody = (await missing.json()) as ErrorEnvelope;
    expect(missingBody).toEqual({
      error: { message: expect.stringContaining("didn't provide an API key"), type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });

    const wrong = await postChat(simulator, request, { authorization: 'Bearer sk-wrong-key-999999' });
    expect(wrong.status).toBe(401);
    const wrongBody = (await wrong.json()) as ErrorEnvelope;
    expect(wrongBody.error.code).toBe('invalid_api_key');
    expect(wrongBody.error.message).toContain('sk-************9999');
    expect(wrongBody.error.message).not.toContain('sk-wrong-key-999999');

    const models = await fetch(`${simulator.url}/models`, { headers: { authorization: 'Bearer nope' } });
    expect(models.status).toBe(401);
  });

  it('serves the right key', async () => {
    const response = await postChat(simulator, request, { authorization: 'Bearer sk-test-key-123456' });
    expect(response.status).toBe(200);
    const models = await fetch(`${simulator.url}/models`, { headers: { authorization: 'Bearer sk-test-key-123456' } });
    expect(((await models.json()) as ModelList).data.map((model) => model.id)).toEqual(['gpt-sim', 'org/model:v1']);
  });

  it('answers 404 model_not_found for a model outside the configured list', async () => {
    const response = await postChat(simulator, { ...request, model: 'gpt-other' }, { authorization: 'Bearer sk-test-key-123456' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: "The model 'gpt-other' does not exist", type: 'invalid_request_error', param: 'model', code: 'model_not_found' },
    });
  });
});
