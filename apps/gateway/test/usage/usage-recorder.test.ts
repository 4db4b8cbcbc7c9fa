import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import type { StorageConfig } from '../../src/config/gateway-config.js';
import type { GatewayStore } from '../../src/store/gateway-store.js';
import { openGatewayStore } from '../../src/store/open-gateway-store.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { UsageRecorder } from '../../src/usage/usage-recorder.js';
import { createMemoryLogSink } from '../support/test-gateway.js';
import { createTestPostgresSchema, describeWith, TEST_POSTGRES_URL, withAvailableServices } from '../support/test-services.js';

let sequence = 0;
function usage(overrides: Partial<UsageRecord> = {}): UsageRecord {
  sequence += 1;
  return {
    recordId: `rec_${sequence}_${Date.now()}`,
    requestId: `req_${sequence}`,
    keyId: 'key_recorder',
    model: 'gpt-test',
    family: 'openai',
    endpoint: 'chat',
    status: 200,
    promptTokens: 10,
    completionTokens: 5,
    cachedTokens: 0,
    reasoningTokens: 0,
    tokensEstimated: false,
    costUsd: 0.001,
    latencyMs: 3,
    stream: false,
    clientAborted: false,
    outcome: 'completed',
    stage: 'responding',
    createdAt: Date.now(),
    ...overrides,
  };
}

async function segmentsIn(directory: string): Promise<string[]> {
  return existsSync(directory) ? (await readdir(directory)).filter((name) => name.endsWith('.jsonl')) : [];
}

async function storedRequestIds(store: GatewayStore): Promise<string[]> {
  return (await store.queryUsage({ keyId: 'key_recorder', limit: 1000 })).map((record) => record.requestId).sort();
}

/** A TCP relay to PostgreSQL that can be stopped and started again on the same port: an outage on demand. */
async function startTcpRelay(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  };
  await start();
  return {
    get port() {
      return port;
    },
    start,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server!.close(resolve));
    },
  };
}

const DRIVERS: Array<{ name: string; storage(directory: string): { config: StorageConfig; drop(): Promise<void> } }> = [
  { name: 'SQLite', storage: (directory) => ({ config: { driver: 'sqlite', path: join(directory, 'store.sqlite') }, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    storage: () => {
      const schema = createTestPostgresSchema();
      return { config: { driver: 'postgres', url: schema.url, schema: schema.schema }, drop: () => schema.drop() };
    },
  },
];

describe.each(withAvailableServices(DRIVERS, (variant) => (variant.name.startsWith('PostgreSQL') ? 'postgres' : undefined)))('the usage recorder on $name', (driver) => {
  let directory: string;
  let store: GatewayStore;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-recorder-'));
    const storage = driver.storage(directory);
    drop = storage.drop;
    store = await openGatewayStore(storage.config);
  });
  afterEach(async () => {
    await store.close();
    await drop();
    await rm(directory, { recursive: true, force: true });
  });

  it('sets aside a record the store refuses, writes all the others, and keeps going', async () => {
    const { logs, sink } = createMemoryLogSink();
    const spoolDirectory = join(directory, 'spool');
    const rejectedFile = join(directory, 'usage-rejected.jsonl');
    const recorder = new UsageRecorder(store, pino(sink), { spoolDirectory, rejectedFile, flushIntervalMs: 60_000 });
    // NaN binds as NULL in SQLite (NOT NULL fails) and as 'NaN' in PostgreSQL (not a BIGINT).
    const poisoned = usage({ promptTokens: Number.NaN });
    const good = [usage(), usage(), usage()];
    for (const record of [good[0]!, poisoned, good[1]!, good[2]!]) recorder.record(record);
    await recorder.flush();

    expect(await storedRequestIds(store)).toEqual(good.map((record) => record.requestId).sort());
    const rejected = (await readFile(rejectedFile, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { record: UsageRecord; reason: string });
    expect(rejected.map((line) => line.record.recordId)).toEqual([poisoned.recordId]);
    expect(rejected[0]!.reason.length).toBeGreaterThan(0);
    const alerts = logs.map((line) => JSON.parse(line) as { level: number; msg: string; record?: UsageRecord }).filter((line) => line.level >= 50);
    expect(alerts).toEqual([expect.objectContaining({ msg: 'the store refused a usage record on its own; it was set aside', record: expect.objectContaining({ recordId: poisoned.recordId }) })]);
    // Nothing waits for the bad record: later records flow, and the spool lets go of every segment.
    const later = usage();
    recorder.record(later);
    await recorder.close();
    expect(await storedRequestIds(store)).toContain(later.requestId);
    expect(await segmentsIn(spoolDirectory)).toEqual([]);
  });
});

describeWith('the usage recorder while PostgreSQL is unreachable', 'postgres')('the usage recorder while PostgreSQL is unreachable', () => {
  const postgres = createTestPostgresSchema();
  afterEach(() => postgres.drop());

  it('keeps every record queued (nothing set aside) and writes them once the store is back', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'modelgate-outage-'));
    const relay = await startTcpRelay(Number(new URL(TEST_POSTGRES_URL).port || 5432));
    const url = new URL(TEST_POSTGRES_URL);
    url.port = String(relay.port);
    const store = await openGatewayStore({ driver: 'postgres', url: url.toString(), schema: postgres.schema });
    const { logs, sink } = createMemoryLogSink();
    const rejectedFile = join(directory, 'usage-rejected.jsonl');
    const spoolDirectory = join(directory, 'spool');
    const recorder = new UsageRecorder(store, pino(sink), { spoolDirectory, rejectedFile, flushIntervalMs: 60_000 });
    try {
      await relay.stop();
      const records = [usage(), usage(), usage()];
      for (const record of records) recorder.record(record);
      await recorder.flush();
      await recorder.flush();
      expect(existsSync(rejectedFile)).toBe(false);
      expect(logs.some((line) => line.includes('writing usage records failed; will retry'))).toBe(true);
      expect(await segmentsIn(spoolDirectory)).not.toEqual([]);

      await relay.start();
      await recorder.close();
      expect(await storedRequestIds(store)).toEqual(records.map((record) => record.requestId).sort());
      expect(await segmentsIn(spoolDirectory)).toEqual([]);
    } finally {
      await recorder.close();
      await store.close();
      await relay.stop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('the usage spool at start', () => {
  let directory: string;
  let store: GatewayStore;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-replay-'));
    store = await openGatewayStore({ driver: 'sqlite', path: join(directory, 'store.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  const lines = (records: UsageRecord[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('');

  it('replays the segments of processes that are gone, once, and leaves a live process’s segments alone', async () => {
    const spoolDirectory = join(directory, 'spool');
    const dead = spawn(process.execPath, ['-e', '']);
    await once(dead, 'exit');
    const alive = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      const alreadyStored = usage();
      await store.insertUsage([alreadyStored]);
      const fromDead = [alreadyStored, usage(), usage()];
      const fromEarlierLifeOfThisPid = [usage()];
      const fromAlive = [usage(), usage()];
      await recorderSpool(spoolDirectory);
      // A process killed mid-append leaves a torn last line.
      await writeFile(join(spoolDirectory, `usage-${dead.pid}-0a1b2c3d4e5f-1.jsonl`), `${lines(fromDead)}{"recordId":"torn`);
      // Same pid as this process, another life: a container restarted, its gateway pid 1 again.
      await writeFile(join(spoolDirectory, `usage-${process.pid}-0a1b2c3d4e5f-2.jsonl`), lines(fromEarlierLifeOfThisPid));
      await writeFile(join(spoolDirectory, `usage-${alive.pid}-0a1b2c3d4e5f-3.jsonl`), lines(fromAlive));

      const { logs, sink } = createMemoryLogSink();
      const first = new UsageRecorder(store, pino(sink), { spoolDirectory, flushIntervalMs: 60_000 });
      expect(await first.replaySpool()).toBe(4);
      await first.close();
      expect(await storedRequestIds(store)).toEqual([...fromDead, ...fromEarlierLifeOfThisPid].map((record) => record.requestId).sort());
      expect(await segmentsIn(spoolDirectory)).toEqual([`usage-${alive.pid}-0a1b2c3d4e5f-3.jsonl`]);
      expect(logs.some((line) => line.includes('"unreadableLines":1'))).toBe(true);

      alive.kill('SIGKILL');
      await once(alive, 'exit');
      const second = new UsageRecorder(store, pino(sink), { spoolDirectory, flushIntervalMs: 60_000 });
      expect(await second.replaySpool()).toBe(2);
      await second.close();
      expect(await storedRequestIds(store)).toEqual([...fromDead, ...fromEarlierLifeOfThisPid, ...fromAlive].map((record) => record.requestId).sort());
      expect(await segmentsIn(spoolDirectory)).toEqual([]);
    } finally {
      if (alive.exitCode === null) alive.kill('SIGKILL');
    }
  });

  it('lets go of each segment once its records are stored, at the first flush a second after it was opened', async () => {
    const spoolDirectory = join(directory, 'spool');
    const recorder = new UsageRecorder(store, pino({ level: 'silent' }), { spoolDirectory, flushIntervalMs: 60_000 });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 1_100));
    try {
      recorder.record(usage());
      await recorder.flush();
      const [first] = await segmentsIn(spoolDirectory);
      expect(first).toBeDefined();
      await pause();
      recorder.record(usage());
      await recorder.flush();
      // The first segment, its records stored, is gone; the next one was opened at that flush.
      expect(await segmentsIn(spoolDirectory)).not.toContain(first);
      expect(await segmentsIn(spoolDirectory)).toHaveLength(1);
      await pause();
      await recorder.flush();
      // Idle: nothing is kept, nothing new is opened.
      expect(await segmentsIn(spoolDirectory)).toEqual([]);
      expect((await storedRequestIds(store)).length).toBe(2);
    } finally {
      await recorder.close();
    }
  });

  it('runs without a spool, and says so, when the spool folder cannot be made', async () => {
    const blocker = join(directory, 'a-file');
    await writeFile(blocker, '');
    const { logs, sink } = createMemoryLogSink();
    const recorder = new UsageRecorder(store, pino(sink), { spoolDirectory: join(blocker, 'spool'), flushIntervalMs: 60_000 });
    expect(await recorder.replaySpool()).toBe(0);
    const record = usage();
    recorder.record(record);
    await recorder.close();
    expect(await storedRequestIds(store)).toEqual([record.requestId]);
    expect(logs.some((line) => line.includes('the usage spool is off'))).toBe(true);
  });

  /** Creates the spool folder the way a gateway does (a recorder with a spool, closed at once). */
  async function recorderSpool(spoolDirectory: string): Promise<void> {
    await new UsageRecorder(store, pino({ level: 'silent' }), { spoolDirectory }).close();
  }
});
