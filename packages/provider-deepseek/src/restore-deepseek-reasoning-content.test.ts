import { describe, expect, it } from '@jest/globals';
import type { ChatMessage } from '@modelgate/core';
import { restoreDeepSeekReasoningContent } from './restore-deepseek-reasoning-content.js';

const CALL = { id: 'call_1', type: 'function' as const, function: { name: 'get_weather', arguments: '{}' } };
const PLACEHOLDER = '(not kept)';

function restore(messages: ChatMessage[]) {
  return restoreDeepSeekReasoningContent(messages, PLACEHOLDER);
}

describe('the reasoning_content round trip', () => {
  it('keeps the reasoning the client echoed on a tool-call turn', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [CALL], reasoning_content: 'Look it up.' },
      { role: 'tool', tool_call_id: 'call_1', content: '4C' },
    ];
    expect(restore(messages)).toEqual({ messages, placeholderAt: [] });
  });

  it('takes it from reasoning_details (DeepSeek’s or unattributed text only) and never sends reasoning_details', () => {
    const { messages, placeholderAt } = restore([
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [CALL],
        reasoning_details: [
          { type: 'reasoning.text', text: 'Look ', format: 'unknown' },
          { type: 'reasoning.text', text: 'signed', signature: 'sig', format: 'anthropic-claude-v1' },
          { type: 'reasoning.encrypted', data: 'opaque' },
          { type: 'reasoning.text', text: 'it up.' },
        ],
      },
    ]);
    expect(messages[1]).toEqual({ role: 'assistant', content: null, tool_calls: [CALL], reasoning_content: 'Look it up.' });
    expect(placeholderAt).toEqual([]);
  });

  it('sends the placeholder on every turn of a tool loop that lost it, and reports where', () => {
    const { messages, placeholderAt } = restore([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [CALL] },
      { role: 'tool', tool_call_id: 'call_1', content: '4C' },
      { role: 'assistant', content: 'It is 4C.', reasoning_content: '' },
      { role: 'user', content: 'thanks' },
    ]);
    expect(placeholderAt).toEqual([1, 3]);
    expect(messages[1]).toMatchObject({ reasoning_content: PLACEHOLDER });
    expect(messages[3]).toEqual({ role: 'assistant', content: 'It is 4C.', reasoning_content: PLACEHOLDER });
  });

  it('leaves turns outside a tool loop as sent, whatever the thinking (DeepSeek ignores their reasoning), minus reasoning_details', () => {
    const plain: ChatMessage = { role: 'assistant', content: 'Hello.' };
    const { messages, placeholderAt } = restore([
      { role: 'user', content: 'hi' },
      plain,
      { role: 'user', content: 'again' },
      { role: 'assistant', content: 'Hi.', reasoning_details: [{ type: 'reasoning.text', text: 'greet' }] },
      { role: 'user', content: 'bye' },
    ]);
    expect(messages[1]).toBe(plain);
    expect(messages[3]).toEqual({ role: 'assistant', content: 'Hi.' });
    expect(placeholderAt).toEqual([]);
  });
});
