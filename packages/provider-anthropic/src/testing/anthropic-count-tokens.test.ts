import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from './index.js';

// The simulator's `/v1/messages/count_tokens` over real HTTP: Anthropic's rules for the body,
// without `max_tokens` and `stream`, and a count that grows with the prompt.

const KEY = 'sk-ant-count';
let simulator: AnthropicSimulator;

beforeAll(async () => {
  simulator = await startAnthropicSimulator({ apiKey: KEY });
});
afterAll(() => simulator.close());

async function count(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${simulator.url}/messages/count_tokens`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the Anthropic simulator counts tokens', () => {
  it('answers input_tokens, more for a longer prompt', async () => {
    const short = await count({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'hi' }] });
    const long = await count({ model: 'claude-sonnet-4-5', system: 'Answer briefly.'.repeat(50), messages: [{ role: 'user', content: 'hi' }] });
    expect(short.status).toBe(200);
    expect(short.body.input_tokens).toEqual(expect.any(Number));
    expect(long.body.input_tokens as number).toBeGreaterThan(short.body.input_tokens as number);
  });

  it.each([
    ['max_tokens', { max_tokens: 100 }, 'max_tokens: Extra inputs are not permitted'],
    ['stream', { stream: true }, 'stream: Extra inputs are not permitted'],
    ['an empty text block', { messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] }, 'messages.0.content.0: text content blocks must contain non-whitespace text'],
  ])('refuses %s as Anthropic does', async (_rule, extra, message) => {
    const answer = await count({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'hi' }], ...extra });
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ type: 'error', error: { type: 'invalid_request_error', message } }) });
  });
});
