import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { GOOGLE_UPSTREAM_KEY, startGoogleTestGateway, type GoogleTestGateway } from '../support/google-test-gateway.js';
import { THINKING_MODEL, THINKING_TURNS, TIME_PARAMETERS, toolResult, USER_QUESTION, WEATHER_PARAMETERS } from '../support/google-thinking-conversation.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

const MODEL = 'gemini-3.8-flash';
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const tool = (name: string, parameters: Record<string, unknown>): OpenAI.Chat.ChatCompletionTool => ({ type: 'function', function: { name, description: `The ${name} tool`, parameters } });
const weatherTool = tool('get_weather', WEATHER_PARAMETERS);
const timeTool = tool('get_time', TIME_PARAMETERS);

/** A signature as the gateway hands it out: tagged with the model and the endpoint that issued it (`<model>@<endpoint id>`). */
const tagged = (signature: string) => expect.stringMatching(new RegExp(`^mg-gemini-1:${MODEL.replaceAll('.', '\\.')}@[0-9a-f]{8}:${signature.replace(/[+/=]/g, '\\$&')}$`));

type Body = { contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>; [field: string]: unknown };

async function collect(stream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>): Promise<OpenAI.Chat.ChatCompletionChunk[]> {
  const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** The calls of a stream as the openai client's users rebuild them: by index, with the delta that introduced each. */
function streamedCalls(chunks: readonly OpenAI.Chat.ChatCompletionChunk[]) {
  const calls: Array<{ id: string; name: string; arguments: string; extra_content?: unknown }> = [];
  for (const delta of chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])) {
    const first = delta as typeof delta & { extra_content?: unknown };
    calls[delta.index] ??= { id: delta.id!, name: delta.function!.name!, arguments: '', ...(first.extra_content ? { extra_content: first.extra_content } : {}) };
    calls[delta.index]!.arguments += delta.function?.arguments ?? '';
  }
  return calls;
}

// The official openai client, pointed at the gateway with Gemini model ids, against the Gemini simulator.
describe('openai client through the gateway (Gemini family)', () => {
  let harness: GoogleTestGateway;
  let client: OpenAI;
  const lastUpstream = () => harness.simulator.requests.at(-1)!;
  const lastBody = () => lastUpstream().body as Body;

  beforeAll(async () => {
    harness = await startGoogleTestGateway();
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());

  it('completes a plain chat and sends a valid generateContent request', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'hello gemini' },
      ],
      temperature: 0.2,
      stop: ['</answer>'],
      max_completion_tokens: 300,
    });
    expect(completion.choices[0]!.message.content).toBe('Echo: hello gemini');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    // An answer without calls is signed on its last part; the signature rides in reasoning_details, tagged with its model.
    expect((completion.choices[0]!.message as { reasoning_details?: unknown[] }).reasoning_details).toEqual([
      { type: 'reasoning.encrypted', data: tagged(harness.simulator.issuedSignatures.at(-1)!.signature), format: 'google-gemini-v1', index: 0 },
    ]);
    expect(lastUpstream().path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(lastUpstream().headers['x-goog-api-key']).toBe(GOOGLE_UPSTREAM_KEY);
    expect(lastUpstream().body).toEqual({
      systemInstruction: { parts: [{ text: 'Be terse.' }] },
      contents: [{ role: 'user', parts: [{ text: 'hello gemini' }] }],
      generationConfig: { maxOutputTokens: 300, stopSequences: ['</answer>'], temperature: 0.2, thinkingConfig: { includeThoughts: true } },
    });
  });

  it('streams with include_usage: role first, text, one finish, usage with thoughts and cache last', async () => {
    harness.simulator.enqueueReply({
      parts: [{ text: 'Thinking it over.', thought: true }, { text: 'Streaming from Gemini now' }],
      usage: { promptTokenCount: 30, candidatesTokenCount: 6, thoughtsTokenCount: 11, cachedContentTokenCount: 20 },
      trailingMetadataChunk: true,
    });
    const chunks = await collect(
      await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'stream please' }], stream: true, stream_options: { include_usage: true } }),
    );
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Streaming from Gemini now');
    expect(chunks.map((chunk) => (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '').join('')).toBe('Thinking it over.');
    expect(chunks.flatMap((chunk) => (chunk.choices[0]?.finish_reason ? [chunk.choices[0].finish_reason] : []))).toEqual(['stop']);
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage).toEqual({
      prompt_tokens: 30,
      completion_tokens: 17,
      total_tokens: 47,
      prompt_tokens_details: { cached_tokens: 20 },
      completion_tokens_details: { reasoning_tokens: 11 },
    });
    expect(lastUpstream().path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
    expect(lastUpstream().query).toEqual({ alt: 'sse' });
    expect(lastBody()).not.toHaveProperty('stream');
  });

  it('streams two parallel tool calls with stable indexes, the signature on the first as extra_content', async () => {
    harness.simulator.enqueueReply({
      parts: [{ text: 'Checking both.' }, { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }, { functionCall: { name: 'get_weather', args: { city: 'Bergen', units: 'metric' } } }],
    });
    const chunks = await collect(await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Weather in Oslo and Bergen?' }], tools: [weatherTool], stream: true }));
    const calls = streamedCalls(chunks);
    const signature = harness.simulator.issuedSignatures.at(-1)!;
    expect(calls).toEqual([
      { id: signature.anchor.on === 'call' ? signature.anchor.callId : 'not a call', name: 'get_weather', arguments: '{"city":"Oslo"}', extra_content: { google: { thought_signature: tagged(signature.signature) } } },
      { id: expect.any(String), name: 'get_weather', arguments: '{"city":"Bergen","units":"metric"}' },
    ]);
    expect(calls[0]!.id).not.toBe(calls[1]!.id);
    expect(chunks.flatMap((chunk) => (chunk.choices[0]?.finish_reason ? [chunk.choices[0].finish_reason] : []))).toEqual(['tool_calls']);
    expect(lastBody().tools).toEqual([{ functionDeclarations: [{ name: 'get_weather', description: 'The get_weather tool', parametersJsonSchema: WEATHER_PARAMETERS }] }]);
  });

  it('makes the tool-result round trip: ids echoed in functionResponse, the signature back on its call', async () => {
    harness.simulator.enqueueReply({ parts: [{ functionCall: { id: 'call_a1', name: 'get_weather', args: { city: 'Oslo' } } }, { functionCall: { id: 'call_b2', name: 'get_weather', args: { city: 'Bergen' } } }] });
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Oslo and Bergen?' }];
    const first = await client.chat.completions.create({ model: MODEL, messages, tools: [weatherTool], tool_choice: 'required' });
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(lastBody().toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    const signature = harness.simulator.issuedSignatures.at(-1)!.signature;

    harness.simulator.enqueueReply({ parts: [{ text: 'Oslo 4C, Bergen 7C.' }] });
    const second = await client.chat.completions.create({
      model: MODEL,
      tools: [weatherTool],
      messages: [
        ...messages,
        first.choices[0]!.message,
        { role: 'tool', tool_call_id: 'call_b2', content: '7C' },
        { role: 'tool', tool_call_id: 'call_a1', content: '{"temp_c":4}' },
        { role: 'user', content: 'Summarise.' },
      ],
    });
    expect(second.choices[0]!.message.content).toBe('Oslo 4C, Bergen 7C.');
    expect(lastBody().contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Oslo and Bergen?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { id: 'call_a1', name: 'get_weather', args: { city: 'Oslo' } }, thoughtSignature: signature },
          { functionCall: { id: 'call_b2', name: 'get_weather', args: { city: 'Bergen' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          // In call order, whatever order the tool messages came in; a JSON object result is the response as it is.
          { functionResponse: { id: 'call_a1', name: 'get_weather', response: { temp_c: 4 } } },
          { functionResponse: { id: 'call_b2', name: 'get_weather', response: { content: '7C' } } },
          { text: 'Summarise.' },
        ],
      },
    ]);
  });

  it('sends image input from a data URL as inlineData, an https URL as fileData, and refuses a URL Gemini would not fetch', async () => {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is in this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}`, detail: 'low' } }] }],
    });
    expect(completion.choices[0]!.message.content).toBe('Echo: What is in this?');
    expect(lastBody().contents).toEqual([{ role: 'user', parts: [{ text: 'What is in this?' }, { inlineData: { mimeType: 'image/png', data: PIXEL } }] }]);
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } }] }] });
    expect(lastBody().contents).toEqual([{ role: 'user', parts: [{ fileData: { fileUri: 'https://example.com/cat.jpg', mimeType: 'image/jpeg' } }] }]);
    const before = harness.simulator.requests.length;
    await expect(
      client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://example.com/cat.jpg' } }] }] }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_image_url' });
    expect(harness.simulator.requests.length).toBe(before);
  });

  it('answers a JSON-schema request through responseMimeType and responseJsonSchema', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' }, temp_c: { type: 'number' } }, required: ['city', 'temp_c'], additionalProperties: false };
    harness.simulator.enqueueReply({ parts: [{ text: '{"city":"Oslo","temp_c":4}' }] });
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Weather in Oslo as JSON' }],
      response_format: { type: 'json_schema', json_schema: { name: 'weather', schema, strict: true } },
    });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ city: 'Oslo', temp_c: 4 });
    expect(lastBody().generationConfig).toMatchObject({ responseMimeType: 'application/json', responseJsonSchema: schema });
  });

  it('holds a three-turn tool conversation with thinking on: every signature the simulator issued comes back in place', async () => {
    const issuedBefore = harness.simulator.issuedSignatures.length;
    for (const turn of THINKING_TURNS) harness.simulator.enqueueReply(turn);
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: USER_QUESTION }];
    const reasoning: string[] = [];
    for (let turn = 0; turn < THINKING_TURNS.length; turn++) {
      const chunks = await collect(
        await client.chat.completions.create({ model: THINKING_MODEL, messages, tools: [weatherTool, timeTool], reasoning_effort: 'high', stream: true }),
      );
      expect(lastBody().generationConfig).toEqual({ thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } });
      // The simulator accepted the history (a lost signature is a 400 there); now check each one is where Google put it.
      const report = checkReturnedSignatures(harness.simulator.issuedSignatures.slice(issuedBefore), lastBody());
      expect({ turn, lost: report.lost, inPlace: report.inPlace.length }).toEqual({ turn, lost: [], inPlace: turn });
      reasoning.push(chunks.map((chunk) => (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '').join(''));
      const calls = streamedCalls(chunks);
      const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      if (calls.length === 0) {
        expect(text).toBe('Oslo 4C, Bergen 7C, 10:00 local.');
        break;
      }
      messages.push({ role: 'assistant', content: null, tool_calls: calls.map((call) => ({ ...call, type: 'function' as const, function: { name: call.name, arguments: call.arguments } })) });
      for (const call of calls) messages.push({ role: 'tool', tool_call_id: call.id, content: toolResult(call.name, JSON.parse(call.arguments) as Record<string, unknown>) });
    }
    expect(reasoning).toEqual(['The user wants Oslo first.', 'Now Bergen and the local time, in parallel.', 'Summing up.']);
    expect(harness.simulator.issuedSignatures.length - issuedBefore).toBe(3);
  });

  it('maps Gemini failures: an invalid key to 401, 429 with RetryInfo to retry-after, a malformed call to 502, a blocked prompt to content_filter', async () => {
    harness.simulator.enqueueFault({ type: 'status', status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }] } } });
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    // Gemini's own 429: no header, the wait in RetryInfo (27.2s), which the client gets rounded up.
    harness.simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 27.2 });
    const limited = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect({ status: limited.status, retryAfter: limited.headers.get('retry-after') }).toEqual({ status: 429, retryAfter: '28' });
    harness.simulator.enqueueReply({ finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: 'Malformed function call: get_weather(city=' });
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }], tools: [weatherTool] })).rejects.toMatchObject({ status: 502, code: 'malformed_function_call' });
    // Streamed, before any content: the stream has not started, so it is the same 502 (PROTOCOLS E).
    harness.simulator.enqueueReply({ finishReason: 'MALFORMED_FUNCTION_CALL' });
    await expect(client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }], tools: [weatherTool], stream: true })).rejects.toMatchObject({
      status: 502,
      code: 'malformed_function_call',
    });
    harness.simulator.enqueueReply({ blockReason: 'PROHIBITED_CONTENT' });
    const blocked = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'x' }] });
    expect(blocked.choices[0]).toMatchObject({ finish_reason: 'content_filter', message: { content: null, refusal: 'Gemini blocked the prompt (PROHIBITED_CONTENT)' } });
  });
});
