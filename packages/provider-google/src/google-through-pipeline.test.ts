import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import { SseParser } from '@modelgate/core';
import googlePlugin from './index.js';
import { checkReturnedSignatures, startGoogleSimulator, type GoogleSimulator } from './testing/index.js';

const KEY = 'gemini-pipeline-key';
const MODEL = 'gemini-3.8-flash';
const OTHER_MODEL = 'gemini-3.1-pro-preview';
const TOOL = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };

type Body = { contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>; systemInstruction?: unknown; generationConfig?: Record<string, unknown>; tools?: unknown };

// The provider on the pipeline's real request path (the conformance suite's host) in front of the
// strict Gemini simulator: what reached the simulator is what Gemini would have received (issue 28).
describe('Gemini through the pipeline', () => {
  let simulator: GoogleSimulator;
  let gateway: ConformanceGateway;
  let other: ConformanceGateway;
  let legacy: ConformanceGateway;
  let image: ConformanceGateway;
  beforeAll(async () => {
    simulator = await startGoogleSimulator({ apiKey: KEY });
    const start = (model: string, baseUrl = simulator.url) => startPipelineGateway({ provider: { plugin: googlePlugin }, settings: { baseUrl, apiKey: KEY }, model });
    gateway = await start(MODEL);
    other = await start(OTHER_MODEL);
    legacy = await start('gemini-2.5-flash', `${simulator.origin}/v1`);
    image = await start('gemini-3.1-flash-image');
  });
  afterAll(async () => {
    for (const started of [gateway, other, legacy, image]) await started?.close();
    await simulator?.close();
  });
  beforeEach(() => simulator.reset());

  const post = (body: Record<string, unknown>, target: ConformanceGateway = gateway, model = MODEL) =>
    fetch(`${target.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, ...body }),
    });
  const received = () => simulator.requests.at(-1)!.body as Body;

  it('sends an https image URL for Gemini to fetch, as fileData with a MIME type (item 1)', async () => {
    const response = await post({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.PNG?size=2' } }, { type: 'image_url', image_url: { url: 'https://example.com/render' } }] }],
    });
    expect(response.status).toBe(200);
    expect(received().contents[0]!.parts).toEqual([
      { text: 'What is this?' },
      { fileData: { fileUri: 'https://example.com/cat.PNG?size=2', mimeType: 'image/png' } },
      { fileData: { fileUri: 'https://example.com/render', mimeType: 'image/*' } },
    ]);
  });

  it('never sends a penalty: a non-zero one is refused naming it, 0 goes nowhere (item 2)', async () => {
    const refused = await post({ messages: [{ role: 'user', content: 'hi' }], presence_penalty: 0.4 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ param: 'presence_penalty', code: 'unsupported_parameter' });
    expect(simulator.requests).toHaveLength(0);
    expect((await post({ messages: [{ role: 'user', content: 'hi' }], presence_penalty: 0, frequency_penalty: 0 })).status).toBe(200);
    expect(received().generationConfig).not.toHaveProperty('presencePenalty');
    expect(received().generationConfig).not.toHaveProperty('frequencyPenalty');
  });

  it('sends a tool result holding $ref as its text, so no $ref key reaches Gemini (item 3)', async () => {
    const result = JSON.stringify({ schema: { items: { $ref: '#/$defs/__schema2' } }, $defs: { __schema2: { type: 'string' } } });
    const call = { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } };
    const response = await post({ messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: 'c1', content: result }], tools: [TOOL] });
    expect(response.status).toBe(200);
    expect(received().contents[2]!.parts[0]!.functionResponse).toMatchObject({ name: 'get_weather', response: { content: result } });
  });

  it.each(['MISSING_THOUGHT_SIGNATURE', 'MALFORMED_RESPONSE', 'A_REASON_FROM_NEXT_YEAR'])('fails an answer that ended with %s: a 502, and an error event in a stream (item 4)', async (finishReason) => {
    simulator.enqueueReply({ parts: [], finishReason });
    const whole = await post({ messages: [{ role: 'user', content: 'hi' }] });
    expect(whole.status).toBe(502);
    expect(((await whole.json()) as { error: { message: string } }).error.message).toContain(finishReason);
    simulator.enqueueReply({ parts: [{ text: 'A partial answer that streams in several chunks before it ends' }], finishReason });
    const events = new SseParser().push(await (await post({ messages: [{ role: 'user', content: 'hi' }], stream: true })).text());
    expect(events.at(-1)!.data).not.toBe('[DONE]');
    expect(JSON.parse(events.at(-1)!.data).error.message).toContain(finishReason);
    expect(events.some((event) => event.data !== '[DONE]' && JSON.parse(event.data).choices?.[0]?.finish_reason === 'stop')).toBe(false);
  });

  it('tags signatures with their model: the same model gets them back in place, another one the placeholder (item 5)', async () => {
    simulator.enqueueReply({ parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }] });
    const first = (await (await post({ messages: [{ role: 'user', content: 'Weather?' }], tools: [TOOL] })).json()) as { choices: Array<{ message: Record<string, unknown> & { tool_calls: Array<{ id: string }> } }> };
    const assistant = first.choices[0]!.message;
    const issued = simulator.issuedSignatures.at(-1)!;
    const tagged = (assistant.tool_calls[0] as { extra_content?: { google?: { thought_signature?: string } } }).extra_content?.google?.thought_signature;
    expect(tagged).toMatch(/^mg-gemini-1:gemini-3\.8-flash@[0-9a-f]{8}:/);
    expect(tagged?.endsWith(`:${issued.signature}`)).toBe(true);
    const history = [{ role: 'user', content: 'Weather?' }, assistant, { role: 'tool', tool_call_id: assistant.tool_calls[0]!.id, content: '4C' }];

    expect((await post({ messages: history, tools: [TOOL] })).status).toBe(200);
    expect(checkReturnedSignatures([issued], received())).toEqual({ inPlace: [issued], lost: [] });

    const switched = await post({ messages: history, tools: [TOOL] }, other, OTHER_MODEL);
    expect(switched.status).toBe(200);
    expect(received().contents[1]!.parts[0]).toMatchObject({ functionCall: { name: 'get_weather' }, thoughtSignature: 'skip_thought_signature_validator' });
  });

  it('keeps system and developer blocks as separate systemInstruction parts (item 6)', async () => {
    const response = await post({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'You are a coding agent for Claude.' }, { type: 'text', text: 'Env info' }] },
        { role: 'developer', content: 'Be terse.' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(response.status).toBe(200);
    expect(received().systemInstruction).toEqual({ parts: [{ text: 'You are a coding agent for Claude.' }, { text: 'Env info' }, { text: 'Be terse.' }] });
  });

  it('sends a nested empty object schema on the legacy dialect without an empty properties (item 7)', async () => {
    const tool = { type: 'function', function: { name: 'launch', parameters: { type: 'object', properties: { options: { type: 'object', properties: {} }, name: { type: 'string' } }, required: ['options'] } } };
    const response = await post({ messages: [{ role: 'user', content: 'go' }], tools: [tool] }, legacy, 'gemini-2.5-flash');
    expect(response.status).toBe(200);
    expect(received().tools).toEqual([
      { functionDeclarations: [{ name: 'launch', parameters: { type: 'object', properties: { options: { type: 'object' }, name: { type: 'string' } }, required: ['options'] } }] },
    ]);
  });

  it('returns generated images as message.images and delta.images, never as an empty stop (item 8)', async () => {
    const picture = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } };
    simulator.enqueueReply({ parts: [{ text: 'Here it is.' }, picture] });
    const whole = (await (await post({ messages: [{ role: 'user', content: 'Draw a cat' }] }, image, 'gemini-3.1-flash-image')).json()) as { choices: Array<{ message: Record<string, unknown>; finish_reason: string }> };
    expect(whole.choices[0]).toMatchObject({ message: { content: 'Here it is.', images: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] }, finish_reason: 'stop' });

    simulator.enqueueReply({ parts: [picture] });
    const events = new SseParser().push(await (await post({ messages: [{ role: 'user', content: 'Draw a cat' }], stream: true }, image, 'gemini-3.1-flash-image')).text());
    const images = events.filter((event) => event.data !== '[DONE]').flatMap((event) => JSON.parse(event.data).choices[0]?.delta.images ?? []);
    expect(images).toEqual([{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }]);
  });

  it('passes metadata: {}, serves a system message alone as the user turn, and answers an empty answer with "" (items 13–15)', async () => {
    expect((await post({ messages: [{ role: 'user', content: 'hi' }], metadata: {} })).status).toBe(200);
    expect((await post({ messages: [{ role: 'system', content: 'Say hello.' }] })).status).toBe(200);
    expect(received().contents).toEqual([{ role: 'user', parts: [{ text: 'Say hello.' }] }]);
    expect(received()).not.toHaveProperty('systemInstruction');
    simulator.enqueueReply({ parts: [] });
    const body = (await (await post({ messages: [{ role: 'user', content: 'hi' }] })).json()) as { choices: Array<{ message: { content: unknown } }> };
    expect(body.choices[0]!.message.content).toBe('');
  });
});
