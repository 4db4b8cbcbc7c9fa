import { describe, expect } from '@jest/globals';
import { checkSchema } from './conformance-checks.js';
import { useConformanceHarness } from './conformance-harness.js';
import type { ResponsesConformanceOptions } from './conformance-types.js';
import { expectResponseSchema, expectSystemPrompt, expectTool, expectToolRoundTrip, spokenTurns } from './received-checks.js';
import { checkResponsesStream } from './responses-stream-checks.js';

const WEATHER_TOOL = { type: 'function', name: 'get_weather', description: 'Current weather', strict: false, parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const TWO_CALLS = [
  { id: 'call_conf_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
  { id: 'call_conf_2', name: 'get_weather', arguments: '{"city":"Bergen"}' },
];

type ResponseBody = Record<string, unknown> & { output: Array<Record<string, unknown>>; usage: Record<string, unknown>; status: string };

const itemsOf = (response: { output: Array<Record<string, unknown>> }, type: string) => response.output.filter((item) => item.type === type);
const textOf = (response: { output: Array<Record<string, unknown>> }) =>
  itemsOf(response, 'message')
    .flatMap((item) => item.content as Array<{ type: string; text?: string }>)
    .map((part) => part.text ?? '')
    .join('');

/**
 * Registers the Responses conformance suite for one provider whose models the gateway serves over
 * `/v1/responses` (natively, or through the Responses bridge: the host must have it on). The same
 * scripted upstream as the chat suite answers canonical Responses requests; every answer and
 * stream is checked against the Responses rules, and what reached the vendor is checked too.
 */
export function runResponsesConformance(options: ResponsesConformanceOptions): void {
  describe(`responses conformance: ${options.name}`, () => {
    const { upstream, post: postTo, scenario } = useConformanceHarness(options);
    const post = (body: Record<string, unknown>) => postTo('/responses', body);
    const create = async (body: Record<string, unknown>): Promise<ResponseBody> => {
      const response = await post(body);
      const json = (await response.json()) as ResponseBody;
      expect({ status: response.status, body: json }).toMatchObject({ status: 200, body: { object: 'response', model: options.model } });
      return json;
    };
    const stream = async (body: Record<string, unknown>) => {
      const response = await post({ ...body, stream: true });
      expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringContaining('text/event-stream') });
      return checkResponsesStream(await response.text());
    };

    scenario('plain-text', async () => {
      upstream.script({ kind: 'text', text: 'Hello there.', usage: { promptTokens: 11, completionTokens: 3 } });
      const response = await create({ input: 'Say hello' });
      expect(spokenTurns(upstream.received())).toEqual([['user', 'Say hello']]);
      expect({ status: response.status, text: textOf(response) }).toEqual({ status: 'completed', text: 'Hello there.' });
      expect(response.usage).toMatchObject({ input_tokens: 11, output_tokens: 3, total_tokens: 14 });
    });

    scenario('plain-text-stream', async () => {
      upstream.script({ kind: 'text', text: 'Hello in a few small pieces.' });
      const result = await stream({ input: 'Say hello' });
      expect(result.text).toBe('Hello in a few small pieces.');
      expect(result.events.at(-1)!.type).toBe('response.completed');
    });

    scenario('system-prompt', async () => {
      upstream.script({ kind: 'text', text: 'Terse.' });
      const response = await create({ instructions: 'Be terse.', input: [{ role: 'user', content: 'Hi' }] });
      expectSystemPrompt(upstream.received(), 'Be terse.');
      expect(textOf(response)).toBe('Terse.');
    });

    scenario('multi-turn', async () => {
      upstream.script({ kind: 'text', text: 'Your name is Ann.' });
      await create({
        input: [
          { role: 'user', content: 'My name is Ann.' },
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Nice to meet you, Ann.' }] },
          { role: 'user', content: [{ type: 'input_text', text: 'What is my name?' }] },
        ],
      });
      expect(spokenTurns(upstream.received())).toEqual([
        ['user', 'My name is Ann.'],
        ['assistant', 'Nice to meet you, Ann.'],
        ['user', 'What is my name?'],
      ]);
    });

    scenario('tool-call', async () => {
      upstream.script({ kind: 'tool-calls', calls: [TWO_CALLS[0]!] });
      const response = await create({ input: 'Weather in Oslo?', tools: [WEATHER_TOOL] });
      expectTool(upstream.received(), 'get_weather', 'city');
      expect(itemsOf(response, 'function_call')).toEqual([{ id: expect.any(String), type: 'function_call', status: 'completed', call_id: 'call_conf_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }]);
    });

    scenario('parallel-tool-calls-stream', async () => {
      upstream.script({ kind: 'tool-calls', calls: TWO_CALLS });
      const result = await stream({ input: 'Weather in Oslo and Bergen?', tools: [WEATHER_TOOL] });
      const calls = itemsOf(result.response, 'function_call');
      expect(calls.map((call) => [call.call_id, call.name, JSON.parse(call.arguments as string)])).toEqual([
        ['call_conf_1', 'get_weather', { city: 'Oslo' }],
        ['call_conf_2', 'get_weather', { city: 'Bergen' }],
      ]);
      const deltas = result.events.filter((event) => event.type === 'response.function_call_arguments.delta');
      for (const call of calls) expect(JSON.parse(deltas.filter((event) => event.item_id === call.id).map((event) => event.delta).join(''))).toEqual(JSON.parse(call.arguments as string));
    });

    scenario('tool-result-round-trip', async () => {
      upstream.script({ kind: 'text', text: 'Oslo 4C, Bergen 7C.' });
      const response = await create({
        tools: [WEATHER_TOOL],
        input: [
          { role: 'user', content: 'Weather in Oslo and Bergen?' },
          ...TWO_CALLS.map((call) => ({ type: 'function_call', call_id: call.id, name: call.name, arguments: call.arguments })),
          { type: 'function_call_output', call_id: 'call_conf_1', output: '4C' },
          { type: 'function_call_output', call_id: 'call_conf_2', output: '7C' },
        ],
      });
      expectToolRoundTrip(upstream.received(), TWO_CALLS, [
        { callId: 'call_conf_1', content: '4C' },
        { callId: 'call_conf_2', content: '7C' },
      ]);
      expect(textOf(response)).toBe('Oslo 4C, Bergen 7C.');
    });

    scenario('json-schema', async () => {
      upstream.script({ kind: 'text', text: '{"city":"Oslo","temp_c":4}' });
      const schema = { type: 'object', properties: { city: { type: 'string' }, temp_c: { type: 'number' } }, required: ['city', 'temp_c'], additionalProperties: false };
      const response = await create({ input: 'Weather in Oslo as JSON', text: { format: { type: 'json_schema', name: 'weather', schema, strict: true } } });
      expectResponseSchema(upstream.received(), schema);
      expect(JSON.parse(textOf(response))).toEqual({ city: 'Oslo', temp_c: 4 });
    });

    scenario('usage-in-stream', async () => {
      upstream.script({ kind: 'text', text: 'Counting tokens.', usage: { promptTokens: 9, completionTokens: 4 } });
      const result = await stream({ input: 'Count tokens' });
      expect(result.response.usage).toMatchObject({ input_tokens: 9, output_tokens: 4, total_tokens: 13 });
    });

    scenario('upstream-errors', async () => {
      // As on chat: the gateway's vendor key failing is a 502 of its own; the others keep their status.
      for (const [status, expected] of [[400, 400], [401, 502], [429, 429], [500, 500]] as const) {
        upstream.script({ kind: 'error', status });
        const response = await post({ input: 'x' });
        const body: unknown = await response.json();
        checkSchema('error', body);
        expect(response.status).toBe(expected);
      }
    });
  });
}
