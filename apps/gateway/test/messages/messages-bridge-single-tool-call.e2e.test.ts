import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastBody, scriptToolCalls } from '../support/messages-front-scripts.js';

// `tool_choice.disable_parallel_tool_use: true` on a bridged model: Gemini and DeepSeek have no
// `parallel_tool_calls` (the gateway would refuse to send it), so nothing about it goes upstream and
// the bridge keeps the promise itself: at most one `tool_use` in the answer, streamed or not.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());

const LOOKUP = { name: 'lookup', description: 'Look a word up', input_schema: { type: 'object' as const, properties: { word: { type: 'string' } }, required: ['word'] } };
const CALLS = [
  { id: 'call_a', name: 'lookup', input: { word: 'alpha' } },
  { id: 'call_b', name: 'lookup', input: { word: 'beta' } },
];

describe.each(['openai', 'google', 'deepseek'] as const)('%s with disable_parallel_tool_use', (family) => {
  it.each([false, true])('answers one tool_use when the model called two (stream: %s), sending nothing the family refuses', async (stream) => {
    gateway.simulator[family].reset();
    scriptToolCalls(gateway.simulator, family, CALLS);
    const request = {
      model: MESSAGES_TEST_MODELS[family],
      max_tokens: 256,
      tools: [LOOKUP],
      tool_choice: { type: 'auto' as const, disable_parallel_tool_use: true },
      messages: [{ role: 'user' as const, content: 'Look up alpha and beta' }],
    };
    const message = stream ? await client.messages.stream(request).finalMessage() : await client.messages.create(request);
    const toolUses = message.content.filter((block) => block.type === 'tool_use');
    expect(toolUses).toEqual([expect.objectContaining({ name: 'lookup', input: { word: 'alpha' } })]);
    expect(message.stop_reason).toBe('tool_use');
    expect(lastBody(gateway.simulator, family)).not.toHaveProperty('parallel_tool_calls');
  });
});
