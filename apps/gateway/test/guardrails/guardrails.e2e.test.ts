import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { createGuardrails } from '../../src/modules/guardrails/create-guardrails.js';
import { startGateway } from '../../src/server/start-gateway.js';
import { eventually } from '../support/eventually.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway, type TestGatewayOverrides } from '../support/test-gateway.js';

// Issue 34: guardrails over real HTTP, asserted on what reached the simulator and what the client got.

const CARD = '4111111111111111'; // a Visa test number: passes Luhn
const NOT_A_CARD = '4111111111111112';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const each of running.splice(0).reverse()) await each.close();
});

async function gatewayWith(guardrails: unknown[], extra: Record<string, unknown> = {}): Promise<TestGateway> {
  const test = await startTestGateway({ guardrails, ...extra } as TestGatewayOverrides);
  running.push(test);
  return test;
}

function post(test: TestGateway, path: string, body: object): Promise<Response> {
  return fetch(`${test.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify(body),
  });
}

function chat(test: TestGateway, content: string, stream = false): Promise<Response> {
  return post(test, '/chat/completions', { model: 'gpt-test', stream, messages: [{ role: 'user', content }] });
}

/** The text a chat stream's client assembles from its deltas. */
function assembledContent(sse: string): string {
  return sse
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => (JSON.parse(line.slice(6)) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content ?? '')
    .join('');
}

function upstreamUserText(test: TestGateway): string[] {
  return test.simulator.requests.map((request) => JSON.stringify((request.body as { messages: unknown }).messages));
}

const cards = { name: 'cards', kind: 'pii', recognizers: ['payment-card'] };

describe('guardrails on the request', () => {
  it('redacts a card number before it reaches the upstream, and says so in a header and the usage record', async () => {
    const test = await gatewayWith([{ ...cards, action: 'redact' }]);
    const response = await chat(test, `charge ${CARD} and ${NOT_A_CARD} please`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-modelgate-guardrails')).toBe('cards:redact');
    const reached = upstreamUserText(test);
    expect(reached).toHaveLength(1);
    expect(reached[0]).toContain('charge [REDACTED:payment-card] and 4111111111111112 please');
    expect(reached[0]).not.toContain(CARD);
    await eventually(async () => (await test.gateway.app.store.queryUsage({})).length > 0);
    const records = await test.gateway.app.store.queryUsage({});
    expect(records[0]?.guardrails).toEqual([{ guardrail: 'cards', action: 'redact', phase: 'request', found: ['payment-card'] }]);
    expect(test.logs.join('')).not.toContain(CARD);
  });

  it('blocks a card number with a 400 in the OpenAI envelope, and nothing reaches the upstream', async () => {
    const test = await gatewayWith([{ ...cards, action: 'block' }]);
    const response = await chat(test, `my card: ${CARD.slice(0, 4)} ${CARD.slice(4, 8)} ${CARD.slice(8, 12)} ${CARD.slice(12)}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-modelgate-guardrails')).toBe('cards:block');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('guardrail_blocked');
    expect(body.error.message).toContain("'cards'");
    expect(body.error.message).not.toContain('4111');
    expect(test.simulator.requests).toHaveLength(0);
    expect(test.logs.join('')).not.toContain('1111');
  });

  it("blocks on the Messages front in Anthropic's envelope", async () => {
    const test = await gatewayWith([{ ...cards, action: 'block' }]);
    const response = await post(test, '/messages', { model: 'gpt-test', max_tokens: 50, messages: [{ role: 'user', content: [{ type: 'text', text: `card ${CARD}` }] }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(test.simulator.requests).toHaveLength(0);
  });

  it('applies a guardrail only to its models and keys', async () => {
    const test = await gatewayWith([{ ...cards, action: 'block', keys: ['someone-else'] }]);
    expect((await chat(test, `card ${CARD}`)).status).toBe(200);
    expect(upstreamUserText(test)[0]).toContain(CARD);
  });

  it('applies an opt-in guardrail (`keys: []`) to the config keys and issued keys that name it, and to no other', async () => {
    const adminToken = 'admin-token-guardrail-tests-0123456';
    const test = await gatewayWith([{ ...cards, action: 'block', keys: [] }], {
      admin: { token: adminToken },
      keys: [
        { name: 'test', key: TEST_SERVICE_KEY, guardrails: ['cards'] },
        { name: 'other', key: 'mg-other-service-key-0123456789abc' },
      ],
    });
    const issue = async (guardrails?: string[]) => {
      const response = await fetch(`${test.gateway.url}/admin/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `issued-${guardrails ? 'guarded' : 'plain'}`, ...(guardrails && { guardrails }) }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { secret: string }).secret;
    };
    const send = (key: string) =>
      fetch(`${test.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: `card ${CARD}` }] }),
      });
    expect((await send(TEST_SERVICE_KEY)).status).toBe(400);
    expect((await send(await issue(['cards']))).status).toBe(400);
    expect((await send('mg-other-service-key-0123456789abc')).status).toBe(200);
    expect((await send(await issue())).status).toBe(200);
    expect(test.simulator.requests).toHaveLength(2);
  });

  it('refuses a prompt over its token limit, and logs keyword matches without acting on them', async () => {
    const test = await gatewayWith([
      { name: 'secret-words', kind: 'keywords', words: ['project falcon'], action: 'log' },
      { name: 'size', kind: 'maxPromptTokens', maxTokens: 20 },
    ]);
    const short = await chat(test, 'about Project Falcon');
    expect(short.status).toBe(200);
    expect(short.headers.get('x-modelgate-guardrails')).toBe('secret-words:log');
    expect(upstreamUserText(test)[0]).toContain('about Project Falcon');
    const long = await chat(test, 'x'.repeat(200));
    expect(long.status).toBe(400);
    expect(long.headers.get('x-modelgate-guardrails')).toBe('size:block');
    expect(test.simulator.requests).toHaveLength(1);
  });
});

describe('guardrails on the answer', () => {
  it('redacts a secret the stream splits across chunks, for the client', async () => {
    const test = await gatewayWith([{ name: 'secrets', kind: 'pii', recognizers: ['openai-key', 'payment-card'], action: 'redact', phases: ['answer'] }]);
    const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
    test.simulator.enqueueReply({ kind: 'text', text: `Here: ${secret} and card ${CARD} done.` });
    const response = await chat(test, 'tell me', true);
    expect(response.status).toBe(200);
    const sse = await response.text();
    // The simulator streams pieces of at most six characters: both were split over several chunks.
    expect(assembledContent(sse)).toBe('Here: [REDACTED:openai-key] and card [REDACTED:payment-card] done.');
    expect(sse).not.toContain('abcdef');
    expect(sse).not.toContain('411111');
    expect(sse.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('redacts a split card in a Messages stream (text_delta events) and a Responses stream (output_text deltas and done events)', async () => {
    const test = await gatewayWith([{ name: 'cards', kind: 'pii', recognizers: ['payment-card'], action: 'redact', phases: ['answer'] }], { responses: { otherFamilies: 'bridge' } });
    test.simulator.enqueueReply({ kind: 'text', text: `card ${CARD} ok` });
    const messages = await post(test, '/messages', { model: 'gpt-test', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const messagesSse = await messages.text();
    const texts = messagesSse
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: { type: string; text?: string } })
      .filter((event) => event.type === 'content_block_delta' && event.delta?.type === 'text_delta')
      .map((event) => event.delta!.text)
      .join('');
    expect(texts).toBe('card [REDACTED:payment-card] ok');
    expect(messagesSse).not.toContain('411111');

    test.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'message', text: `card ${CARD} ok` }] });
    const responses = await post(test, '/responses', { model: 'gpt-test', stream: true, input: 'hi' });
    const responsesSse = await responses.text();
    expect(responses.status).toBe(200);
    expect(responsesSse).not.toContain('411111');
    expect(responsesSse).toContain('[REDACTED:payment-card]');
  });

  it('redacts a whole answer and names the guardrail in the header', async () => {
    const test = await gatewayWith([{ name: 'secrets', kind: 'pii', action: 'redact', phases: ['answer'] }]);
    test.simulator.enqueueReply({ kind: 'text', text: 'mail me at jane.doe@example.com' });
    const response = await chat(test, 'hi');
    expect(response.headers.get('x-modelgate-guardrails')).toBe('secrets:redact');
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe('mail me at [REDACTED:email]');
  });

  it('ends a stream with the error event when a blocking guardrail matches mid-stream', async () => {
    const test = await gatewayWith([{ name: 'falcon', kind: 'keywords', words: ['project falcon'], action: 'block', phases: ['answer'] }]);
    test.simulator.enqueueReply({ kind: 'text', text: `${'Some harmless words. '.repeat(20)}The codename is project falcon, keep it quiet.` });
    const response = await chat(test, 'tell me', true);
    expect(response.status).toBe(200);
    const sse = await response.text();
    expect(sse).toContain('guardrail_blocked');
    expect(assembledContent(sse)).not.toContain('falcon');
    expect(sse).not.toContain('data: [DONE]');
  });
});

describe('webhook guardrails', () => {
  async function silentHook(): Promise<{ url: string; calls: unknown[] }> {
    const calls: unknown[] = [];
    const server: Server = createServer((request) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += String(chunk)));
      request.on('end', () => calls.push(JSON.parse(body)));
      // Never answers: the gateway's timeout decides.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) });
    const address = server.address() as { port: number };
    return { url: `http://127.0.0.1:${address.port}/check`, calls };
  }

  it('fails closed on a timeout: 503 and nothing upstream', async () => {
    const hook = await silentHook();
    const test = await gatewayWith([{ name: 'hook', kind: 'webhook', url: hook.url, timeoutMs: 150, failOpen: false }]);
    const response = await chat(test, 'hello');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('guardrail_unavailable');
    expect(test.simulator.requests).toHaveLength(0);
    expect(hook.calls).toEqual([{ phase: 'request', texts: ['hello'], model: 'gpt-test', endpoint: 'chat' }]);
  });

  it('fails open on a timeout: the request goes on, the decision is logged', async () => {
    const hook = await silentHook();
    const test = await gatewayWith([{ name: 'hook', kind: 'webhook', url: hook.url, timeoutMs: 150, failOpen: true }]);
    const response = await chat(test, 'hello');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-modelgate-guardrails')).toBe('hook:log');
    expect(upstreamUserText(test)[0]).toContain('hello');
  });

  it("applies a webhook's redaction", async () => {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end(JSON.stringify({ action: 'redact', texts: ['[removed by hook]'] })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const test = await gatewayWith([{ name: 'hook', kind: 'webhook', url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, action: 'redact' }]);
    expect((await chat(test, 'secret stuff')).status).toBe(200);
    expect(upstreamUserText(test)[0]).toContain('[removed by hook]');
    expect(upstreamUserText(test)[0]).not.toContain('secret stuff');
  });
});

describe('plugin guardrails', () => {
  it('loads a package by path and applies its verdicts', async () => {
    const test = await gatewayWith([{ name: 'acme', kind: 'plugin', package: './test/fixtures/acme-guardrail', settings: { forbidden: ['launch codes'], maxDigits: 6 }, action: 'redact' }]);
    expect((await chat(test, 'what are the launch codes?')).status).toBe(400);
    expect((await chat(test, 'order 12345678 please')).status).toBe(200);
    expect(upstreamUserText(test)).toHaveLength(1);
    expect(upstreamUserText(test)[0]).toContain('order # please');
  });

  it('refuses a config whose key opts into a guardrail nobody declared', async () => {
    const config = parseGatewayConfig(
      {
        providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-unused' } }],
        keys: [{ name: 'typo', key: 'mg-guardrail-typo-key-0123456789ab', guardrails: ['pii-cards'] }],
        guardrails: [{ name: 'pii-card', kind: 'pii', recognizers: ['payment-card'], action: 'block' }],
        storage: { driver: 'sqlite', path: ':memory:' },
      } as GatewayConfigInput,
      {},
      'test',
    );
    await expect(startGateway(config, { logger: pino({ level: 'silent' }), baseDirectory: process.cwd() })).rejects.toThrow(
      "keys: 'typo' opts into the guardrail 'pii-cards', which guardrails[] does not declare",
    );
  });

  it('stops start-up with the guardrail named when the package is not a guardrail', async () => {
    const context = { baseDirectory: process.cwd(), logger: pino({ level: 'silent' }), env: {} };
    await expect(createGuardrails([{ name: 'wrong', kind: 'plugin', package: './test/fixtures/third-party-plugin.mjs' }], context)).rejects.toThrow(
      /guardrail 'wrong' could not be loaded: .*specificationVersion must be 'guardrail-v1'/,
    );
  });
});
