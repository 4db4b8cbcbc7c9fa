import { describe, expect, it } from '@jest/globals';
import { AnthropicToolIds } from './anthropic-tool-ids.js';

describe('AnthropicToolIds: Anthropic’s id alphabet, injectively', () => {
  it('keeps valid ids and gives ids that sanitise alike different ids', () => {
    const ids = new AnthropicToolIds();
    expect(ids.openTurn(['toolu_01A', 'call.1', 'call_1', 'call 1'])).toEqual(['toolu_01A', 'call_1', 'call_1_2', 'call_1_3']);
    expect([ids.resultId('call_1'), ids.resultId('call.1'), ids.resultId('call 1')]).toEqual(['call_1_2', 'call_1', 'call_1_3']);
  });

  it('gives an id reused by a later assistant turn a new id, and results find the latest turn', () => {
    const ids = new AnthropicToolIds();
    expect(ids.openTurn(['call_0'])).toEqual(['call_0']);
    expect(ids.resultId('call_0')).toBe('call_0');
    expect(ids.openTurn(['call_0'])).toEqual(['call_0_2']);
    expect(ids.resultId('call_0')).toBe('call_0_2');
  });
});
