import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminClient, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';
import { startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.js';

function stream(harness: GatewayInFrontOf<ScriptedUpstream>, requestId: string, signal: AbortSignal): Promise<Response> {
  return fetch(`${harness.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'drip' }] }),
    signal,
  });
}

describe('concurrency leases are the gateway’s, not the client’s x-request-id', () => {
  let directory: string;
  let harness: GatewayInFrontOf<ScriptedUpstream>;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-lease-'));
    const upstream = await startScriptedUpstream();
    harness = await startGatewayInFrontOf(upstream, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: upstream.baseUrl, apiKey: 'sk-upstream' } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY, maxConcurrent: 2 }],
      storage: { driver: 'sqlite', path: join(directory, 'store.sqlite') },
      admin: { token: TEST_ADMIN_TOKEN },
    });
  });
  afterAll(async () => {
    await harness.close();
    await rm(directory, { recursive: true, force: true });
  });

  // A shared lease id counted once: with maxConcurrent 2, three streams sharing one x-request-id
  // were all admitted (and the first to end freed the others' slot).
  it('counts each concurrent stream once, even when they share one x-request-id (maxConcurrent 2: the third is refused)', async () => {
    const controller = new AbortController();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await stream(harness, 'shared-id', controller.signal)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      controller.abort();
    }
    // Each request has its own record id, though both carry the caller's request id.
    let records: Array<{ requestId: string; recordId: string; status: number }> = [];
    await eventually(async () => {
      records = (await adminClient(harness.gateway.url).call('GET', '/usage')).body.records as typeof records;
      return records.length === 3;
    });
    expect(records.map((record) => record.requestId)).toEqual(['shared-id', 'shared-id', 'shared-id']);
    expect(new Set(records.map((record) => record.recordId)).size).toBe(3);
    expect(records.map((record) => record.status).sort()).toEqual([200, 200, 429]);
  });
});
