import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { stringify } from 'yaml';
import { MAIN_SCRIPT, OPENAI_PROVIDER_PATH, spawnGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { parsePrometheusText } from '../support/parse-prometheus-text.js';

const SERVICE_KEY = 'mg-model-id-service-key-0123456789ab';
const ADMIN_TOKEN = 'mg-model-id-admin-token-0123456789ab';
const UPSTREAM_KEY = 'sk-model-id-upstream';
const MEGABYTE = 1024 * 1024;

/** The model-request fronts, each with a body naming `model`. */
const FRONTS: ReadonlyArray<{ path: string; body: (model: string) => Record<string, unknown>; headers: Record<string, string> }> = [
  { path: '/v1/chat/completions', body: (model) => ({ model, messages: [{ role: 'user', content: 'hi' }] }), headers: { authorization: `Bearer ${SERVICE_KEY}` } },
  { path: '/v1/responses', body: (model) => ({ model, input: 'hi' }), headers: { authorization: `Bearer ${SERVICE_KEY}` } },
  { path: '/v1/responses/compact', body: (model) => ({ model, input: 'hi' }), headers: { authorization: `Bearer ${SERVICE_KEY}` } },
  { path: '/v1/messages', body: (model) => ({ model, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }), headers: { 'x-api-key': SERVICE_KEY, 'anthropic-version': '2023-06-01' } },
  { path: '/v1/messages/count_tokens', body: (model) => ({ model, messages: [{ role: 'user', content: 'hi' }] }), headers: { 'x-api-key': SERVICE_KEY, 'anthropic-version': '2023-06-01' } },
];

async function post(gateway: GatewayProcess, path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function scrape(gateway: GatewayProcess) {
  const response = await fetch(`${gateway.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  const text = await response.text();
  return { status: response.status, text, samples: response.status === 200 ? parsePrometheusText(text) : [] };
}

async function residentBytes(gateway: GatewayProcess): Promise<number> {
  const { samples } = await scrape(gateway);
  return samples.find((sample) => sample.name === 'process_resident_memory_bytes')!.value;
}

describe('client-chosen model ids are bounded before anything keeps or sends them (issue 27)', () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-model-ids-'));
    simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    const configPath = join(directory, 'model-ids.yaml');
    const config = {
      server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 2 * MEGABYTE },
      logging: { level: 'warn' },
      providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'ids', key: SERVICE_KEY }],
      admin: { token: ADMIN_TOKEN },
    };
    await writeFile(configPath, stringify(config));
    // As `npm start` runs it (docs/production.md): V8's young generation capped, as in production.
    gateway = await spawnGatewayProcess(['--max-semi-space-size=16', MAIN_SCRIPT], { name: 'model-ids', env: { MODELGATE_CONFIG: configPath, MODELGATE_DATA_DIR: directory } });
  }, 30_000);

  afterAll(async () => {
    await gateway?.terminate();
    await simulator?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses a model id outside Latin-1 with a 400 on every front, before any upstream call', async () => {
    const before = simulator.requests.length;
    for (const front of FRONTS) {
      const answer = await post(gateway, front.path, front.headers, front.body('gpt-4o-\u{1F600}'));
      expect({ path: front.path, status: answer.status }).toEqual({ path: front.path, status: 400 });
      expect(answer.text).toMatch(/model/);
    }
    expect(simulator.requests.length).toBe(before);
  });

  it('refuses a model id longer than 256 characters, or with spaces or control characters, before any upstream call', async () => {
    const before = simulator.requests.length;
    for (const model of [`gpt-${'a'.repeat(253)}`, 'gpt 4o', 'gpt-4o\n', 'gpt-4o\u00e9']) {
      for (const front of FRONTS) {
        const answer = await post(gateway, front.path, front.headers, front.body(model));
        expect({ path: front.path, model: model.slice(0, 12), status: answer.status }).toEqual({ path: front.path, model: model.slice(0, 12), status: 400 });
        expect(answer.text.length).toBeLessThan(1_000);
      }
    }
    expect(simulator.requests.length).toBe(before);
    // A long id that is still in bounds reaches the vendor as sent.
    const inBounds = `gpt-${'a'.repeat(252)}`;
    await post(gateway, '/v1/chat/completions', FRONTS[0]!.headers, FRONTS[0]!.body(inBounds));
    expect(simulator.requests.at(-1)?.body).toMatchObject({ model: inBounds });
  });

  it('keeps memory and /metrics bounded after a burst of 100 requests with 1 MB model ids', async () => {
    const huge = (index: number) => `gpt-${String(index).padStart(3, '0')}${'x'.repeat(MEGABYTE)}`;
    // Warmed up first (a few such bodies), so the figure is what the burst keeps, not the heap's first growth.
    await Promise.all(Array.from({ length: 5 }, (_, index) => post(gateway, '/v1/chat/completions', FRONTS[0]!.headers, FRONTS[0]!.body(huge(900 + index)))));
    const scrapedBefore = await scrape(gateway);
    expect(scrapedBefore.status).toBe(200);
    const before = await residentBytes(gateway);
    const upstreamBefore = simulator.requests.length;
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => post(gateway, '/v1/chat/completions', FRONTS[0]!.headers, FRONTS[0]!.body(huge(batch * 5 + index)))));
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.text.length).toBeLessThan(1_000);
      }
    }
    expect(simulator.requests.length).toBe(upstreamBefore);
    const after = await scrape(gateway);
    expect(after.status).toBe(200);
    expect(after.text.length).toBeLessThan(scrapedBefore.text.length + 64 * 1024);
    const grownBy = (await residentBytes(gateway)) - before;
    process.stdout.write(`model ids: RSS grew by ${(grownBy / MEGABYTE).toFixed(1)} MB over the burst\n`);
    expect(grownBy).toBeLessThan(60 * MEGABYTE);
  }, 60_000);

  it('labels metrics only with the models and deployments the config and catalogs name, whatever ids clients make up', async () => {
    const made = Array.from({ length: 40 }, (_, index) => `gpt-made-up-${index}`);
    for (const model of made) await post(gateway, '/v1/chat/completions', FRONTS[0]!.headers, FRONTS[0]!.body(model));
    expect(simulator.requests.filter((request) => String((request.body as { model?: unknown }).model).startsWith('gpt-made-up-')).length).toBe(made.length);
    await post(gateway, '/v1/chat/completions', FRONTS[0]!.headers, FRONTS[0]!.body('gpt-test'));
    const { samples } = await scrape(gateway);
    const labelValues = new Set(samples.flatMap((sample) => Object.values(sample.labels)));
    expect([...labelValues].filter((value) => value.includes('made-up'))).toEqual([]);
    const requests = samples.filter((sample) => sample.name === 'modelgate_requests_total');
    expect(requests.filter((sample) => sample.labels.model === 'other').reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThanOrEqual(made.length);
    expect(requests.some((sample) => sample.labels.model === 'gpt-test')).toBe(true);
  });
});
