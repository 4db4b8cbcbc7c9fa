import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { startGateway, type RunningGateway } from '../../src/server/start-gateway.js';
import { openGatewayStore } from '../../src/store/open-gateway-store.js';
import type { GatewayStore } from '../../src/store/gateway-store.js';
import { adminClient, chat, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { createMemoryLogSink, UPSTREAM_KEY } from '../support/test-gateway.js';

describe('unauthenticated requests do not each cost a store look-up (issue 27)', () => {
  let gateway: RunningGateway;
  let store: GatewayStore;
  let simulatorClose: () => Promise<void>;
  const lookups: string[] = [];

  beforeAll(async () => {
    const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    simulatorClose = () => simulator.close();
    const config = parseGatewayConfig(
      {
        server: { host: '127.0.0.1', port: 0 },
        providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }],
        models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
        admin: { token: TEST_ADMIN_TOKEN },
        storage: { driver: 'sqlite', path: ':memory:' },
      },
      {},
      'test',
    );
    const opened = await openGatewayStore(config.storage, {}, process.cwd());
    // The real store, its key look-ups counted.
    store = Object.assign(Object.create(opened) as GatewayStore, {
      findKeyByHash: (digest: string) => {
        lookups.push(digest);
        return opened.findKeyByHash(digest);
      },
    });
    gateway = await startGateway(config, { store, logger: pino({ level: 'silent' }, createMemoryLogSink().sink), baseDirectory: process.cwd() });
  });
  afterAll(async () => {
    await gateway.close();
    await store.close();
    await simulatorClose();
  });

  it('looks a wrong key up once, then answers it from memory; an issued key still works at once', async () => {
    for (let index = 0; index < 50; index++) expect((await chat(`${gateway.url}/v1`, 'mg-wrong-key-0123456789abcdefghij')).status).toBe(401);
    expect(lookups).toHaveLength(1);

    const issued = await adminClient(gateway.url).createKey({ name: 'fresh' });
    const answer = await chat(`${gateway.url}/v1`, issued.secret);
    expect(answer.status).toBe(200);
    expect(lookups).toHaveLength(2);
  });
});
