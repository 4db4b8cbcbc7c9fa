import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startOpenAiChatSimulator, type OpenAiChatSimulator } from '@modelgate/provider-openai-compatible/testing';
import { parse as parseYaml } from 'yaml';
import type { ProviderConfig } from '../../src/config/gateway-config.js';
import { readDocBlocks } from '../docs/doc-blocks.js';
import { REPOSITORY } from '../docs/doc-test-sandbox.js';
import { authorized, dataPayloads, startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

const SERVER_KEY = 'gsk-simulated-groq-key';

/** The Groq instance exactly as docs/openai-compatible-servers.md configures it. */
function documentedGroqProvider(): ProviderConfig {
  const blocks = readDocBlocks(join(REPOSITORY, 'docs/openai-compatible-servers.md'), 'docs/openai-compatible-servers.md');
  const configs = blocks.filter((block) => block.marker?.kind === 'config').map((block) => parseYaml(block.code) as { providers: ProviderConfig[] });
  const groq = configs.flatMap((config) => config.providers).find((provider) => provider.id === 'groq');
  if (!groq) throw new Error('docs/openai-compatible-servers.md has no provider with id groq');
  return groq;
}

// One of the documented servers end to end: the doc's Groq config, with only its base URL and key
// pointed at the compatible base's simulator standing in for Groq.
describe('an OpenAI-compatible server by config alone (Groq, as documented)', () => {
  let harness: GatewayInFrontOf<OpenAiChatSimulator>;
  const documented = documentedGroqProvider();
  const chat = (body: Record<string, unknown>) => fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST', headers: authorized(), body: JSON.stringify(body) });

  beforeAll(async () => {
    const simulator = await startOpenAiChatSimulator({ apiKey: SERVER_KEY });
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ ...documented, settings: { ...documented.settings, baseUrl: simulator.url, apiKey: SERVER_KEY } }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.simulator.reset());

  it('serves a documented model with the key, streamed and whole', async () => {
    const whole = await chat({ model: 'llama-3.3-70b-versatile', messages: [{ role: 'user', content: 'hello groq' }] });
    expect(whole.status).toBe(200);
    expect(((await whole.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Echo: hello groq');
    expect(harness.simulator.requests[0]!.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(harness.simulator.requests[0]!.body).toEqual({ model: 'llama-3.3-70b-versatile', messages: [{ role: 'user', content: 'hello groq' }] });

    const streamed = await chat({ model: 'openai/gpt-oss-120b', messages: [{ role: 'user', content: 'stream it' }], stream: true });
    const payloads = dataPayloads(await streamed.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    expect(payloads.slice(0, -1).map((payload) => (JSON.parse(payload) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '').join('')).toBe(
      'Echo: stream it',
    );
  });

  it('refuses what Groq refuses with a 400 naming the field, before calling it', async () => {
    const refused = await chat({ model: 'llama-3.1-8b-instant', messages: [{ role: 'user', content: 'hi' }], logprobs: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        message: "Groq does not support 'logprobs': Groq answers 400 to it. Remove it, or set the provider's unsupportedParameters to 'drop'.",
        type: 'invalid_request_error',
        param: 'logprobs',
        code: 'unsupported_parameter',
      },
    });
    expect(harness.simulator.requests).toHaveLength(0);
  });

  it('lists exactly the documented models under the groq family, and serves no other id', async () => {
    const models = (await (await fetch(`${harness.baseUrl}/models`, { headers: authorized() })).json()) as { data: Array<{ id: string; owned_by: string }> };
    expect(models.data.map((model) => [model.id, model.owned_by])).toEqual([
      ['llama-3.3-70b-versatile', 'groq'],
      ['llama-3.1-8b-instant', 'groq'],
      ['openai/gpt-oss-120b', 'groq'],
    ]);
    expect((await chat({ model: 'mixtral-8x7b-32768', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(404);
    expect(harness.simulator.requests).toHaveLength(0);
  });
});
