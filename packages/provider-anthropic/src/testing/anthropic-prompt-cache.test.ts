import { describe, expect, it } from '@jest/globals';
import { AnthropicPromptCache } from './anthropic-prompt-cache.js';

// 4,400 characters: 1,100 tokens at the simulator's four characters a token, above the minimum.
const SYSTEM = 'You are a careful coding agent. '.repeat(137) + 'Be brief.';
const breakpoint = (ttl?: '1h') => ({ cache_control: { type: 'ephemeral', ...(ttl && { ttl }) } });
const text = (value: string, marked?: object) => ({ type: 'text', text: value, ...marked });

function turn(users: readonly string[], ttl?: '1h') {
  const messages = users.flatMap((user, index) => [
    { role: 'user', content: [text(user, index >= users.length - 2 ? breakpoint(ttl) : undefined)] },
    ...(index < users.length - 1 ? [{ role: 'assistant', content: [text(`answer ${index}`)] }] : []),
  ]);
  return { model: 'claude-sonnet-4-5', system: [text(SYSTEM, breakpoint(ttl))], messages };
}

describe('the Anthropic simulator prompt cache', () => {
  it('writes the prefix at the breakpoints, then the next turn reads it and writes only what is new', () => {
    const cache = new AnthropicPromptCache(() => 0);
    const first = cache.account(turn(['first question']))!;
    expect(first).toMatchObject({ readTokens: 0, written1hTokens: 0 });
    expect(first.written5mTokens).toBeGreaterThan(1_100);
    const second = cache.account(turn(['first question', 'second question']))!;
    expect(second.readTokens).toBe(first.written5mTokens);
    expect(second.written5mTokens).toBe(Math.ceil('answer 0'.length / 4) + Math.ceil('second question'.length / 4));
    expect(second.inputTokens).toBe(3);
  });

  it('splits writes by time to live, and caches nothing below the minimum or without breakpoints', () => {
    const cache = new AnthropicPromptCache(() => 0);
    const written = cache.account(turn(['q'], '1h'))!;
    expect(written).toMatchObject({ written5mTokens: 0, readTokens: 0 });
    expect(written.written1hTokens).toBeGreaterThanOrEqual(1_100);
    expect(cache.account(turn(['q'], '1h'))).toMatchObject({ readTokens: written.written1hTokens, written1hTokens: 0 });
    const short = { model: 'm', system: [text('short', breakpoint())], messages: [{ role: 'user', content: 'hi' }] };
    expect(cache.account(short)).toMatchObject({ readTokens: 0, written5mTokens: 0, written1hTokens: 0 });
    expect(cache.account({ model: 'm', messages: [{ role: 'user', content: SYSTEM }] })).toBeUndefined();
  });

  it('forgets a prefix once its time to live has passed, and another model never reads it', () => {
    let now = 0;
    const cache = new AnthropicPromptCache(() => now);
    cache.account(turn(['q']));
    expect(cache.account({ ...turn(['q']), model: 'claude-opus-4-1' })!.readTokens).toBe(0);
    now = 299_999;
    expect(cache.account(turn(['q']))!.readTokens).toBeGreaterThan(0);
    now = 299_999 + 300_000;
    expect(cache.account(turn(['q']))!.readTokens).toBe(0);
  });
});
