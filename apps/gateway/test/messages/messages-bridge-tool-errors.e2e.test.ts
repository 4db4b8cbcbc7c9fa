import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { scriptText, scriptToolCalls, sentToolResults } from '../support/messages-front-scripts.js';

// `tool_result.is_error: true` bridged: Gemini gets the failure under `functionResponse.response.error`
// (its key for error details), the other families get it stated in the tool message's text.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());

const LOOKUP = { name: 'lookup', description: 'Look a word up', input_schema: { type: 'object' as const, properties: { word: { type: 'string' } }, required: ['word'] } };

async function failedRoundTrip(family: 'openai' | 'google' | 'deepseek'): Promise<unknown> {
  gateway.simulator[family].reset();
  scriptToolCalls(gateway.simulator, family, [{ id: 'call_lookup_1', name: 'lookup', input: { word: 'zzz' } }]);
  const model = MESSAGES_TEST_MODELS[family];
  const question = { role: 'user' as const, content: 'Look up zzz' };
  const first = await client.messages.create({ model, max_tokens: 256, tools: [LOOKUP], messages: [question] });
  scriptText(gateway.simulator, family, 'The lookup failed.');
  const second = await client.messages.create({
    model,
    max_tokens: 256,
    tools: [LOOKUP],
    messages: [question, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_lookup_1', is_error: true, content: 'word not found' }] }],
  });
  expect(second.content[0]).toEqual({ type: 'text', text: 'The lookup failed.' });
  return sentToolResults(gateway.simulator, family)[0]!.content;
}

describe('a failed tool result on a bridged model', () => {
  it('reaches Gemini under functionResponse.response.error', async () => {
    expect(await failedRoundTrip('google')).toEqual({ error: 'word not found' });
  });

  it.each(['openai', 'deepseek'] as const)('reaches %s stated in the tool message', async (family) => {
    const content = JSON.stringify(await failedRoundTrip(family));
    expect(content).toContain('The tool call failed (is_error):');
    expect(content).toContain('word not found');
    expect(content).not.toContain('is_error":');
  });
});
