import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastBody, scriptText, scriptToolCalls } from '../support/messages-front-scripts.js';

// An image inside a `tool_result` (Claude Code's Read tool on a screenshot) bridged: it must reach
// the model as an image, in the family's own image shape. A hub `tool` message holds text only, so
// for GPT and DeepSeek the image follows in the next user turn; Gemini 3 takes it inside the
// function response (`functionResponse.parts`), Gemini 2.5 (which refuses that) right after it.

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

type Parts = Array<{ inlineData?: { mimeType: string; data: string }; functionResponse?: { parts?: Parts } }>;

/** Where the image reached the family: an OpenAI `image_url` data URL, a Gemini `inlineData` part (inside a function response, or beside it). */
function imagesSent(family: 'openai' | 'google' | 'deepseek'): string[] {
  if (family === 'google') {
    const contents = lastBody(gateway.simulator, family).contents as Array<{ parts: Parts }>;
    const inResponses = contents.flatMap((content) => content.parts.flatMap((part) => (part.functionResponse?.parts ?? []).map((inner) => `in:${inner.inlineData!.data}`)));
    const beside = contents.flatMap((content) => content.parts.flatMap((part) => (part.inlineData ? [`beside:${part.inlineData.data}`] : [])));
    return [...inResponses, ...beside];
  }
  const body = JSON.stringify(lastBody(gateway.simulator, family));
  return [...body.matchAll(/"url":"data:image\/png;base64,([^"]+)"/g)].map((match) => match[1]!);
}

describe.each([
  ['openai', MESSAGES_TEST_MODELS.openai, PNG],
  ['google', MESSAGES_TEST_MODELS.google, `in:${PNG}`],
  ['google', 'gemini-2.5-flash', `beside:${PNG}`],
  ['deepseek', MESSAGES_TEST_MODELS.deepseek, PNG],
] as const)('%s (%s): an image in a tool result', (family, model, expected) => {
  it('reaches the model as an image', async () => {
    gateway.simulator[family].reset();
    scriptToolCalls(gateway.simulator, family, [{ id: 'call_read_1', name: 'Read', input: { path: 'shot.png' } }]);
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
    expect(imagesSent(family)).toEqual([expected]);
  });
});
