import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { eventually } from '../support/eventually.js';
import type { GatewayProcess } from '../support/gateway-process.js';
import { parsePrometheusText, sumOf } from '../support/parse-prometheus-text.js';
import { chatOnNewConnection, requestLogLines, startTwoWorkers } from '../support/worker-gateway.js';

const KEY = 'mg-workers-metrics-key-0123456789';
const REQUESTS = 6;

/** `GET /metrics` on a connection of its own, so that successive scrapes reach both workers. */
function scrapeOnNewConnection(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}/metrics`, { agent: false, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, connection: 'close' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(text) : reject(new Error(`GET /metrics: ${response.statusCode} ${text}`))));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('server.workers: 2, GET /metrics', () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-workers-metrics-'));
    simulator = await startOpenAiSimulator();
    gateway = await startTwoWorkers(directory, simulator, [{ name: 'client', key: KEY }], { admin: { token: TEST_ADMIN_TOKEN } });
  });

  afterAll(async () => {
    await gateway?.terminate();
    await simulator?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('reads the sum over both workers, whichever worker gets the scrape', async () => {
    for (let index = 0; index < REQUESTS; index++) expect(await chatOnNewConnection(gateway.url, KEY)).toBe(200);
    await eventually(() => requestLogLines(gateway).length === REQUESTS, 5_000, 'every request logged');
    expect([...new Set(requestLogLines(gateway).map((line) => line.worker))].sort()).toEqual([1, 2]);

    // Two scrapes in a row go to the two workers in turn; each counts every request.
    for (const text of [await scrapeOnNewConnection(gateway.url), await scrapeOnNewConnection(gateway.url)]) {
      const samples = parsePrometheusText(text);
      expect(sumOf(samples, 'modelgate_requests_total', { model: 'gpt-test', status: '200' })).toBe(REQUESTS);
      expect(sumOf(samples, 'modelgate_request_duration_seconds_count', { model: 'gpt-test' })).toBe(REQUESTS);
      expect(sumOf(samples, 'modelgate_upstream_attempts_total')).toBe(REQUESTS);
      // A gauge of state, not of load: in rotation on both workers is 1, not 2.
      expect(samples.filter((sample) => sample.name === 'modelgate_deployment_up' && sample.labels.model === 'gpt-test').map((sample) => sample.value)).toEqual([1]);
    }
    expect(simulator.requests.filter((seen) => seen.path.endsWith('/chat/completions'))).toHaveLength(REQUESTS);
  });
});
