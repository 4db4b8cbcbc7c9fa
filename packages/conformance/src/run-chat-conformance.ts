import { describe, expect } from '@jest/globals';
import { SseParser, type ChatCompletionChunk, type ChatCompletionResponse } from '@modelgate/core';
import { checkResponse, checkSchema, checkStream } from './conformance-checks.js';
import { expectImage, expectResponseSchema, expectSystemPrompt, expectTool, expectToolRoundTrip, spokenTurns } from './received-checks.js';
import { useConformanceHarness } from './conformance-harness.js';
import type { ChatConformanceOptions } from './conformance-types.js';

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const WEATHER_TOOL = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};
const TWO_CALLS = [
  { id: 'call_conf_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
  { id: 'call_conf_2', name: 'get_weather', arguments: '{"city":"Bergen"}' },
];

/**
 * Registers the shared chat conformance suite (a jest `describe` block) for one provider: canonical
 * /v1 requests go through a real gateway (by default the suite's own host of the pipeline) to the
 * provider's simulator, and every answer, chunk and error is checked against the /v1 schemas and
 * the stream rules. Call it at the top level of a test file.
 */
export function runChatConformance(options: ChatConformanceOptions): void {
  describe(`chat conformance: ${options.name}`, () => {
    const { upstream, post: postTo, scenario } = useConformanceHarness(options);
    const post = (body: Record<string, unknown>) => postTo('/chat/completions', body);
    const complete = async (body: Record<string, unknown>): Promise<ChatCompletionResponse> => {
      const response = await post(body);
      const json = (await response.json()) as ChatCompletionResponse;
      expect({ status: response.status, body: json }).toMatchObject({ status: 200 });
      checkResponse(json);
      return json;
    };
    const stream = async (body: Record<string, unknown>) => {
      const response = await post({ ...body, stream: true });
      expect(response.status).toBe(200);
      const parser = new SseParser();
      const text = await response.text();
      const events = [...parser.push(text), ...parser.end()];
      expect(events.at(-1)?.data).toBe('[DONE]');
      const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as ChatCompletionChunk);
      const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
      return checkStream(chunks, includeUsage);
    };

    scenario('plain-text', async () => {
      upstream.script({ kind: 'text', text: 'Hello there.', usage: { promptTokens: 11, completionTokens: 3 } });
      const response = await complete({ messages: [{ role: 'user', content: 'Say hello' }] });
      expect(spokenTurns(upstream.received())).toEqual([['user', 'Say hello']]);
      expect(response.choices[0]!.message.content).toBe('Hello there.');
      expect(response.choices[0]!.finish_reason).toBe('stop');
      // The vendor's counts, as it reported them.
      expect(response.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 });
    });

    scenario('plain-text-stream', async () => {
      upstream.script({ kind: 'text', text: 'Hello in a few small pieces.' });
      const result = await stream({ messages: [{ role: 'user', content: 'Say hello' }] });
      expect(result.content).toBe('Hello in a few small pieces.');
      expect([...result.finishReasons.values()]).toEqual(['stop']);
    });

    scenario('system-prompt', async () => {
      upstream.script({ kind: 'text', text: 'Terse.' });
      const response = await complete({ messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'Hi' }] });
      expectSystemPrompt(upstream.received(), 'Be terse.');
      expect(spokenTurns(upstream.received())).toEqual([['user', 'Hi']]);
      expect(response.choices[0]!.message.content).toBe('Terse.');
    });

    scenario('multi-turn', async () => {
      upstream.script({ kind: 'text', text: 'Your name is Ann.' });
      const response = await complete({
        messages: [
          { role: 'user', content: 'My name is Ann.' },
          { role: 'assistant', content: 'Nice to meet you, Ann.' },
          { role: 'user', content: 'What is my name?' },
        ],
      });
      expect(spokenTurns(upstream.received())).toEqual([
        ['user', 'My name is Ann.'],
        ['assistant', 'Nice to meet you, Ann.'],
        ['user', 'What is my name?'],
      ]);
      expect(response.choices[0]!.message.content).toBe('Your name is Ann.');
    });

    scenario('image-input', async () => {
      upstream.script({ kind: 'text', text: 'A single pixel.' });
      const response = await complete({
        messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } }] }],
      });
      expectImage(upstream.received(), PIXEL);
      expect(spokenTurns(upstream.received())).toEqual([['user', 'What is this?']]);
      expect(response.choices[0]!.message.content).toBe('A single pixel.');
    });

    scenario('tool-call', async () => {
      upstream.script({ kind: 'tool-calls', calls: [TWO_CALLS[0]!] });
      const response = await complete({ messages: [{ role: 'user', content: 'Weather in Oslo?' }], tools: [WEATHER_TOOL] });
      expectTool(upstream.received(), 'get_weather', 'city');
      expect(response.choices[0]!.finish_reason).toBe('tool_calls');
      expect(response.choices[0]!.message.tool_calls).toEqual([{ id: 'call_conf_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }]);
    });

    scenario('parallel-tool-calls-stream', async () => {
      upstream.script({ kind: 'tool-calls', calls: TWO_CALLS });
      const result = await stream({ messages: [{ role: 'user', content: 'Weather in Oslo and Bergen?' }], tools: [WEATHER_TOOL] });
      expect(result.toolCalls.map((call) => [call.id, call.name, JSON.parse(call.arguments)])).toEqual([
        ['call_conf_1', 'get_weather', { city: 'Oslo' }],
        ['call_conf_2', 'get_weather', { city: 'Bergen' }],
      ]);
      expect([...result.finishReasons.values()]).toEqual(['tool_calls']);
    });

    scenario('tool-result-round-trip', async () => {
      upstream.script({ kind: 'text', text: 'Oslo 4C, Bergen 7C.' });
      const response = await complete({
        tools: [WEATHER_TOOL],
        messages: [
          { role: 'user', content: 'Weather in Oslo and Bergen?' },
          { role: 'assistant', content: null, tool_calls: TWO_CALLS.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })) },
          { role: 'tool', tool_call_id: 'call_conf_1', content: '4C' },
          { role: 'tool', tool_call_id: 'call_conf_2', content: '7C' },
        ],
      });
      expectToolRoundTrip(upstream.received(), TWO_CALLS, [
        { callId: 'call_conf_1', content: '4C' },
        { callId: 'call_conf_2', content: '7C' },
      ]);
      expect(spokenTurns(upstream.received())[0]).toEqual(['user', 'Weather in Oslo and Bergen?']);
      expect(response.choices[0]!.message.content).toBe('Oslo 4C, Bergen 7C.');
    });

    scenario('json-schema', async () => {
      upstream.script({ kind: 'text', text: '{"city":"Oslo","temp_c":4}' });
      const schema = { type: 'object', properties: { city: { type: 'string' }, temp_c: { type: 'number' } }, required: ['city', 'temp_c'], additionalProperties: false };
      const response = await complete({
        messages: [{ role: 'user', content: 'Weather in Oslo as JSON' }],
        response_format: { type: 'json_schema', json_schema: { name: 'weather', schema, strict: true } },
      });
      expectResponseSchema(upstream.received(), schema);
      expect(JSON.parse(response.choices[0]!.message.content!)).toEqual({ city: 'Oslo', temp_c: 4 });
    });

    scenario('stop-sequence', async () => {
      upstream.script({ kind: 'stop-sequence', text: '1, 2, 3', sequence: 'END' });
      const response = await complete({ messages: [{ role: 'user', content: 'Count' }], stop: ['END'] });
      expect(upstream.received().stopSequences).toContain('END');
      expect(response.choices[0]!.finish_reason).toBe('stop');
      expect(response.choices[0]!.message.content).toBe('1, 2, 3');
    });

    scenario('usage-in-stream', async () => {
      upstream.script({ kind: 'text', text: 'Counting tokens.', usage: { promptTokens: 9, completionTokens: 4 } });
      const result = await stream({ messages: [{ role: 'user', content: 'Count tokens' }], stream_options: { include_usage: true } });
      expect(result.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 });
    });

    scenario('upstream-errors', async () => {
      // An upstream 401 is the gateway's vendor key, not the client's: a 502 that says so. A 429 is
      // the vendor's usual one (with or without a wait), then one asking for a 3 s wait the vendor's
      // way (a header, or Gemini's RetryInfo), which the client must get as retry-after.
      const failures = [[400, 400], [401, 502], [429, 429], [500, 500]] as const;
      for (const [status, expected, retryAfterSeconds] of [...failures, [429, 429, 3] as const]) {
        upstream.script({ kind: 'error', status, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) });
        const response = await post({ messages: [{ role: 'user', content: 'x' }] });
        const body: unknown = await response.json();
        checkSchema('error', body);
        expect(response.status).toBe(expected);
        if (status === 401) expect((body as { error: { code: string } }).error.code).toBe('upstream_authentication_failed');
        if (retryAfterSeconds !== undefined) expect(response.headers.get('retry-after')).toBe(String(retryAfterSeconds));
      }
    });
  });
}
