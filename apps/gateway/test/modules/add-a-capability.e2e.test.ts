import { afterEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { assembleConfigSchema, configFragments, gatewayConfigSchema } from '../../src/config/gateway-config-schema.js';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { renderConfigReference } from '../../src/config/render-config-reference.js';
import { startGateway, type RunningGateway } from '../../src/server/start-gateway.js';
import { answerHeaderModule } from '../fixtures/answer-header/answer-header-module.js';
import { withTestTransport } from '../support/test-transport.js';

const SERVICE_KEY = 'mg-capability-test-key-0123456789';
const UPSTREAM_KEY = 'sk-upstream-capability';
const modules = [answerHeaderModule];

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const each of running.splice(0).reverse()) await each.close();
});

async function gatewayWith(extra: Record<string, unknown>): Promise<RunningGateway> {
  const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
  running.push(simulator);
  const input = {
    server: { host: '127.0.0.1', port: 0 },
    providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }],
    models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
    keys: [{ name: 'test', key: SERVICE_KEY }],
    storage: { driver: 'sqlite', path: ':memory:' },
    ...extra,
  };
  const config = parseGatewayConfig(withTestTransport(input as never), {}, 'test', modules);
  const gateway = await startGateway(config, { logger: pino({ level: 'silent' }), baseDirectory: process.cwd(), modules });
  running.push(gateway);
  return gateway;
}

async function chat(gateway: RunningGateway, stream = false): Promise<Response> {
  const response = await fetch(`${gateway.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-test', stream, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await response.text();
  return response;
}

// docs/architecture.md, "Add a capability": a module in its own folder plus its line in the list
// is all a capability takes. The toy module (test/fixtures/answer-header/) proves it.
describe('a capability added as a module', () => {
  it('adds its header to answers, whole and streamed, when its config key is set', async () => {
    const gateway = await gatewayWith({ answerHeader: { value: 'replica-7' } });
    const whole = await chat(gateway);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('x-answered-by')).toBe('replica-7');
    const streamed = await chat(gateway, true);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('x-answered-by')).toBe('replica-7');
  });

  it('adds nothing when its key is absent', async () => {
    const gateway = await gatewayWith({});
    const response = await chat(gateway);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-answered-by')).toBeNull();
  });

  it('puts its fragment in the assembled schema, with its description and default, and in the generated reference', () => {
    const schema = assembleConfigSchema(configFragments(modules)) as { properties: Record<string, { properties: Record<string, { description?: string; default?: unknown }> }> };
    expect(schema.properties.answerHeader?.properties.name).toMatchObject({ description: 'The header, an `x-` name in lower case.', default: 'x-answered-by' });
    expect((gatewayConfigSchema as { properties: Record<string, unknown> }).properties.answerHeader).toBeUndefined();
    const reference = renderConfigReference(modules);
    expect(reference).toContain('## `answerHeader`: A header on every answer');
    expect(reference).toContain('Declared by the `answer-header` module.');
    expect(reference).toContain('| `answerHeader.name` | string matching `^x-[a-z0-9-]+$` | `x-answered-by` | The header, an `x-` name in lower case. |');
  });

  it('has its values checked by the assembled schema, and its key refused without the module', () => {
    const input = { providers: [{ package: '@modelgate/provider-openai' }] };
    expect(() => parseGatewayConfig({ ...input, answerHeader: { name: 'X Bad', value: 'v' } }, {}, 'test', modules)).toThrow(/answerHeader\.name/);
    expect(() => parseGatewayConfig({ ...input, answerHeader: {} }, {}, 'test', modules)).toThrow(/value/);
    expect(() => parseGatewayConfig({ ...input, answerHeader: { value: 'v' } }, {}, 'test')).toThrow(/answerHeader/);
    expect(parseGatewayConfig({ ...input, answerHeader: { value: 'v' } }, {}, 'test', modules)).toMatchObject({ answerHeader: { name: 'x-answered-by', value: 'v' } });
  });
});
