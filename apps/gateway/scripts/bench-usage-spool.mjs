// Micro-benchmark of the usage spool, the work it adds to each request:
//   node apps/gateway/scripts/bench-usage-spool.mjs     (after building the gateway)
// Prints the append (JSON line + write(2)) in microseconds per record, as a request pays it, with
// the segment rotation a flush does every 200 records (a new file at most once a second); then the
// same with `usage.spoolFsync: true`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageSpool } from '../dist/usage/usage-spool.js';

const record = {
  recordId: '6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f', requestId: 'req_0123456789abcdef0123456789abcdef', keyId: 'key_0123456789abcdef',
  model: 'gpt-4.1-mini', family: 'openai', endpoint: 'chat', status: 200, promptTokens: 1234, completionTokens: 567, cachedTokens: 0,
  reasoningTokens: 0, tokensEstimated: false, costUsd: 0.0014, latencyMs: 812.345, timeToFirstTokenMs: 201.5, stream: true,
  clientAborted: false, outcome: 'completed', stage: 'streaming', createdAt: Date.now(),
};

function microsecondsPerRecord(fsync, records) {
  const directory = mkdtempSync(join(tmpdir(), 'modelgate-spool-bench-'));
  const spool = new UsageSpool(directory, fsync);
  try {
    for (let index = 0; index < 2_000; index += 1) spool.append(record); // warm-up
    const started = process.hrtime.bigint();
    for (let index = 0; index < records; index += 1) {
      spool.release(spool.append(record));
      if (index % 200 === 199) spool.rotate();
    }
    return Number(process.hrtime.bigint() - started) / 1_000 / records;
  } finally {
    spool.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

for (let run = 1; run <= 3; run += 1) {
  const plain = microsecondsPerRecord(false, 200_000);
  const synced = microsecondsPerRecord(true, 2_000);
  process.stdout.write(`run ${run}: ${plain.toFixed(2)} µs/record; with spoolFsync ${synced.toFixed(0)} µs/record\n`);
}
