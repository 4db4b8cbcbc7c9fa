import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { GatewayError, SseParser, type ChatCompletionChunk } from '@modelgate/core';
import { createFunctionNameMap } from './google-function-names.js';
import { GoogleStreamTranslator } from './google-stream-translator.js';

const names = createFunctionNameMap({ model: 'm', messages: [] });
const translator = (includeUsage = true) => new GoogleStreamTranslator(includeUsage, 7, 'gemini-requested', names, 'gemini-requested@0a1b2c3d');

function run(stream: GoogleStreamTranslator, transcript: string): ChatCompletionChunk[] {
  const parser = new SseParser();
  const events = [...parser.push(transcript), ...parser.end()];
  return [...events.flatMap((event) => stream.onEvent(event)), ...stream.onEnd()].map((output) => output.chunk);
}

const transcript = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const data = (payload: unknown) => `data: ${JSON.stringify(payload)}\r\n\r\n`;

describe('GoogleStreamTranslator (PROTOCOLS E.4, F.11), on recorded-shape transcripts', () => {
  it('streams thoughts, text, then two calls from separate chunks with stable indexes; a metadata-only chunk only adds usage', () => {
    const chunks = run(translator(), transcript('gemini-parallel-calls-thinking.sse'));
    expect(chunks.map((chunk) => chunk.choices[0]?.delta ?? null)).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: 'Two cities, two calls.' },
      { content: 'Checking ' },
      { content: 'both.' },
      { tool_calls: [{ index: 0, id: 'x1k9ab2c', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' }, extra_content: { google: { thought_signature: 'mg-gemini-1:gemini-requested@0a1b2c3d:CiQBsig1' } } }] },
      { tool_calls: [{ index: 1, id: 'q7w2er9t', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Bergen"}' } }] },
      {},
      null,
    ]);
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason ?? null)).toEqual([null, null, null, null, null, null, 'tool_calls', null]);
    expect(chunks.every((chunk) => chunk.id === 'resp-parallel' && chunk.created === 7 && chunk.model === 'gemini-3.8-flash')).toBe(true);
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    // The thoughts count of the first chunk survives the later chunks that omit it.
    expect(chunks.at(-1)!.usage).toEqual({
      prompt_tokens: 9,
      completion_tokens: 17,
      total_tokens: 26,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 5 },
    });
  });

  it('mints an id for a call that has none (Gemini 2.x) and carries a signature from an empty text part as a reasoning detail', () => {
    const chunks = run(translator(false), transcript('gemini-2-call-without-id.sse'));
    const deltas = chunks.map((chunk) => chunk.choices[0]!.delta);
    expect(deltas.slice(1, 3)).toEqual([{ content: 'Hel' }, { content: 'lo!' }]);
    expect(deltas[3]!.tool_calls).toEqual([{ index: 0, id: expect.stringMatching(/^call_noid_[0-9a-f]{24}$/), type: 'function', function: { name: 'now', arguments: '{}' } }]);
    expect(deltas[4]).toEqual({ reasoning_details: [{ type: 'reasoning.encrypted', data: 'mg-gemini-1:gemini-requested@0a1b2c3d:EMPTYSIG', format: 'google-gemini-v1', index: 0 }] });
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
  });

  it('answers a blocked prompt with a refusal and content_filter', () => {
    const chunks = run(translator(false), data({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4, totalTokenCount: 4 }, responseId: 'blocked' }));
    expect(chunks.map((chunk) => [chunk.choices[0]!.delta, chunk.choices[0]!.finish_reason])).toEqual([
      [{ role: 'assistant', content: '' }, null],
      [{ refusal: 'Gemini blocked the prompt (SAFETY)' }, 'content_filter'],
    ]);
  });

  it('fails on a malformed call after the stream started, a mid-stream error, and a stream cut before its finish reason', () => {
    const started = translator(false);
    started.onEvent({ data: JSON.stringify({ candidates: [{ content: { parts: [{ text: 'Let me' }] }, index: 0 }], responseId: 'r' }) });
    let caught: unknown;
    try {
      started.onEvent({ data: JSON.stringify({ candidates: [{ finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: 'Malformed function call: x(', index: 0 }], responseId: 'r' }) });
    } catch (error) {
      caught = error;
    }
    expect(GatewayError.isInstance(caught) && { status: caught.status, code: caught.code, message: caught.message }).toEqual({
      status: 502,
      code: 'malformed_function_call',
      message: 'Gemini ended the answer without a usable result (MALFORMED_FUNCTION_CALL): Malformed function call: x(',
    });
    expect(() => translator().onEvent({ data: JSON.stringify({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }) })).toThrow('The model is overloaded.');
    const cut = translator();
    cut.onEvent({ data: JSON.stringify({ candidates: [{ content: { parts: [{ text: 'Hi' }] }, index: 0 }] }) });
    expect(() => cut.onEnd()).toThrow(/without a finish reason/);
  });
});
