import { Writable } from 'node:stream';
import { pino } from 'pino';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import type { GatewayConfigInput, ProviderConfig } from '../../src/config/gateway-config.js';
import { startGateway, type RunningGateway } from '../../src/server/start-gateway.js';
import { eventually } from './eventually.js';
import { withTestTransport } from './test-transport.js';

export const TEST_SERVICE_KEY = 'mg-test-service-key-0123456789abcdef';
export const UPSTREAM_KEY = 'sk-upstream-test-key';

export type OpenAiSimulator = Awaited<ReturnType<typeof startOpenAiSimulator>>;

export type TestGateway = GatewayInFrontOf<OpenAiSimulator>;

export type TestGatewayOverrides = Partial<GatewayConfigInput> & {
  /** Providers configured after the default `openai` instance (which points at the simulator). */
  extraProviders?: ProviderConfig[];
};

/** A gateway on 127.0.0.1:0 in front of a fresh OpenAI simulator, logging into memory. */
export async function startTestGateway({ extraProviders = [], ...overrides }: TestGatewayOverrides = {}): Promise<TestGateway> {
  const simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
  const input: GatewayConfigInput = {
    server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 64 * 1024, shutdownGraceMs: 5_000 },
    providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }, ...extraProviders],
    models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini', aliases: ['gpt-alias'] }],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    storage: { driver: 'sqlite', path: ':memory:' },
    ...overrides,
  };
  return startGatewayInFrontOf(simulator, input);
}

export interface GatewayInFrontOf<TSimulator> {
  readonly gateway: RunningGateway;
  readonly simulator: TSimulator;
  /** Base URL of the gateway's API, e.g. http://127.0.0.1:1234/v1. */
  readonly baseUrl: string;
  /** Every log line the gateway wrote, as text. */
  readonly logs: string[];
  close(): Promise<void>;
}

/** Starts a gateway from `input` that logs into memory; closing it closes the simulator too. */
export async function startGatewayInFrontOf<TSimulator extends { close(): Promise<void> }>(
  simulator: TSimulator,
  input: GatewayConfigInput,
): Promise<GatewayInFrontOf<TSimulator>> {
  const { logs, sink } = createMemoryLogSink();
  const config = parseGatewayConfig(withTestTransport(input), {}, 'test');
  const gateway = await startGateway(config, { logger: pino({ level: 'debug' }, sink), baseDirectory: process.cwd() });
  return {
    gateway,
    simulator,
    baseUrl: `${gateway.url}/v1`,
    logs,
    async close() {
      await gateway.close();
      await simulator.close();
    },
  };
}

/** A pino destination that keeps every log line in memory, for assertions. */
export function createMemoryLogSink(): { logs: string[]; sink: Writable } {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  return { logs, sink };
}

/**
 * The first of `logs` (JSON lines) that `matches` accepts, once the gateway has written it: a
 * request's line comes after its response has ended, so reading the logs at once can miss it.
 */
export async function waitForLogLine(logs: readonly string[], matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const find = () => logs.map((line) => JSON.parse(line) as Record<string, unknown>).find(matches);
  await eventually(() => find() !== undefined, 5_000, 'the log line');
  return find()!;
}

export function authorized(extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json', ...extra };
}

/** Splits an SSE body into its `data:` payloads. */
export function dataPayloads(body: string): string[] {
  return body
    .split(/\n\n/)
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));
}
