import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';

// `/v1/messages/count_tokens` for a bridged model (Claude Code sizes its context with it): Gemini's
// own `:countTokens` counts it; OpenAI and DeepSeek, which have no counter, get the gateway's
// estimate with each image at OpenAI's image cost by its size, never by its base64 length.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());
beforeEach(() => {
  for (const simulator of [gateway.simulator.openai, gateway.simulator.google, gateway.simulator.deepseek]) simulator.reset();
});

/** A 1920×1080 PNG of about 1 MB: a valid header (signature and IHDR), then filler bytes. */
function screenshot(): string {
  const header = Buffer.alloc(33);
  header.writeUInt32BE(0x89504e47, 0);
  header.writeUInt32BE(0x0d0a1a0a, 4);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(1920, 16);
  header.writeUInt32BE(1080, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return Buffer.concat([header, Buffer.alloc(750_000, 7)]).toString('base64');
}

const SHOT = screenshot();
const READ = { name: 'Read', description: 'Reads a file', input_schema: { type: 'object' as const, properties: { path: { type: 'string' } }, required: ['path'] } };
const withScreenshot = (model: string): Anthropic.MessageCountTokensParams => ({
  model,
  system: 'Be terse.',
  tools: [READ],
  messages: [
    { role: 'user', content: 'What is on the screenshot?' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call_read_1', name: 'Read', input: { path: 'shot.png' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_read_1', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: SHOT } }] }] },
  ],
});

describe('count_tokens on a bridged model', () => {
  it('Gemini: asks Gemini\'s countTokens with the whole request and answers its count', async () => {
    const model = MESSAGES_TEST_MODELS.google;
    const counted = await client.messages.countTokens(withScreenshot(model));
    const sent = gateway.simulator.google.requests.at(-1)!;
    expect(sent.path).toBe(`/v1beta/models/${model}:countTokens`);
    const body = sent.body as { contents?: unknown; generateContentRequest: { model: string; systemInstruction: unknown; tools: unknown; contents: unknown } };
    expect(body.contents).toBeUndefined();
    expect(body.generateContentRequest.model).toBe(`models/${model}`);
    expect(JSON.stringify(body.generateContentRequest.systemInstruction)).toContain('Be terse.');
    expect(JSON.stringify(body.generateContentRequest.tools)).toContain('Read');
    expect(JSON.stringify(body.generateContentRequest.contents)).toContain(SHOT);
    // The simulator counts an image 258 tokens (Gemini's cost for one image), the text by its length.
    expect(counted.input_tokens).toBeGreaterThan(258);
    expect(counted.input_tokens).toBeLessThan(1_000);
  });

  it('Gemini: counts a request with thinking and tool_choice as Claude Code sends it', async () => {
    const model = MESSAGES_TEST_MODELS.google;
    const counted = await client.messages.countTokens({ ...withScreenshot(model), thinking: { type: 'enabled', budget_tokens: 2048 }, tool_choice: { type: 'auto' } });
    expect(counted.input_tokens).toBeGreaterThan(258);
    expect(gateway.simulator.google.requests.at(-1)!.path).toBe(`/v1beta/models/${model}:countTokens`);
    const sent = gateway.simulator.google.requests.at(-1)!.body as { generateContentRequest: { generationConfig?: { thinkingConfig?: unknown } } };
    expect(sent.generateContentRequest.generationConfig?.thinkingConfig).toBeDefined();
  });

  it.each(['openai', 'deepseek'] as const)('%s: counts the screenshot at OpenAI\'s image cost, without calling the vendor', async (family) => {
    const counted = await client.messages.countTokens(withScreenshot(MESSAGES_TEST_MODELS[family]));
    // 1920×1080 is brought to 1365×768: 3×2 tiles of 170 tokens, plus 85; the text adds a few dozen.
    expect(counted.input_tokens).toBeGreaterThan(85 + 170 * 6);
    expect(counted.input_tokens).toBeLessThan(85 + 170 * 6 + 200);
    expect(gateway.simulator[family].requests).toHaveLength(0);
  });
});
