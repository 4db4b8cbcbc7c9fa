import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/run-cli.js';
import { adminClient, chat, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { dumpSqliteStore } from '../support/dump-store.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { env: {}, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } });
  return { code, stdout, stderr };
}

describe('usage records, the CLI, and secrets at rest', () => {
  let directory: string;
  let storePath: string;
  let configPath: string;
  let harness: TestGateway | undefined;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-usage-'));
    storePath = join(directory, 'store.sqlite');
    configPath = join(directory, 'modelgate.yaml');
    await writeFile(configPath, `providers:\n  - package: "@modelgate/provider-openai"\nstorage:\n  driver: sqlite\n  path: ${storePath}\n`);
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('records one usage record per request, priced, with aggregates, over /admin/usage and the CLI', async () => {
    harness = await startTestGateway({ storage: { driver: 'sqlite', path: storePath }, admin: { token: TEST_ADMIN_TOKEN } });
    const admin = adminClient(harness.gateway.url);
    harness.simulator.enqueueReply({ kind: 'text', text: 'priced answer', usage: { promptTokens: 1000, completionTokens: 500, cachedTokens: 200, reasoningTokens: 7 } });
    expect((await chat(harness.baseUrl, TEST_SERVICE_KEY, {}).then((response) => response.status))).toBe(200);
    const streamed = await chat(harness.baseUrl, TEST_SERVICE_KEY, { stream: true, stream_options: { include_usage: true } });
    expect(streamed.text).toContain('[DONE]');
    await eventually(async () => ((await admin.call('GET', '/usage')).body.records as unknown[]).length === 2);
    const report = (await admin.call('GET', '/usage?keyId=config:test')).body as { records: Array<Record<string, unknown>>; aggregates: Record<string, unknown[]> };
    const [streamRecord, jsonRecord] = report.records;
    // gpt-4.1-mini: $0.40 input, $0.10 cached input, $1.60 output per million tokens.
    expect(jsonRecord).toMatchObject({
      keyId: 'config:test', model: 'gpt-test', family: 'openai', endpoint: 'chat', status: 200, stream: false, clientAborted: false,
      promptTokens: 1000, completionTokens: 500, cachedTokens: 200, reasoningTokens: 7, tokensEstimated: false,
      costUsd: expect.closeTo((800 * 0.4 + 200 * 0.1 + 500 * 1.6) / 1e6, 10),
    });
    expect(jsonRecord!.requestId).toMatch(/^req_/);
    expect(jsonRecord!.latencyMs).toBeGreaterThan(0);
    expect(streamRecord).toMatchObject({ stream: true, tokensEstimated: false });
    expect(streamRecord!.timeToFirstTokenMs).toBeGreaterThan(0);
    expect(report.aggregates.key).toEqual([expect.objectContaining({ group: 'config:test', requests: 2 })]);
    expect(report.aggregates.model).toEqual([expect.objectContaining({ group: 'gpt-test', requests: 2 })]);
    expect(report.aggregates.day).toEqual([expect.objectContaining({ group: new Date().toISOString().slice(0, 10), requests: 2 })]);
    expect((await admin.call('GET', '/usage?model=other')).body.records).toEqual([]);
    expect((await admin.call('GET', '/usage?from=yesterday')).status).toBe(400);

    const printed = await cli(['usage', '--config', configPath]);
    // Where the data is goes to stderr, so that stdout stays the report (or --json).
    expect(printed).toMatchObject({ code: 0, stderr: `modelgate: data directory ${join(directory, '.modelgate')} (store: SQLite ${storePath})\n` });
    expect(printed.stdout).toContain('By model');
    expect(printed.stdout).toMatch(/gpt-test\s+2\s+/);
    const asJson = JSON.parse((await cli(['usage', '--config', configPath, '--json', '--key', 'config:test'])).stdout) as { records: unknown[] };
    expect(asJson.records).toHaveLength(2);
  });

  it('issues, lists, rotates and revokes keys from the CLI, and no secret reaches the logs or the store', async () => {
    const created = await cli(['keys', 'create', '--config', configPath, '--name', 'cli-key', '--owner', 'team-b', '--rpm', '10', '--models', 'gpt-*', '--expires', '30d', '--json']);
    expect(created.code).toBe(0);
    const issued = JSON.parse(created.stdout) as { secret: string; key: { id: string; rpm: number; owner: string } };
    expect(issued.key).toMatchObject({ rpm: 10, owner: 'team-b' });

    harness = await startTestGateway({ storage: { driver: 'sqlite', path: storePath }, admin: { token: TEST_ADMIN_TOKEN } });
    expect((await chat(harness.baseUrl, issued.secret)).status).toBe(200);
    expect((await chat(harness.baseUrl, TEST_SERVICE_KEY)).status).toBe(200);
    expect((await chat(harness.baseUrl, 'mg-a-wrong-key-that-is-also-secret')).status).toBe(401);

    const listed = await cli(['keys', 'list', '--config', configPath]);
    expect(listed.stdout).toMatch(/cli-key\s+team-b\s+active\s+10/);
    const rotated = await cli(['keys', 'rotate', issued.key.id, '--config', configPath]);
    const newSecret = /Key \(shown once, store it now\): (\S+)/.exec(rotated.stdout)![1]!;
    expect((await chat(harness.baseUrl, newSecret)).status).toBe(200);
    expect((await cli(['keys', 'revoke', issued.key.id, '--config', configPath])).stdout).toMatch(/status\s+revoked/);
    expect((await chat(harness.baseUrl, newSecret)).status).toBe(401);
    expect(await cli(['keys', 'show', 'key_missing', '--config', configPath])).toMatchObject({ code: 1, stderr: expect.stringContaining('key_missing') });
    await harness.close();
    const logs = harness.logs.join('');
    harness = undefined;

    const secrets = [issued.secret, newSecret, TEST_SERVICE_KEY, TEST_ADMIN_TOKEN, 'mg-a-wrong-key-that-is-also-secret'];
    expect(logs).toContain('"keyId":"key_');
    for (const secret of secrets) expect(logs).not.toContain(secret);
    const stored = dumpSqliteStore(storePath);
    expect(stored).toContain(issued.key.id);
    expect(stored).toContain('config:test');
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });
});
