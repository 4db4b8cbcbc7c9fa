import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastBody } from '../support/messages-front-scripts.js';

// A Messages request without `thinking` (Anthropic's default: no thinking) bridged to a model that
// thinks: the answer opens with its text, as code reading `content[0].text` expects; the model was
// asked not to think (Gemini: no thought summaries, the least thinking; DeepSeek: thinking
// disabled); a Gemini call signature still travels to the next turn, after the `tool_use`.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.simulator.google.reset();
  gateway.simulator.deepseek.reset();
});

const blockTypes = (message: Anthropic.Message) => message.content.map((block) => block.type);
const LOOKUP = { name: 'lookup', description: 'Look a word up', input_schema: { type: 'object' as const, properties: { word: { type: 'string' } }, required: ['word'] } };

function scriptGeminiThinkingText(): void {
  gateway.simulator.google.enqueueReply({ parts: [{ text: 'Thinking it over.', thought: true }, { text: 'Plain answer.' }] });
}

describe('without thinking, a bridged answer opens with its text', () => {
  it.each([false, true])('Gemini (stream: %s): no thought summaries asked for, no thinking block, content[0] is the text', async (stream) => {
    scriptGeminiThinkingText();
    const request = { model: MESSAGES_TEST_MODELS.google, max_tokens: 256, messages: [{ role: 'user' as const, content: 'Say something' }] };
    const message = stream ? await client.messages.stream(request).finalMessage() : await client.messages.create(request);
    expect(blockTypes(message)).toEqual(['text']);
    expect(message.content[0]).toEqual({ type: 'text', text: 'Plain answer.' });
    const config = (lastBody(gateway.simulator, 'google').generationConfig as { thinkingConfig?: Record<string, unknown> }).thinkingConfig;
    expect(config?.includeThoughts).toBeUndefined();
    expect(config?.thinkingLevel).toBe('LOW');
  });

  it.each([false, true])('DeepSeek (stream: %s): thinking disabled upstream, content[0] is the text', async (stream) => {
    gateway.simulator.deepseek.enqueueReply({ kind: 'text', text: 'DeepSeek answer.' });
    const request = { model: MESSAGES_TEST_MODELS.deepseek, max_tokens: 256, messages: [{ role: 'user' as const, content: 'Say something' }] };
    const message = stream ? await client.messages.stream(request).finalMessage() : await client.messages.create(request);
    expect(message.content).toEqual([{ type: 'text', text: 'DeepSeek answer.' }]);
    expect(lastBody(gateway.simulator, 'deepseek').thinking).toEqual({ type: 'disabled' });
  });

  it('with thinking enabled the thinking still comes first (Anthropic order)', async () => {
    scriptGeminiThinkingText();
    const message = await client.messages.create({
      model: MESSAGES_TEST_MODELS.google,
      max_tokens: 4096,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      messages: [{ role: 'user', content: 'Say something' }],
    });
    expect(blockTypes(message)).toEqual(['thinking', 'text']);
  });

  it.each([false, true])('Gemini tool round trip (stream: %s): tool_use before the carried signature, which reaches Gemini on the call', async (stream) => {
    gateway.simulator.google.enqueueReply({ parts: [{ text: 'Let me look.' }, { functionCall: { id: 'call_lookup_1', name: 'lookup', args: { word: 'gateway' } } }] });
    const question = { role: 'user' as const, content: 'Define gateway' };
    const request = { model: MESSAGES_TEST_MODELS.google, max_tokens: 256, tools: [LOOKUP], messages: [question] };
    const first = stream ? await client.messages.stream(request).finalMessage() : await client.messages.create(request);
    expect(blockTypes(first)).toEqual(['text', 'tool_use', 'redacted_thinking']);
    expect(first.content[0]).toEqual({ type: 'text', text: 'Let me look.' });
    gateway.simulator.google.enqueueReply({ parts: [{ text: 'A gateway is a door.' }] });
    const second = await client.messages.create({
      ...request,
      messages: [question, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_lookup_1', content: 'a door' }] }],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'A gateway is a door.' }]);
    const returned = checkReturnedSignatures(gateway.simulator.google.issuedSignatures, lastBody(gateway.simulator, 'google'));
    expect({ inPlace: returned.inPlace.length, lost: returned.lost }).toEqual({ inPlace: 1, lost: [] });
  });
});
