import { ApiError, GoogleGenAI, type Content, type FunctionDeclaration } from '@google/genai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// The official `@google/genai` SDK against the gateway's Gemini front (issue 35): a Gemini model
// relayed as sent (pass-through), a Claude and a GPT model bridged through the hub. Each test
// checks what reached the simulator as well as what the SDK got back.

const MODELS = { google: 'gemini-3.8-flash', anthropic: 'claude-sonnet-4-5', openai: 'gpt-4.1-mini' } as const;
type Family = keyof typeof MODELS;
const FAMILIES = Object.keys(MODELS) as Family[];

const getWeather: FunctionDeclaration = {
  name: 'get_weather',
  description: 'The weather in a city',
  parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** The SDK's client for the gateway. Jest's VM context has no undici global dispatcher, which the SDK's default fetch options need: it gets the global fetch instead. */
function genAi(baseUrl: string, apiKey: string): GoogleGenAI {
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl, fetch: (input, init) => fetch(input, init) } });
}

describe('the Gemini front with the @google/genai SDK', () => {
  let harness: MessagesFrontGateway;
  let ai: GoogleGenAI;

  beforeAll(async () => {
    harness = await startMessagesFrontGateway();
    ai = genAi(harness.gateway.url, TEST_SERVICE_KEY);
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    harness.simulator.google.reset();
    harness.simulator.anthropic.reset();
    harness.simulator.openai.reset();
  });

  function scriptText(family: Family, text: string): void {
    const simulators = harness.simulator;
    if (family === 'google') simulators.google.enqueueReply({ parts: [{ text }] });
    else if (family === 'anthropic') simulators.anthropic.enqueueReply({ content: [{ type: 'text', text }] });
    else simulators.openai.enqueueReply({ kind: 'text', text });
  }

  function scriptCall(family: Family, id: string, city: string): void {
    const simulators = harness.simulator;
    if (family === 'google') simulators.google.enqueueReply({ parts: [{ functionCall: { id, name: 'get_weather', args: { city } } }] });
    else if (family === 'anthropic') simulators.anthropic.enqueueReply({ content: [{ type: 'tool_use', id, name: 'get_weather', input: { city } }] });
    else simulators.openai.enqueueReply({ kind: 'tool_calls', calls: [{ id, name: 'get_weather', arguments: JSON.stringify({ city }) }] });
  }

  function lastUpstreamBody(family: Family): Record<string, unknown> {
    return harness.simulator[family].requests.at(-1)!.body as Record<string, unknown>;
  }

  it.each(FAMILIES)('generateContent on the %s model: the system instruction and the prompt reach the upstream, the answer and usageMetadata come back', async (family) => {
    scriptText(family, 'Hello from the model.');
    const response = await ai.models.generateContent({
      model: MODELS[family],
      contents: 'Say hello.',
      config: { systemInstruction: 'Be brief.', temperature: 0.2, maxOutputTokens: 200 },
    });
    expect(response.text).toBe('Hello from the model.');
    expect(response.usageMetadata?.promptTokenCount).toBeGreaterThan(0);
    expect(response.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    const sent = lastUpstreamBody(family);
    if (family === 'google') {
      // Relayed as sent: Gemini's own fields, untouched.
      expect(sent.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }], role: 'user' });
      expect(sent.generationConfig).toEqual({ temperature: 0.2, maxOutputTokens: 200 });
    } else if (family === 'anthropic') {
      expect(sent.system).toEqual([{ type: 'text', text: 'Be brief.' }]);
      expect(sent.max_tokens).toBe(200);
      expect(sent.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }]);
    } else {
      expect(sent.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello.' }]);
      expect(sent.temperature).toBe(0.2);
    }
  });

  it.each(FAMILIES)('generateContentStream on the %s model: the text arrives in chunks over SSE, the last with STOP and usage', async (family) => {
    scriptText(family, 'A streamed answer, in several pieces.');
    const stream = await ai.models.generateContentStream({ model: MODELS[family], contents: 'Stream, please.' });
    let text = '';
    let last: Awaited<ReturnType<typeof stream.next>>['value'];
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      last = chunk;
    }
    expect(text).toBe('A streamed answer, in several pieces.');
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata?.promptTokenCount).toBeGreaterThan(0);
    expect(harness.simulator[family].requests.at(-1)!.path).toMatch(family === 'google' ? /:streamGenerateContent$/ : /messages|chat\/completions/);
  });

  it.each(FAMILIES)('function calling on the %s model: the call comes back with its id, and its response reaches the upstream bound to it', async (family) => {
    scriptCall(family, 'call_weather_1', 'Oslo');
    scriptText(family, 'It is 4C in Oslo.');
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }];
    const config = { tools: [{ functionDeclarations: [getWeather] }] };

    const first = await ai.models.generateContent({ model: MODELS[family], contents, config });
    const calls = first.functionCalls ?? [];
    expect(calls).toEqual([{ id: 'call_weather_1', name: 'get_weather', args: { city: 'Oslo' } }]);

    contents.push(first.candidates![0]!.content!, { role: 'user', parts: [{ functionResponse: { id: calls[0]!.id, name: 'get_weather', response: { temperature: '4C' } } }] });
    const second = await ai.models.generateContent({ model: MODELS[family], contents, config });
    expect(second.text).toBe('It is 4C in Oslo.');

    const sent = lastUpstreamBody(family);
    if (family === 'google') {
      const parts = (sent.contents as Array<{ parts: Array<Record<string, unknown>> }>).flatMap((content) => content.parts);
      expect(parts).toContainEqual({ functionResponse: { id: 'call_weather_1', name: 'get_weather', response: { temperature: '4C' } } });
    } else if (family === 'anthropic') {
      const blocks = (sent.messages as Array<{ content: Array<Record<string, unknown>> }>).flatMap((message) => message.content);
      expect(blocks).toContainEqual(expect.objectContaining({ type: 'tool_use', id: 'call_weather_1', name: 'get_weather', input: { city: 'Oslo' } }));
      expect(blocks).toContainEqual(expect.objectContaining({ type: 'tool_result', tool_use_id: 'call_weather_1' }));
    } else {
      expect(sent.messages).toContainEqual({ role: 'tool', tool_call_id: 'call_weather_1', content: JSON.stringify({ temperature: '4C' }) });
      expect(sent.tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'The weather in a city', parameters: getWeather.parametersJsonSchema } }]);
    }
  });

  it.each(FAMILIES)('countTokens on the %s model answers a positive totalTokens', async (family) => {
    const counted = await ai.models.countTokens({ model: MODELS[family], contents: 'How many tokens is this sentence?' });
    expect(counted.totalTokens).toBeGreaterThan(0);
    // Gemini counts at Gemini; the bridged families are estimated by the gateway (Anthropic's count is a Messages-only endpoint).
    if (family === 'google') expect(lastUpstreamBody('google').contents).toEqual([{ role: 'user', parts: [{ text: 'How many tokens is this sentence?' }] }]);
  });

  it('embedContent on a Gemini embedding model: batchEmbedContents relayed with the upstream model name, vectors back', async () => {
    const embedded = await ai.models.embedContent({ model: 'gemini-embedding-001', contents: ['first text', 'second text'], config: { outputDimensionality: 8 } });
    expect(embedded.embeddings).toHaveLength(2);
    expect(embedded.embeddings![0]!.values).toHaveLength(8);
    const sent = lastUpstreamBody('google') as { requests: Array<{ model: string; outputDimensionality: number }> };
    expect(sent.requests.map((request) => [request.model, request.outputDimensionality])).toEqual([
      ['models/gemini-embedding-001', 8],
      ['models/gemini-embedding-001', 8],
    ]);
  });

  it('embedContent on an OpenAI embedding model: bridged to /v1/embeddings with the dimensions', async () => {
    const embedded = await ai.models.embedContent({ model: 'text-embedding-3-small', contents: ['one', 'two'], config: { outputDimensionality: 16 } });
    expect(embedded.embeddings?.map((embedding) => embedding.values?.length)).toEqual([16, 16]);
    expect(lastUpstreamBody('openai')).toEqual(expect.objectContaining({ model: 'text-embedding-3-small', input: ['one', 'two'], dimensions: 16 }));
  });

  it('lists the models in Google\'s shape (models.list and models.get), on /v1 where the OpenAI list also lives', async () => {
    const names: string[] = [];
    for await (const model of await ai.models.list({ config: { pageSize: 1000 } })) names.push(model.name ?? '');
    expect(names).toEqual(expect.arrayContaining(['models/gemini-3.8-flash', 'models/claude-sonnet-4-5', 'models/gpt-4.1-mini']));
    const model = await ai.models.get({ model: 'claude-sonnet-4-5' });
    expect(model).toEqual(expect.objectContaining({ name: 'models/claude-sonnet-4-5', supportedActions: expect.arrayContaining(['generateContent', 'countTokens']) }));
  });

  it('refuses an unknown key with 401 UNAUTHENTICATED in Google\'s envelope, which the SDK raises', async () => {
    const stranger = genAi(harness.gateway.url, 'not-a-gateway-key');
    const failure = await stranger.models.generateContent({ model: MODELS.google, contents: 'hi' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(JSON.parse((failure as ApiError).message)).toEqual({ error: { code: 401, message: 'Incorrect API key provided.', status: 'UNAUTHENTICATED' } });
    expect(harness.simulator.google.requests).toHaveLength(0);
  });

  it('carries Claude\'s signed thinking in thoughtSignature back to Claude, and never sends the carrier to Gemini', async () => {
    harness.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'Oslo first.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }] });
    harness.simulator.anthropic.enqueueReply({ content: [{ type: 'text', text: 'Claude: 4C.' }] });
    scriptText('google', 'Gemini: 4C.');
    const config = { tools: [{ functionDeclarations: [getWeather] }], thinkingConfig: { includeThoughts: true, thinkingBudget: 4096 } };
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }];

    const first = await ai.models.generateContent({ model: MODELS.anthropic, contents, config });
    const parts = first.candidates![0]!.content!.parts!;
    expect(parts[0]).toEqual({ text: 'Oslo first.', thought: true });
    expect(parts[1]).toEqual({ functionCall: { id: 'toolu_1', name: 'get_weather', args: { city: 'Oslo' } }, thoughtSignature: expect.stringMatching(/^modelgate\.1\./) });
    contents.push(first.candidates![0]!.content!, { role: 'user', parts: [{ functionResponse: { id: 'toolu_1', name: 'get_weather', response: { temperature: '4C' } } }] });

    // Claude gets its own signed thinking back (the simulator refuses a signature it did not issue).
    expect((await ai.models.generateContent({ model: MODELS.anthropic, contents, config })).text).toBe('Claude: 4C.');
    const toClaude = lastUpstreamBody('anthropic') as { messages: Array<{ role: string; content: Array<Record<string, unknown>> }> };
    expect(toClaude.messages[1]!.content[0]).toEqual({ type: 'thinking', thinking: 'Oslo first.', signature: expect.any(String) });

    // The same history on Gemini: the carrier is left out, Google's placeholder where Gemini 3 needs a signature.
    expect((await ai.models.generateContent({ model: MODELS.google, contents, config })).text).toBe('Gemini: 4C.');
    const toGemini = JSON.stringify(lastUpstreamBody('google'));
    expect(toGemini).not.toContain('modelgate.1.');
    expect(toGemini).toContain('"thoughtSignature":"skip_thought_signature_validator"');
  });

  it.each(['google', 'openai'] as const)('streams one JSON array without alt=sse on the %s model, the key in ?key= never logged', async (family) => {
    scriptText(family, 'Array stream.');
    const response = await fetch(`${harness.gateway.url}/v1beta/models/${MODELS[family]}:streamGenerateContent?key=${TEST_SERVICE_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status: 200, type: 'application/json; charset=utf-8' });
    const elements = JSON.parse(await response.text()) as Array<{ candidates: Array<{ content: { parts: Array<{ text?: string }> }; finishReason?: string }> }>;
    expect(elements.flatMap((element) => element.candidates[0]!.content.parts.map((part) => part.text ?? '')).join('')).toBe('Array stream.');
    expect(elements.at(-1)!.candidates[0]!.finishReason).toBe('STOP');
    expect(harness.logs.some((line) => line.includes(':streamGenerateContent'))).toBe(true);
    expect(harness.logs.filter((line) => line.includes(TEST_SERVICE_KEY))).toEqual([]);
  });

  it('refuses candidateCount above 1 on a bridged model with 400 INVALID_ARGUMENT, before any upstream call', async () => {
    const failure = await ai.models.generateContent({ model: MODELS.openai, contents: 'hi', config: { candidateCount: 2 } }).catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(400);
    expect(JSON.parse((failure as ApiError).message).error).toEqual(expect.objectContaining({ code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('candidateCount') }));
    expect(harness.simulator.openai.requests).toHaveLength(0);
  });
});
