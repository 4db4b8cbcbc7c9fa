import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { DEFAULT_SERVER_CONFIG } from '../../src/config/gateway-config-schema.js';
import { MAIN_SCRIPT, OPENAI_PROVIDER_PATH, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

type Simulator = Awaited<ReturnType<typeof startOpenAiSimulator>>;

const SERVICE_KEY = 'mg-shutdown-log-stream-key-0123456789';
const GRACE_MS = 500;
/** The promise: the process is gone within its grace period plus this. */
const MARGIN_MS = 2_000;

/** Resolves with how the process ended, or `still running` once `ms` have passed (the caller kills it). */
function exitWithin(child: ChildProcess, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

async function chat(url: string, key: string, model: string): Promise<string> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'before the end' }] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content;
}

describe('SIGTERM ends the gateway within its grace period whatever happened to its log stream', () => {
  let directory: string;
  let simulator: Simulator;
  let gateway: GatewayProcess | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-shutdown-'));
    simulator = await startOpenAiSimulator({ apiKey: 'sk-up' });
  });
  afterEach(() => {
    // A process that outlived its promise is killed, so that a failure does not leak it.
    for (const process of [gateway?.child, child]) if (process && process.exitCode === null && process.signalCode === null) process.kill('SIGKILL');
    gateway = undefined;
    child = undefined;
  });
  afterAll(async () => {
    await simulator.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('with stdout and stderr closed by their reader (a log shipper gone, `| head`)', async () => {
    gateway = await startGatewayProcess(directory, 'closed-stdout', {
      server: { host: '127.0.0.1', port: 0, shutdownGraceMs: GRACE_MS },
      providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: simulator.url, apiKey: 'sk-up' } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'k', key: SERVICE_KEY }],
    });
    gateway.child.stdout!.destroy();
    gateway.child.stderr!.destroy();
    // The first lines to meet the closed pipe (EPIPE) are the shutdown's own, queued faster than
    // the error came back: pino's own destination then retried them forever in its exit handler.
    gateway.child.kill('SIGTERM');
    expect(await exitWithin(gateway.child, GRACE_MS + MARGIN_MS)).toEqual({ code: 0, signal: null });
  });

  it('with stdout and stderr redirected to a file, in the demo profile (no config, no vendor key, MODELGATE_DEMO=1)', async () => {
    const logFile = join(directory, 'demo.log');
    const fd = openSync(logFile, 'w');
    child = spawn(process.execPath, [MAIN_SCRIPT], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', MODELGATE_DEMO: '1', MODELGATE_DATA_DIR: join(directory, 'demo-data') },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    let banner = '';
    for (let attempt = 0; attempt < 150 && !banner.includes('Try it:'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      banner = readFileSync(logFile, 'utf8');
    }
    const url = /listening on (http:\/\/\S+)\/v1/.exec(banner)![1]!;
    const key = /Service key \(shown once\): (\S+)/.exec(banner)![1]!;
    // Both simulators now hold keep-alive connections from the gateway, and this client one to it.
    expect(await chat(url, key, 'demo-gpt')).toBe('Echo: before the end');
    expect(await chat(url, key, 'demo-claude')).toBe('Echo: before the end');

    child.kill('SIGTERM');
    expect(await exitWithin(child, DEFAULT_SERVER_CONFIG.shutdownGraceMs + MARGIN_MS)).toEqual({ code: 0, signal: null });
    const lines = readFileSync(logFile, 'utf8').split('\n').filter((line) => line.startsWith('{'));
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg).slice(-2)).toEqual(['shutting down', 'gateway stopped']);
  }, 30_000);
});
