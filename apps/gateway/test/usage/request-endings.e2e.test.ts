import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { runCli } from '../../src/cli/run-cli.js';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { adminClient, chat, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';
import { createTestPostgresSchema, describeWith } from '../support/test-services.js';
import { startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.js';

type Harness = GatewayInFrontOf<ScriptedUpstream>;
type Row = Record<string, unknown>;

async function startHarness(directory: string, overrides: Partial<GatewayConfigInput> = {}): Promise<Harness> {
  const upstream = await startScriptedUpstream();
  return startGatewayInFrontOf(upstream, {
    server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 5_000 },
    providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: upstream.baseUrl, apiKey: 'sk-upstream' } }],
    models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    storage: { driver: 'sqlite', path: join(directory, 'store.sqlite') },
    admin: { token: TEST_ADMIN_TOKEN },
    ...overrides,
  });
}

function send(harness: Harness, requestId: string, message: string, options: { stream?: boolean; signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(`${harness.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ model: 'gpt-test', stream: options.stream ?? false, messages: [{ role: 'user', content: message }] }),
    signal: options.signal,
  });
}

/** The usage record of a request, once written (records are written in batches, about every second). */
async function recordOf(harness: Harness, requestId: string): Promise<Row> {
  let found: Row | undefined;
  await eventually(async () => {
    const records = (await adminClient(harness.gateway.url).call('GET', '/usage?limit=1000')).body.records as Row[];
    found = records.find((record) => record.requestId === requestId);
    return found !== undefined;
  });
  return found!;
}

async function logLineOf(harness: Harness, requestId: string): Promise<Row> {
  const find = () => harness.logs.map((line) => JSON.parse(line) as Row).find((line) => line.msg === 'request' && line.requestId === requestId);
  await eventually(() => find() !== undefined);
  return find()!;
}

/** Opens a raw connection and writes `head` (request line and headers, CRLF-separated) and `body`. */
async function rawRequest(harness: Harness, head: string[], body: string): Promise<Socket> {
  const { hostname, port } = new URL(harness.gateway.url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  return socket;
}

async function readUntil(socket: Socket, marker: string): Promise<void> {
  let text = '';
  for await (const piece of socket) {
    text += String(piece);
    if (text.includes(marker)) return;
  }
}

function chatHead(requestId: string, contentLength: number, extra: string[] = []): string[] {
  return [
    'POST /v1/chat/completions HTTP/1.1', 'Host: 127.0.0.1', `Authorization: Bearer ${TEST_SERVICE_KEY}`, 'Content-Type: application/json',
    `Content-Length: ${contentLength}`, `x-request-id: ${requestId}`, ...extra,
  ];
}

describe('how requests end: outcome, stage and status in usage records and logs', () => {
  let directory: string;
  let harness: Harness | undefined;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-endings-'));
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('a client that leaves while sending its body: 499 at stage body, not 404', async () => {
    harness = await startHarness(directory);
    // Node answers `100 Continue` once it has parsed the request head: the gateway is then waiting for the body.
    const socket = await rawRequest(harness, chatHead('left-in-body', 1_000, ['Expect: 100-continue']), '{"model":"gpt-test","messages":');
    await readUntil(socket, '100 Continue');
    socket.destroy();
    expect(await recordOf(harness, 'left-in-body')).toMatchObject({ status: 499, outcome: 'client_aborted', stage: 'body', clientAborted: true, promptTokens: 0 });
    expect(await logLineOf(harness, 'left-in-body')).toMatchObject({ status: 499, outcome: 'client_aborted', stage: 'body' });
    expect(harness.simulator.received).toEqual([]);
  });

  it('a client that leaves while the upstream is thinking: 499 at stage upstream, the prompt estimated', async () => {
    harness = await startHarness(directory);
    const controller = new AbortController();
    const answer = send(harness, 'left-waiting', 'hang', { signal: controller.signal }).catch(() => 'aborted');
    await harness.simulator.arrival('hang');
    controller.abort();
    expect(await answer).toBe('aborted');
    const record = await recordOf(harness, 'left-waiting');
    expect(record).toMatchObject({ status: 499, outcome: 'client_aborted', stage: 'upstream', tokensEstimated: true, completionTokens: 0 });
    expect(record.promptTokens).toBeGreaterThan(0);
    expect(await logLineOf(harness, 'left-waiting')).toMatchObject({ status: 499, outcome: 'client_aborted', stage: 'upstream' });
  });

  it('a client that leaves mid-stream: status 200 as sent, at stage streaming, the text so far estimated', async () => {
    harness = await startHarness(directory);
    const controller = new AbortController();
    const response = await send(harness, 'left-streaming', 'drip', { stream: true, signal: controller.signal });
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('word2')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const record = await recordOf(harness, 'left-streaming');
    expect(record).toMatchObject({ status: 200, outcome: 'client_aborted', stage: 'streaming', tokensEstimated: true });
    expect(record.completionTokens).toBeGreaterThan(0);
    expect(await logLineOf(harness, 'left-streaming')).toMatchObject({ status: 200, outcome: 'client_aborted', stage: 'streaming' });
  });

  it('a client that leaves while a whole answer is written: logged at stage responding; its record, written first, says completed', async () => {
    harness = await startHarness(directory);
    const body = JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'big:6000000' }] });
    const socket = await rawRequest(harness, chatHead('left-responding', Buffer.byteLength(body)), body);
    // The head has arrived; the 6 MB body cannot fit in the socket buffers of a client that reads no more.
    await readUntil(socket, '\r\n\r\n');
    socket.destroy();
    expect(await logLineOf(harness, 'left-responding')).toMatchObject({ status: 200, outcome: 'client_aborted', stage: 'responding' });
    expect(await recordOf(harness, 'left-responding')).toMatchObject({ status: 200, outcome: 'completed', stage: 'responding', tokensEstimated: false });
  });

  it('records completed answers, JSON and streamed, with the stage they completed in', async () => {
    harness = await startHarness(directory);
    expect((await send(harness, 'whole', 'hello')).status).toBe(200);
    expect(await (await send(harness, 'streamed', 'hello', { stream: true })).text()).toContain('[DONE]');
    expect(await recordOf(harness, 'whole')).toMatchObject({ status: 200, outcome: 'completed', stage: 'responding', promptTokens: 12, completionTokens: 4 });
    expect(await recordOf(harness, 'streamed')).toMatchObject({ status: 200, outcome: 'completed', stage: 'streaming', promptTokens: 12, completionTokens: 4 });
    expect(await recordOf(harness, 'whole')).toMatchObject({ recordId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The CLI prints them too.
    const configPath = join(directory, 'modelgate.yaml');
    await writeFile(configPath, `providers:\n  - package: "@modelgate/provider-openai"\nstorage:\n  driver: sqlite\n  path: ${join(directory, 'store.sqlite')}\n`);
    let printed = '';
    expect(await runCli(['usage', '--config', configPath], { env: {}, stdout: { write: (text: string) => (printed += text) }, stderr: { write: () => undefined } })).toBe(0);
    expect(printed).toMatch(/STATUS\s+OUTCOME\s+STAGE/);
    expect(printed).toMatch(/streamed\s+config:test\s+gpt-test\s+200\s+completed\s+streaming/);
    expect(printed).toMatch(/whole\s+config:test\s+gpt-test\s+200\s+completed\s+responding/);
  });

  it('streams cut at the shutdown deadline, and requests still waiting, are recorded and logged as shutdown', async () => {
    harness = await startHarness(directory, { server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 300 } });
    const stream = await send(harness, 'cut-streaming', 'drip', { stream: true });
    const reader = stream.body!.getReader();
    await reader.read();
    const waiting = send(harness, 'cut-waiting', 'hang').catch(() => 'cut');
    await harness.simulator.arrival('hang');
    const drained = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // cut at the deadline: expected
      }
    })();
    await harness.gateway.close();
    await Promise.all([drained, waiting]);

    const database = new DatabaseSync(join(directory, 'store.sqlite'), { readOnly: true });
    const rows = database.prepare('SELECT request_id, status, outcome, stage, client_aborted FROM usage_records ORDER BY request_id').all() as Row[];
    database.close();
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { request_id: 'cut-streaming', status: 200, outcome: 'shutdown', stage: 'streaming', client_aborted: 0 },
      { request_id: 'cut-waiting', status: 503, outcome: 'shutdown', stage: 'upstream', client_aborted: 0 },
    ]);
    expect(await logLineOf(harness, 'cut-streaming')).toMatchObject({ status: 200, outcome: 'shutdown', stage: 'streaming' });
    expect(await logLineOf(harness, 'cut-waiting')).toMatchObject({ status: 503, outcome: 'shutdown', stage: 'upstream' });
  });

  it('answers with Connection: close once shutdown has begun, so keep-alive clients reconnect elsewhere', async () => {
    harness = await startHarness(directory);
    const agent = new Agent({ keepAlive: true });
    const post = (message: string) =>
      new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const request = httpRequest(`${harness!.baseUrl}/chat/completions`, { method: 'POST', agent, headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers));
        });
        request.on('error', reject);
        request.end(JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: message }] }));
      });
    try {
      expect((await post('before shutdown')).connection).toBe('keep-alive');
      const inFlight = post('held');
      await harness.simulator.arrival('held');
      const closing = harness.gateway.close();
      harness.simulator.release();
      expect((await inFlight).connection).toBe('close');
      await closing;
    } finally {
      agent.destroy();
    }
  });
});

describeWith('a client that leaves during admission', 'postgres')('a client that leaves during admission', () => {
  const postgres = createTestPostgresSchema();
  let directory: string;
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    await postgres.drop();
    await rm(directory, { recursive: true, force: true });
  });

  it('is recorded at stage admission with 499; no upstream is called and its concurrency slot is given back', async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-admission-'));
    harness = await startHarness(directory, {
      storage: { driver: 'postgres', url: postgres.url, schema: postgres.schema },
      keys: [{ name: 'test', key: TEST_SERVICE_KEY, maxConcurrent: 1, budget: { usd: 100, period: 'day' } }],
    });
    // The budget check reads the usage table: lock it, and the request waits in admission.
    const locker = new pg.Client({ connectionString: postgres.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE "${postgres.schema}".usage_records IN ACCESS EXCLUSIVE MODE`);
      const controller = new AbortController();
      const answer = send(harness, 'left-in-admission', 'admission', { signal: controller.signal }).catch(() => 'aborted');
      await eventually(async () => {
        const waiting = await locker.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()");
        return (waiting.rows[0] as { n: number }).n > 0;
      });
      controller.abort();
      expect(await answer).toBe('aborted');
      await logLineOf(harness, 'left-in-admission');
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    expect(await recordOf(harness, 'left-in-admission')).toMatchObject({ status: 499, outcome: 'client_aborted', stage: 'admission', promptTokens: 0 });
    expect(await logLineOf(harness, 'left-in-admission')).toMatchObject({ status: 499, outcome: 'client_aborted', stage: 'admission' });
    // maxConcurrent 1: the next request is admitted only if the departed one gave its slot back.
    expect((await chat(harness.baseUrl, TEST_SERVICE_KEY, { messages: [{ role: 'user', content: 'after' }] })).status).toBe(200);
    expect(harness.simulator.received).toEqual(['after']);
  });
});
