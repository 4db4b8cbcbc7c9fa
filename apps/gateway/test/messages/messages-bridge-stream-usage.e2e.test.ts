import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { scriptText } from '../support/messages-front-scripts.js';

// A bridged stream's `message_start` carries the prompt's size, as Anthropic's does (many consumers
// read input tokens only there): the upstream's counts when its first chunk has them, else the
// gateway's estimate; `message_delta` then has the upstream's exact counts.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());

describe.each(['openai', 'google', 'deepseek'] as const)('%s streamed through /v1/messages', (family) => {
  it('opens with message_start.usage.input_tokens near the prompt size, then the exact counts', async () => {
    gateway.simulator[family].reset();
    scriptText(gateway.simulator, family, 'Short answer.');
    const prompt = 'Count these words please. '.repeat(200);
    const stream = client.messages.stream({ model: MESSAGES_TEST_MODELS[family], max_tokens: 256, messages: [{ role: 'user', content: prompt }] });
    const starts: Anthropic.Usage[] = [];
    stream.on('streamEvent', (event) => {
      // A copy: the SDK goes on updating the message it started with.
      if (event.type === 'message_start') starts.push({ ...event.message.usage });
    });
    const message = await stream.finalMessage();
    expect(starts).toHaveLength(1);
    const exact = message.usage.input_tokens;
    expect(exact).toBeGreaterThan(500);
    // An estimate (about four characters a token), within a factor of two of the vendor's count.
    expect(starts[0]!.input_tokens).toBeGreaterThan(exact / 2);
    expect(starts[0]!.input_tokens).toBeLessThan(exact * 2);
  });
});
