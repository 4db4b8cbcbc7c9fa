import { describe, expect, it } from '@jest/globals';
import { GatewayError, type ChatCompletionChunk } from '@modelgate/core';
import { AnthropicStreamTranslator } from './anthropic-stream-translator.js';

const event = (payload: Record<string, unknown>) => ({ event: String(payload.type), data: JSON.stringify(payload) });
const start = event({
  type: 'message_start',
  message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 25, cache_read_input_tokens: 5, output_tokens: 1 } },
});

function run(translator: AnthropicStreamTranslator, events: Array<{ event: string; data: string }>): ChatCompletionChunk[] {
  return [...events.flatMap((item) => translator.onEvent(item)), ...translator.onEnd()].map((output) => output.chunk);
}

describe('AnthropicStreamTranslator', () => {
  it('maps text, a no-argument tool and usage, ignoring pings', () => {
    const chunks = run(new AnthropicStreamTranslator(true, 7), [
      start,
      event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      event({ type: 'ping' }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
      event({ type: 'content_block_stop', index: 0 }),
      event({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'now', input: {} } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } }),
      event({ type: 'content_block_stop', index: 1 }),
      event({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 9 } }),
      event({ type: 'message_stop' }),
    ]);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta ?? null)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'Hi' },
      { tool_calls: [{ index: 0, id: 'toolu_1', type: 'function', function: { name: 'now', arguments: '' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{}' } }] },
      {},
      null,
    ]);
    expect(chunks[4]!.choices[0]!.finish_reason).toBe('tool_calls');
    expect(chunks.slice(0, 5).every((chunk) => chunk.usage === null && chunk.id === 'msg_1' && chunk.created === 7)).toBe(true);
    expect(chunks[5]!.usage).toMatchObject({ prompt_tokens: 30, completion_tokens: 9, total_tokens: 39, prompt_tokens_details: { cached_tokens: 5 } });
  });

  it('leaves usage out entirely without include_usage', () => {
    const chunks = run(new AnthropicStreamTranslator(false, 1), [
      start,
      event({ type: 'message_delta', delta: { stop_reason: 'max_tokens', stop_sequence: null }, usage: { output_tokens: 1 } }),
      event({ type: 'message_stop' }),
    ]);
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('length');
  });

  it('turns an error event into a readable gateway error', () => {
    const translator = new AnthropicStreamTranslator(false, 1);
    translator.onEvent(start);
    let caught: unknown;
    try {
      translator.onEvent(event({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    } catch (error) {
      caught = error;
    }
    expect(GatewayError.isInstance(caught)).toBe(true);
    expect((caught as GatewayError).toBody()).toEqual({ message: 'Overloaded', type: 'server_error', param: null, code: 'overloaded' });
  });

  it('streams thinking as reasoning_content and reasoning_details pieces under one index per block', () => {
    const deltas = run(new AnthropicStreamTranslator(false, 1), [
      start,
      event({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hm.' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'Eq1' } }),
      event({ type: 'content_block_stop', index: 0 }),
      event({ type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'EmwK' } }),
      event({ type: 'content_block_stop', index: 1 }),
      event({ type: 'content_block_start', index: 2, content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} } }),
      event({ type: 'content_block_stop', index: 2 }),
      event({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }),
      event({ type: 'message_stop' }),
    ]).map((chunk) => chunk.choices[0]?.delta);
    const format = 'anthropic-claude-v1';
    expect(deltas.slice(1, 4)).toEqual([
      { reasoning_content: 'Hm.', reasoning_details: [{ type: 'reasoning.text', text: 'Hm.', format, index: 0 }] },
      { reasoning_details: [{ type: 'reasoning.text', text: '', signature: 'Eq1', format, index: 0 }] },
      { reasoning_details: [{ type: 'reasoning.encrypted', data: 'EmwK', format, index: 1 }] },
    ]);
    expect(deltas).toHaveLength(5);
  });

  it('streams a tool input sent whole in content_block_start as its arguments, with no "{}" after it', () => {
    const deltas = run(new AnthropicStreamTranslator(false, 1), [
      start,
      event({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: { city: 'Oslo' } } }),
      event({ type: 'content_block_stop', index: 0 }),
      event({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 3 } }),
      event({ type: 'message_stop' }),
    ]).map((chunk) => chunk.choices[0]?.delta);
    expect(deltas[1]).toEqual({ tool_calls: [{ index: 0, id: 'toolu_1', type: 'function', function: { name: 'f', arguments: '{"city":"Oslo"}' } }] });
    expect(deltas).toHaveLength(3);
  });

  it('puts a refusal’s explanation in delta.refusal next to content_filter', () => {
    const chunks = run(new AnthropicStreamTranslator(false, 1), [
      start,
      event({ type: 'message_delta', delta: { stop_reason: 'refusal', stop_sequence: null, stop_details: { type: 'refusal', explanation: 'Declined.' } }, usage: { output_tokens: 1 } }),
      event({ type: 'message_stop' }),
    ]);
    expect(chunks[1]!.choices[0]).toMatchObject({ delta: { refusal: 'Declined.' }, finish_reason: 'content_filter' });
  });

  it('reports an overloaded error before any content with the status a client retries (503)', () => {
    const translator = new AnthropicStreamTranslator(false, 1);
    expect(translator.onEvent(start)).toHaveLength(1);
    expect(() => translator.onEvent(event({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }))).toThrow(
      expect.objectContaining({ status: 503, kind: 'overloaded', code: 'overloaded' }),
    );
  });

  it('fails a stream cut before message_stop', () => {
    const translator = new AnthropicStreamTranslator(false, 1);
    translator.onEvent(start);
    expect(() => translator.onEnd()).toThrow(/before message_stop/);
  });
});
