import { describe, expect, it } from '@jest/globals';
import type { AnthropicMessagesRequest } from '@modelgate/core';
import { encodeCarrier } from '../shared/reasoning-carrier.js';
import { withoutGatewayThinking } from './anthropic-foreign-thinking.js';

const carrier = encodeCarrier({ details: [{ type: 'reasoning.encrypted', data: 'gemini-signature', format: 'google-gemini-v1' }] });

describe('withoutGatewayThinking', () => {
  it('returns the very request when it holds none of the gateway carriers (Claude signatures kept)', () => {
    const request: AnthropicMessagesRequest = {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm', signature: 'EqClaude' }, { type: 'text', text: 'ok' }] }],
    };
    expect(withoutGatewayThinking(request)).toBe(request);
  });

  it('drops carrier blocks, and an assistant message left empty with its user turns joined', () => {
    const request: AnthropicMessagesRequest = {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: [{ type: 'redacted_thinking', data: carrier }] },
        { role: 'user', content: 'two' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'shown', signature: carrier }, { type: 'text', text: 'answer' }] },
      ],
    };
    expect(withoutGatewayThinking(request).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'answer' }] },
    ]);
  });
});
