import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { FuzzRequestGenerator, seededRandom, type FuzzRequest } from '../support/fuzz-requests.js';
import { OPENAI_PROVIDER_PATH, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

const ANTHROPIC_PROVIDER_PATH = fileURLToPath(new URL('../../../../packages/provider-anthropic/dist/index.js', import.meta.url));
const SERVICE_KEY = 'mg-fuzz-service-key-0123456789abcdef';
const ADMIN_TOKEN = 'mg-fuzz-admin-token-0123456789abcdef';
// Bounded so the suite stays quick; MODELGATE_FUZZ_COUNT and MODELGATE_FUZZ_SEED run more or other requests.
const COUNT = Number(process.env.MODELGATE_FUZZ_COUNT ?? 3_000);
const SEED = Number(process.env.MODELGATE_FUZZ_SEED ?? 20261123);
const CONCURRENCY = 8;

interface FuzzOutcome {
  readonly status?: number;
  readonly text: string;
  readonly clientError?: string;
}

function send(baseUrl: string, fuzz: FuzzRequest): Promise<FuzzOutcome> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    let outgoing;
    try {
      outgoing = request({ host: hostname, port, method: fuzz.method, path: fuzz.path, headers: fuzz.headers, agent: false, timeout: 15_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => resolve({ status: response.statusCode, text: '', clientError: error.message }));
      });
    } catch (error) {
      // Node's client refuses to send some paths and header values at all: nothing reached the gateway.
      resolve({ text: '', clientError: `not sent: ${(error as Error).message}` });
      return;
    }
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 15 s')));
    outgoing.on('error', (error) => resolve({ text: '', clientError: error.message }));
    outgoing.end(fuzz.body);
  });
}

/** What is wrong with an answer: a 5xx, or a 4xx that is not OpenAI's envelope. */
function problemWith(fuzz: FuzzRequest, outcome: FuzzOutcome): string | undefined {
  if (outcome.status === undefined) {
    if (outcome.clientError?.startsWith('not sent:')) return undefined;
    // A declared length longer than the body is cut off by the request time-out; the server may close first.
    if (fuzz.body !== undefined && fuzz.headers['content-length'] !== String(fuzz.body.length)) return undefined;
    return `no answer (${outcome.clientError})`;
  }
  if (outcome.status >= 500) return `status ${outcome.status}: ${outcome.text.slice(0, 200)}`;
  if (outcome.status < 400 || fuzz.method === 'HEAD') return undefined;
  try {
    const { error } = JSON.parse(outcome.text) as { error?: Record<string, unknown> };
    const keys = Object.keys(error ?? {}).sort().join(',');
    if (keys !== 'code,message,param,type' || typeof error!.message !== 'string' || typeof error!.type !== 'string') return `${outcome.status} not in the envelope: ${outcome.text.slice(0, 200)}`;
  } catch {
    return `${outcome.status} not JSON: ${outcome.text.slice(0, 200)}`;
  }
  return undefined;
}

describe(`fuzzing the gateway (seed ${SEED}, ${COUNT} requests)`, () => {
  let directory: string;
  let openai: OpenAiSimulator;
  let anthropic: AnthropicSimulator;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-fuzz-'));
    openai = await startOpenAiSimulator({ apiKey: 'sk-fuzz-openai' });
    anthropic = await startAnthropicSimulator({ apiKey: 'sk-ant-fuzz' });
    gateway = await startGatewayProcess(directory, 'fuzz', {
      server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 256 * 1024, headersTimeoutMs: 1_000, requestTimeoutMs: 1_500 },
      logging: { level: 'warn' },
      providers: [
        { package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: openai.url, apiKey: 'sk-fuzz-openai' } },
        { package: ANTHROPIC_PROVIDER_PATH, id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: 'sk-ant-fuzz' } },
      ],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'fuzz', key: SERVICE_KEY, rpm: 1_000_000 }],
      admin: { token: ADMIN_TOKEN },
    });
  }, 30_000);

  afterAll(async () => {
    await gateway.terminate();
    await openai.close();
    await anthropic.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('never crashes, never answers 5xx, and answers every 4xx in the error envelope', async () => {
    const generator = new FuzzRequestGenerator(seededRandom(SEED), {
      serviceKey: SERVICE_KEY,
      adminToken: ADMIN_TOKEN,
      models: ['gpt-test', 'gpt-4.1-mini', 'claude-sonnet-4-5', 'claude-haiku-4-5'],
    });
    const requests = Array.from({ length: COUNT }, () => generator.next());
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const fuzz = requests[next++]!;
        const outcome = await send(gateway.url, fuzz);
        if (outcome.status !== undefined) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        const problem = problemWith(fuzz, outcome);
        if (problem) problems.push(`${fuzz.method} ${fuzz.path.slice(0, 80)} ${JSON.stringify(fuzz.headers).slice(0, 200)} ${fuzz.body?.toString('utf8').slice(0, 300)} → ${problem}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(problems.slice(0, 20)).toEqual([]);
    process.stdout.write(`fuzz: ${COUNT} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}\n`);
    expect(gateway.child.exitCode).toBeNull();
    const health = await fetch(`${gateway.url}/health`);
    expect(health.status).toBe(200);
    // The run reached the gateway's deep paths, not only its front door.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(COUNT / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(COUNT / 20);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(COUNT / 50);
    // (Fewer since model ids are bounded: `gpt-test ` with its space is a 400 now, not an upstream call.)
    expect(openai.requests.length + anthropic.requests.length).toBeGreaterThan(COUNT / 25);
    expect(gateway.output()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
