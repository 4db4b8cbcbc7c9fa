import { describe, expect, it } from '@jest/globals';
import { DEFAULT_REFUSAL } from './anthropic-refusal.js';
import { convertFromAnthropicResponse } from './convert-from-anthropic-response.js';

const message = (content: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content,
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
  ...extra,
});

describe('convertFromAnthropicResponse', () => {
  it('hands out thinking and redacted thinking as reasoning_details, signatures included, and leaves server tools and citations out', () => {
    const response = convertFromAnthropicResponse(
      message([
        { type: 'thinking', thinking: 'Hm.', signature: 'Eq1' },
        { type: 'redacted_thinking', data: 'EmwK' },
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
        { type: 'text', text: 'Answer.', citations: [{ type: 'web_search_result_location', url: 'https://example.com' }] },
      ]),
      1,
    );
    expect(response.choices[0]!.message).toEqual({
      role: 'assistant',
      content: 'Answer.',
      refusal: null,
      reasoning_content: 'Hm.',
      reasoning_details: [
        { type: 'reasoning.text', text: 'Hm.', signature: 'Eq1', format: 'anthropic-claude-v1', index: 0 },
        { type: 'reasoning.encrypted', data: 'EmwK', format: 'anthropic-claude-v1', index: 1 },
      ],
    });
  });

  it('fills message.refusal for a refusal, with Anthropic’s explanation when it gives one', () => {
    const explained = convertFromAnthropicResponse(message([], { stop_reason: 'refusal', stop_details: { type: 'refusal', category: 'cyber', explanation: 'Declined.' } }), 1);
    expect(explained.choices[0]).toMatchObject({ finish_reason: 'content_filter', message: { refusal: 'Declined.' } });
    const bare = convertFromAnthropicResponse(message([], { stop_reason: 'refusal' }), 1);
    expect(bare.choices[0]!.message.refusal).toBe(DEFAULT_REFUSAL);
  });
});
