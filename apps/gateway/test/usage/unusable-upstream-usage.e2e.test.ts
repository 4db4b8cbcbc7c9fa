import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminClient, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';
import { startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.js';

const SECRET_PROMPT = 'a-secret-prompt-that-must-never-be-logged';

/** Usage objects no store, bill or rate limit can take, as an upstream might send them. */
const UNUSABLE_USAGE = [
  '{"prompt_tokens":"abc","completion_tokens":4,"total_tokens":16}',
  '{"prompt_tokens":-5,"completion_tokens":4,"total_tokens":-1}',
  '{"prompt_tokens":1e300,"completion_tokens":1e300,"total_tokens":1e300}',
  '{"prompt_tokens":12,"completion_tokens":1e999,"total_tokens":1e999}',
  '{"prompt_tokens":"NaN","completion_tokens":null}',
  '{"prompt_tokens":12.5,"completion_tokens":4}',
  '{"prompt_tokens":12,"completion_tokens":4,"prompt_tokens_details":{"cached_tokens":50},"completion_tokens_details":{"reasoning_tokens":9}}',
  '"not an object"',
];

interface RecordView {
  requestId: string;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
  tokensEstimated: boolean;
  costUsd: number;
  outcome: string;
}

describe('usage an upstream reports that cannot be used', () => {
  let directory: string;
  let harness: GatewayInFrontOf<ScriptedUpstream>;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-bad-usage-'));
    const upstream = await startScriptedUpstream();
    harness = await startGatewayInFrontOf(upstream, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: upstream.baseUrl, apiKey: 'sk-upstream' } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini', pricing: { input: 1, output: 2 } }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY, tpm: 1_000_000 }],
      storage: { driver: 'sqlite', path: join(directory, 'store.sqlite') },
      admin: { token: TEST_ADMIN_TOKEN },
    });
  });
  afterAll(async () => {
    await harness.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function send(requestId: string, lastMessage: string, stream: boolean): Promise<number> {
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ model: 'gpt-test', stream, messages: [{ role: 'user', content: SECRET_PROMPT }, { role: 'user', content: lastMessage }] }),
    });
    await response.text();
    return response.status;
  }

  it('records estimates for it, logs a warning without the prompt, and every other request is recorded as usual', async () => {
    const sent: Array<{ requestId: string; bad: boolean }> = [];
    for (const [index, usage] of UNUSABLE_USAGE.entries()) {
      for (const stream of [false, true]) {
        const requestId = `bad-${index}-${stream ? 'stream' : 'json'}`;
        expect(await send(requestId, `usage:${usage}`, stream)).toBe(200);
        sent.push({ requestId, bad: true });
        const normal = `normal-after-${requestId}`;
        expect(await send(normal, 'hello', stream)).toBe(200);
        sent.push({ requestId: normal, bad: false });
      }
    }

    let records: RecordView[] = [];
    await eventually(async () => {
      records = (await adminClient(harness.gateway.url).call('GET', '/usage?limit=1000')).body.records as RecordView[];
      return records.length === sent.length;
    });
    const byId = new Map(records.map((record) => [record.requestId, record]));
    for (const { requestId, bad } of sent) {
      const record = byId.get(requestId)!;
      expect(record).toBeDefined();
      expect(record.outcome).toBe('completed');
      for (const count of [record.promptTokens, record.completionTokens, record.cachedTokens, record.reasoningTokens]) {
        expect(Number.isInteger(count) && count >= 0 && count <= 1e9).toBe(true);
      }
      expect(record.cachedTokens).toBeLessThanOrEqual(record.promptTokens);
      expect(record.reasoningTokens).toBeLessThanOrEqual(record.completionTokens);
      expect(Number.isFinite(record.costUsd)).toBe(true);
      if (bad) {
        expect(record.tokensEstimated).toBe(true);
        expect(record.promptTokens).toBeGreaterThan(0);
      } else {
        expect(record).toMatchObject({ promptTokens: 12, completionTokens: 4, tokensEstimated: false, costUsd: (12 * 1 + 4 * 2) / 1e6 });
      }
    }
    // A count that was fine is kept; only the bad one is estimated.
    expect(byId.get('bad-0-json')).toMatchObject({ completionTokens: 4 });
    expect(byId.get('bad-6-json')).toMatchObject({ promptTokens: 12, completionTokens: 4, cachedTokens: 0, reasoningTokens: 0 });

    const lines = harness.logs.map((line) => JSON.parse(line) as { msg: string; level: number; requestId?: string; unusable?: Record<string, string> });
    const warnings = lines.filter((line) => line.msg === 'the upstream reported unusable token counts; estimated instead');
    expect(warnings.map((line) => line.requestId).sort()).toEqual(sent.filter((request) => request.bad).map((request) => request.requestId).sort());
    expect(warnings.find((line) => line.requestId === 'bad-0-json')!.unusable).toEqual({ prompt_tokens: '"abc"' });
    expect(harness.logs.join('')).not.toContain(SECRET_PROMPT);
    // Nothing was stuck or set aside.
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
