import { describe, expect } from '@jest/globals';
import { useConformanceHarness } from './conformance-harness.js';
import type { GeminiConformanceOptions } from './conformance-types.js';
import { expectResponseSchema, expectSystemPrompt, expectTool, expectToolRoundTrip, spokenTurns } from './received-checks.js';

const WEATHER = { name: 'get_weather', description: 'Current weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const TWO_CALLS = [
  { id: 'call_conf_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
  { id: 'call_conf_2', name: 'get_weather', arguments: '{"city":"Bergen"}' },
];
/** Google's RPC status names by HTTP status (PROTOCOLS E.5). */
const STATUS_NAMES: Readonly<Record<number, string>> = { 400: 'INVALID_ARGUMENT', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL' };

interface Part {
  text?: string;
  thought?: boolean;
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
}
interface GeminiResponse {
  candidates: Array<{ content: { role: string; parts: Part[] }; finishReason?: string }>;
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; totalTokenCount?: number };
}

/** The counts scripted, as Gemini splits them: output is `candidatesTokenCount` plus `thoughtsTokenCount` (a reasoning model's). */
function expectUsage(usage: GeminiResponse['usageMetadata'], prompt: number, output: number): void {
  const split = usage as { candidatesTokenCount?: number; thoughtsTokenCount?: number } | undefined;
  expect({ prompt: usage?.promptTokenCount, output: (split?.candidatesTokenCount ?? 0) + (split?.thoughtsTokenCount ?? 0), total: usage?.totalTokenCount }).toEqual({ prompt, output, total: prompt + output });
}

const partsOf = (responses: readonly GeminiResponse[]) => responses.flatMap((response) => response.candidates.flatMap((candidate) => candidate.content.parts));
const textOf = (responses: readonly GeminiResponse[]) => partsOf(responses).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');
const user = (text: string) => ({ role: 'user', parts: [{ text }] });

/** Each `data:` event of an SSE body, parsed. */
function sseElements(text: string): GeminiResponse[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n'))
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as GeminiResponse);
}

/**
 * Registers the Gemini-front conformance suite for one provider: the google-genai SDKs' and Gemini
 * CLI's requests (`/v1beta/models/{model}:generateContent`, streamed as SSE and as a JSON array,
 * function calls and their responses, JSON schema, counting) answered in Gemini's shapes, whether
 * the provider speaks the Gemini API (pass-through) or is bridged through the hub; what reached
 * the vendor is checked in its neutral terms.
 */
export function runGeminiConformance(options: GeminiConformanceOptions): void {
  describe(`gemini conformance: ${options.name}`, () => {
    const { upstream, postAs, scenario } = useConformanceHarness(options);
    const post = (operation: string, body: Record<string, unknown>, query = '') =>
      postAs(`/v1beta/models/${options.model}:${operation}${query}`, body, (apiKey) => ({ 'x-goog-api-key': apiKey }));
    const generate = async (body: Record<string, unknown>): Promise<GeminiResponse> => {
      const response = await post('generateContent', body);
      const json = (await response.json()) as GeminiResponse;
      expect({ status: response.status, candidates: Array.isArray(json.candidates) }).toEqual({ status: 200, candidates: true });
      return json;
    };

    scenario('plain-text', async () => {
      upstream.script({ kind: 'text', text: 'Hello there.', usage: { promptTokens: 11, completionTokens: 3 } });
      const response = await generate({ contents: [user('Say hello')] });
      expect(spokenTurns(upstream.received())).toEqual([['user', 'Say hello']]);
      expect({ text: textOf([response]), finish: response.candidates[0]!.finishReason }).toEqual({ text: 'Hello there.', finish: 'STOP' });
      expectUsage(response.usageMetadata, 11, 3);
    });

    scenario('plain-text-stream', async () => {
      upstream.script({ kind: 'text', text: 'Hello in a few small pieces.' });
      const sse = await post('streamGenerateContent', { contents: [user('Say hello')] }, '?alt=sse');
      expect({ status: sse.status, type: sse.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringContaining('text/event-stream') });
      const events = sseElements(await sse.text());
      expect(textOf(events)).toBe('Hello in a few small pieces.');
      expect(events.at(-1)!.candidates[0]!.finishReason).toBe('STOP');
      // Without alt=sse: the same answer as one JSON array.
      upstream.script({ kind: 'text', text: 'An array this time.' });
      const array = await post('streamGenerateContent', { contents: [user('Say hello')] });
      expect({ status: array.status, type: array.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringContaining('application/json') });
      expect(textOf(JSON.parse(await array.text()) as GeminiResponse[])).toBe('An array this time.');
    });

    scenario('system-prompt', async () => {
      upstream.script({ kind: 'text', text: 'Terse.' });
      const response = await generate({ systemInstruction: { parts: [{ text: 'Be terse.' }] }, contents: [user('Hi')] });
      expectSystemPrompt(upstream.received(), 'Be terse.');
      expect(textOf([response])).toBe('Terse.');
    });

    scenario('multi-turn', async () => {
      upstream.script({ kind: 'text', text: 'Your name is Ann.' });
      await generate({ contents: [user('My name is Ann.'), { role: 'model', parts: [{ text: 'Nice to meet you, Ann.' }] }, user('What is my name?')] });
      expect(spokenTurns(upstream.received())).toEqual([
        ['user', 'My name is Ann.'],
        ['assistant', 'Nice to meet you, Ann.'],
        ['user', 'What is my name?'],
      ]);
    });

    scenario('tool-call', async () => {
      upstream.script({ kind: 'tool-calls', calls: TWO_CALLS });
      const response = await generate({ contents: [user('Weather in Oslo and Bergen?')], tools: [{ functionDeclarations: [WEATHER] }] });
      expectTool(upstream.received(), 'get_weather', 'city');
      const calls = partsOf([response]).flatMap((part) => (part.functionCall ? [part.functionCall] : []));
      expect(calls).toEqual([
        { id: expect.any(String), name: 'get_weather', args: { city: 'Oslo' } },
        { id: expect.any(String), name: 'get_weather', args: { city: 'Bergen' } },
      ]);
    });

    scenario('tool-result-round-trip', async () => {
      upstream.script({ kind: 'text', text: 'Oslo 4C, Bergen 7C.' });
      const response = await generate({
        tools: [{ functionDeclarations: [WEATHER] }],
        contents: [
          user('Weather in Oslo and Bergen?'),
          { role: 'model', parts: TWO_CALLS.map((call) => ({ functionCall: { id: call.id, name: call.name, args: JSON.parse(call.arguments) as object } })) },
          { role: 'user', parts: [{ functionResponse: { id: 'call_conf_1', name: 'get_weather', response: { output: '4C' } } }, { functionResponse: { id: 'call_conf_2', name: 'get_weather', response: { output: '7C' } } }] },
        ],
      });
      const received = upstream.received();
      // Results travel as their JSON objects on families whose tool results are text.
      const sentResults = received.messages.flatMap((message) => message.toolResults);
      expectToolRoundTrip(received, TWO_CALLS, sentResults.map((result, index) => ({ callId: TWO_CALLS[index]!.id, content: result.content })));
      expect(sentResults.map((result) => JSON.stringify(result.content))).toEqual([expect.stringContaining('4C'), expect.stringContaining('7C')]);
      expect(textOf([response])).toBe('Oslo 4C, Bergen 7C.');
    });

    scenario('json-schema', async () => {
      upstream.script({ kind: 'text', text: '{"city":"Oslo","temp_c":4}' });
      const schema = { type: 'object', properties: { city: { type: 'string' }, temp_c: { type: 'number' } }, required: ['city', 'temp_c'], additionalProperties: false };
      const response = await generate({ contents: [user('Weather in Oslo as JSON')], generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema } });
      expectResponseSchema(upstream.received(), schema);
      expect(JSON.parse(textOf([response]))).toEqual({ city: 'Oslo', temp_c: 4 });
    });

    scenario('usage-in-stream', async () => {
      upstream.script({ kind: 'text', text: 'Counting tokens.', usage: { promptTokens: 9, completionTokens: 4 } });
      const events = sseElements(await (await post('streamGenerateContent', { contents: [user('Count tokens')] }, '?alt=sse')).text());
      expectUsage(events.at(-1)!.usageMetadata, 9, 4);
    });

    scenario('upstream-errors', async () => {
      // Google's envelope and status names; the gateway's vendor key failing is the gateway's own failure (INTERNAL).
      for (const [status, expected] of [[400, 400], [401, 500], [429, 429], [500, 500]] as const) {
        upstream.script({ kind: 'error', status });
        const response = await post('generateContent', { contents: [user('x')] });
        expect({ status: response.status, body: await response.json() }).toEqual({ status: expected, body: { error: { code: expected, message: expect.any(String), status: STATUS_NAMES[expected] } } });
      }
    });
  });
}
