import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GatewayConfigInput, StorageConfig } from '../../src/config/gateway-config.js';
import { adminClient, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { OPENAI_PROVIDER_PATH, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { createTestPostgresSchema, withAvailableServices, type TestPostgresSchema } from '../support/test-services.js';

const SERVICE_KEY = 'mg-kill-9-test-service-key-0123456789';
const REQUESTS = 400;
const IN_FLIGHT = 16;
/** SIGKILL once this many answers have completed on the client side: mid-load, between flushes. */
const KILL_AFTER_COMPLETED = 250;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** An OpenAI-style upstream that takes a little while: a JSON answer after 20 ms, or a stream of four chunks 5 ms apart with usage. */
function startUpstream(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', async () => {
      const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
      const base = { id: 'chatcmpl-k9', created: 1, model: 'gpt-4.1-mini' };
      if (!(JSON.parse(body) as { stream?: boolean }).stream) {
        await sleep(20);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'done' }, finish_reason: 'stop' }], usage }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      for (const delta of [{ role: 'assistant', content: '' }, { content: 'one ' }, { content: 'two' }]) {
        if (response.destroyed) return;
        response.write(chunk(delta));
        await sleep(5);
      }
      response.end(`${chunk({}, 'stop')}data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\ndata: [DONE]\n\n`);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Sends one request; resolves true only when the whole answer arrived (a stream: through `[DONE]`). */
async function completes(gatewayUrl: string, requestId: string, stream: boolean): Promise<boolean> {
  try {
    const response = await fetch(`${gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ model: 'gpt-test', stream, messages: [{ role: 'user', content: `request ${requestId}` }] }),
    });
    const text = await response.text();
    if (response.status !== 200) return false;
    return stream ? text.trimEnd().endsWith('data: [DONE]') : (JSON.parse(text) as { choices?: unknown[] }).choices?.length === 1;
  } catch {
    return false; // cut by the kill
  }
}

const DRIVERS: Array<{ name: string; storage(directory: string): StorageConfig; cleanup(): Promise<void> }> = [];
let postgres: TestPostgresSchema | undefined;
DRIVERS.push(
  { name: 'SQLite', storage: (directory) => ({ driver: 'sqlite', path: join(directory, 'modelgate.sqlite') }), cleanup: async () => undefined },
  {
    name: 'PostgreSQL',
    storage: () => {
      postgres = createTestPostgresSchema();
      return { driver: 'postgres', url: postgres.url, schema: postgres.schema };
    },
    cleanup: async () => postgres?.drop(),
  },
);

describe.each(withAvailableServices(DRIVERS, (variant) => (variant.name.startsWith('PostgreSQL') ? 'postgres' : undefined)))('kill -9 under load, on $name', (driver) => {
  let directory: string;
  let upstream: Server;
  let config: GatewayConfigInput;
  let gateway: GatewayProcess | undefined;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-kill9-'));
    upstream = await startUpstream();
    config = {
      server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 1_000 },
      logging: { level: 'warn' },
      providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`, apiKey: 'sk-up' } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'loader', key: SERVICE_KEY }],
      storage: driver.storage(directory),
      admin: { token: TEST_ADMIN_TOKEN },
    };
  });

  afterAll(async () => {
    await gateway?.terminate();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    await driver.cleanup();
    await rm(directory, { recursive: true, force: true });
  });

  it('loses no usage record of a request whose answer had completed, and writes each once', async () => {
    const victim = await startGatewayProcess(directory, 'victim', config);
    const victimExited = once(victim.child, 'exit');
    const completed: string[] = [];
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (!killed && next < REQUESTS) {
        const index = next++;
        const requestId = `kill9-${index}`;
        if (await completes(victim.url, requestId, index % 2 === 0)) completed.push(requestId);
        if (!killed && completed.length >= KILL_AFTER_COMPLETED) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(killed).toBe(true);
    expect((await victimExited)[1]).toBe('SIGKILL');

    // The same data directory and store: the dead process's spool is replayed before it listens.
    gateway = await startGatewayProcess(directory, 'successor', config);
    const report = await adminClient(gateway.url).call('GET', '/usage?limit=1000');
    const recorded = (report.body.records as Array<{ requestId: string; outcome: string }>).map((record) => record.requestId);
    const missing = completed.filter((requestId) => !recorded.includes(requestId));
    expect({ completed: completed.length, missing }).toEqual({ completed: completed.length, missing: [] });
    expect(recorded.length).toBe(new Set(recorded).size);
    // Every replayed segment is gone once its records are in the store.
    const spool = join(directory, 'usage-spool');
    const segments = (await readdir(spool, { recursive: true })).filter((name) => String(name).endsWith('.jsonl'));
    expect(segments).toEqual([]);
  });
});
