import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';

// The Anthropic Messages front with a Claude model: the official @anthropic-ai/sdk over real HTTP,
// the gateway passing the request through to the Anthropic simulator (behind a proxy that keeps its
// bytes). What reached the simulator is asserted, and what the client got is compared with what
// the simulator sent, byte for byte.

const CLAUDE = MESSAGES_TEST_MODELS.anthropic;
let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.simulator.anthropic.reset();
  gateway.simulator.anthropicProxy.exchanges.length = 0;
});

const lastUpstream = () => gateway.simulator.anthropic.requests.at(-1)!;
const lastProxied = () => gateway.simulator.anthropicProxy.exchanges.at(-1)!;

describe('a Claude model through /v1/messages is passed through', () => {
  it('sends the body as the client sent it and answers with the upstream bytes', async () => {
    const params = { model: CLAUDE, max_tokens: 256, system: [{ type: 'text' as const, text: 'Be terse.', cache_control: { type: 'ephemeral' as const } }], messages: [{ role: 'user' as const, content: 'Hello there' }] };
    const response = await client.messages.create(params).asResponse();
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toBe(lastProxied().body.toString('utf8'));
    expect(JSON.parse(text)).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Echo: Hello there' }] });
    expect(lastUpstream().path).toBe('/v1/messages');
    expect(lastUpstream().body).toEqual(params);
    expect(lastUpstream().headers['x-api-key']).toBe('sk-ant-upstream');
  });

  it('relays an SSE answer byte for byte, and the SDK reads it', async () => {
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'Short answer.' }, { type: 'text', text: 'Four, said plainly.' }], usage: { inputTokens: 30, outputTokens: 12, cacheReadInputTokens: 100, cacheCreationInputTokens: 20 } });
    const response = await client.messages.create({ model: CLAUDE, max_tokens: 2048, stream: true, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: '2+2?' }] }).asResponse();
    const text = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(text).toBe(lastProxied().body.toString('utf8'));
    expect(text).toContain('event: message_start');
    expect(text).toContain('"type":"signature_delta"');
  });

  it('serves the stream() helper with thinking, text and usage (cache reads and writes)', async () => {
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'Add them.' }, { type: 'text', text: 'Four.' }], usage: { inputTokens: 30, outputTokens: 12, cacheReadInputTokens: 100, cacheCreationInputTokens: 20 } });
    const stream = client.messages.stream({ model: CLAUDE, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: '2+2?' }] });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(deltas.join('')).toBe('Four.');
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(message.usage).toMatchObject({ input_tokens: 30, output_tokens: 12, cache_read_input_tokens: 100, cache_creation_input_tokens: 20 });
  });

  it('relays anthropic-version and the client\'s anthropic-beta flags; Bearer keys work too', async () => {
    const params = { model: CLAUDE, max_tokens: 64, betas: ['interleaved-thinking-2025-05-14', 'context-1m-2025-08-07'], messages: [{ role: 'user' as const, content: 'hi' }] };
    await gateway.client({ bearer: true }).beta.messages.create(params, { headers: { 'anthropic-version': '2023-06-01' } });
    expect(lastUpstream().headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14,context-1m-2025-08-07');
    expect(lastUpstream().headers['anthropic-version']).toBe('2023-06-01');
    await client.messages.create({ model: CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'anthropic-version': '2099-01-01' } });
    expect(lastUpstream().headers['anthropic-version']).toBe('2099-01-01');
    expect(lastUpstream().headers['anthropic-beta']).toBeUndefined();
    expect(lastUpstream().headers.authorization).toBeUndefined();
  });

  it('runs a tool round trip with thinking: the signed thinking block goes back untouched', async () => {
    const tools = [{ name: 'get_weather', description: 'Current weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } }];
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'I need the weather.' }, { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input: { city: 'Oslo' } }] });
    const first = await client.messages.create({ model: CLAUDE, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, tools, messages: [{ role: 'user', content: 'Weather in Oslo?' }] });
    expect(first.stop_reason).toBe('tool_use');
    const second = await client.messages.create({
      model: CLAUDE,
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools,
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A', content: '4°C, cloudy' }] },
      ],
    });
    expect(second.stop_reason).toBe('end_turn');
    expect((lastUpstream().body as { messages: unknown[] }).messages[1]).toEqual({ role: 'assistant', content: first.content });
  });

  it('counts tokens upstream, on its own endpoint', async () => {
    const counted = await client.messages.countTokens({ model: CLAUDE, messages: [{ role: 'user', content: 'How many tokens is this?' }] });
    expect(lastUpstream().path).toBe('/v1/messages/count_tokens');
    expect(counted.input_tokens).toBe((JSON.parse(lastProxied().body.toString('utf8')) as { input_tokens: number }).input_tokens);
  });
});

describe('errors reach Anthropic clients in Anthropic\'s envelope and statuses', () => {
  async function failure(run: () => Promise<unknown>): Promise<InstanceType<typeof Anthropic.APIError>> {
    const error = await run().then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    return error as InstanceType<typeof Anthropic.APIError>;
  }
  const ask = (model: string = CLAUDE, extra: object = {}) => () => client.messages.create({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], ...extra });

  it.each([
    [529, 'overloaded_error'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [400, 'invalid_request_error'],
  ])('an upstream %i becomes %s', async (status, type) => {
    gateway.simulator.anthropic.enqueueFault({ type: 'status', status });
    const error = await failure(ask());
    expect({ status: error.status, type: error.type, envelope: (error.error as { type?: string }).type }).toEqual({ status, type, envelope: 'error' });
  });

  it('a body the schema refuses is a 400 invalid_request_error naming the field', async () => {
    const error = await failure(() => client.messages.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }] } as never));
    expect({ status: error.status, type: error.type }).toEqual({ status: 400, type: 'invalid_request_error' });
    expect(error.message).toContain('max_tokens');
  });

  it('an unknown model is a 404 not_found_error', async () => {
    const error = await failure(ask('no-such-model'));
    expect({ status: error.status, type: error.type }).toEqual({ status: 404, type: 'not_found_error' });
  });

  it('a wrong key is a 401 authentication_error, a missing one too', async () => {
    const wrong = await failure(() => gateway.client({ apiKey: 'mg-wrong' }).messages.create({ model: CLAUDE, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }));
    expect({ status: wrong.status, type: wrong.type }).toEqual({ status: 401, type: 'authentication_error' });
    const response = await fetch(`${gateway.gateway.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body: '{}' });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: { type: 'error', error: { type: 'authentication_error', message: expect.stringContaining('x-api-key') } } });
  });
});
