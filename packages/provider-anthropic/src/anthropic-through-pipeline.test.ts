import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { postChatCompletion, startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import anthropicPlugin from './index.js';
import { startAnthropicSimulator, type AnthropicSimulator } from './testing/index.js';

const KEY = 'sk-ant-pipeline';
const MODEL = 'claude-sonnet-4-5';

// The provider on the pipeline's real request path (the conformance suite's host) in front of the
// strict Anthropic simulator: what reached the simulator is what Anthropic would have received.
describe('chat → Anthropic through the pipeline (issue 28 items 13–15)', () => {
  let simulator: AnthropicSimulator;
  let gateway: ConformanceGateway;
  beforeAll(async () => {
    simulator = await startAnthropicSimulator({ apiKey: KEY });
    gateway = await startPipelineGateway({ provider: { plugin: anthropicPlugin }, settings: { baseUrl: simulator.url, apiKey: KEY }, model: MODEL });
  });
  afterAll(() => Promise.all([gateway?.close(), simulator?.close()]));
  beforeEach(() => simulator.reset());

  const post = (body: Record<string, unknown>) => postChatCompletion(gateway, { model: MODEL, ...body });
  const received = () => simulator.requests.at(-1)!.body as Record<string, unknown>;

  it('passes metadata: {}, which asks for nothing (item 13)', async () => {
    const response = await post({ messages: [{ role: 'user', content: 'hi' }], metadata: {} });
    expect(response.status).toBe(200);
    expect(received()).not.toHaveProperty('metadata');
  });

  it('serves a conversation of a system message alone, the instruction sent as the user turn (item 14)', async () => {
    const response = await post({ messages: [{ role: 'system', content: 'Say hello.' }] });
    expect(response.status).toBe(200);
    expect(received().messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }]);
    expect(received()).not.toHaveProperty('system');
  });

  it('answers an empty answer with content "" as OpenAI does, not null (item 15)', async () => {
    simulator.enqueueReply({ content: [] });
    const body = (await (await post({ messages: [{ role: 'user', content: 'hi' }] })).json()) as { choices: Array<{ message: { content: unknown } }> };
    expect(body.choices[0]!.message.content).toBe('');
  });

  it('relays the vendor request id and x-should-retry with an upstream error (item 15)', async () => {
    simulator.enqueueFault({ type: 'status', status: 400, headers: { 'x-should-retry': 'false' } });
    const response = await post({ messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upstream-request-id')).toMatch(/^req_/);
    expect(response.headers.get('x-should-retry')).toBe('false');
  });
});
