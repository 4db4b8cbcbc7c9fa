import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastBody, scriptText, scriptToolCalls } from '../support/messages-front-scripts.js';

// An image inside a `tool_result` (Claude Code's Read tool on a screenshot) bridged: a hub `tool`
// message holds text only, so the image follows in the next user turn; it must reach the model as
// an image, in the family's own image shape.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const READ = { name: 'Read', description: 'Reads a file', input_schema: { type: 'object' as const, properties: { path: { type: 'string' } }, required: ['path'] } };

/** Where the image reached the family: an OpenAI `image_url` data URL, a Gemini `inlineData` part. */
function imagesSent(family: 'openai' | 'google' | 'deepseek'): string[] {
  const body = JSON.stringify(lastBody(gateway.simulator, family));
  if (family === 'google') return [...body.matchAll(/"inlineData":\{"mimeType":"image\/png","data":"([^"]+)"/g)].map((match) => match[1]!);
  return [...body.matchAll(/"url":"data:image\/png;base64,([^"]+)"/g)].map((match) => match[1]!);
}

describe.each(['openai', 'google', 'deepseek'] as const)('%s: an image in a tool result', (family) => {
  it('reaches the model as an image', async () => {
    gateway.simulator[family].reset();
    scriptToolCalls(gateway.simulator, family, [{ id: 'call_read_1', name: 'Read', input: { path: 'shot.png' } }]);
    const model = MESSAGES_TEST_MODELS[family];
    const question = { role: 'user' as const, content: 'What is on the screenshot?' };
    const first = await client.messages.create({ model, max_tokens: 256, tools: [READ], messages: [question] });
    scriptText(gateway.simulator, family, 'A single pixel.');
    await client.messages.create({
      model,
      max_tokens: 256,
      tools: [READ],
      messages: [
        question,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_read_1', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] }] },
      ],
    });
    expect(imagesSent(family)).toEqual([PNG]);
  });
});
