import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { stringify } from 'yaml';
import { eventually } from '../support/eventually.js';
import { MODELGATE_BIN, OPENAI_PROVIDER_PATH, runNodeCommand, spawnGatewayProcess } from '../support/gateway-process.js';

const mainScript = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
// The embedded store (a SQLite file) goes here, not into the working directory.
const dataDirectory = mkdtempSync(join(tmpdir(), 'modelgate-main-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

interface StartedProcess {
  child: ChildProcess;
  baseUrl: string;
  key: string | undefined;
  output: () => string;
}

/** Runs the built entry point (what `npm start` runs) and waits for its banner. */
function startMain(env: Record<string, string>): Promise<StartedProcess> {
  const child = spawn(process.execPath, [mainScript], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', MODELGATE_DATA_DIR: dataDirectory, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in time:\n${output}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
      const listening = /listening on (http:\/\/\S+\/v1)/.exec(output);
      if (listening && output.includes('Try it:')) {
        clearTimeout(timer);
        resolve({
          child,
          baseUrl: listening[1]!,
          key: /Service key \(shown once\): (mg-\S+)/.exec(output)?.[1],
          output: () => output,
        });
      }
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('the process entry (npm start)', () => {
  let running: StartedProcess | undefined;
  afterEach(async () => {
    if (running) await stop(running.child);
    running = undefined;
  });

  it('asked for the demo (MODELGATE_DEMO=1, what npm start sets) without vendor keys, serves it loudly, prints a working key, and exits cleanly on SIGTERM', async () => {
    running = await startMain({ MODELGATE_DEMO: '1' });
    expect(running.output()).toContain('!! DEMO PROFILE: no config file and no vendor key.');
    expect(running.output()).toContain('"msg":"demo profile: the bundled vendor simulators answer every request');
    expect(running.key).toMatch(/^mg-[\w-]{20,}$/);
    const response = await fetch(`${running.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${running.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'demo-gpt', messages: [{ role: 'user', content: 'offline round trip' }] }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]!.message.content).toBe('Echo: offline round trip');
    // The key is printed once in the banner and never in a log line.
    await eventually(() => running!.output().includes('"msg":"request"'), 5_000, "the request's log line");
    const logLines = running.output().split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(running.key!);
    // The admin API and its web UI, with an admin token printed once too.
    const admin = /Admin UI: (http:\/\/\S+\/ui) \(admin token, shown once: (mg-\S+)\)/.exec(running.output());
    expect(admin).not.toBeNull();
    expect((await fetch(admin![1]!)).status).not.toBe(401);
    expect((await fetch(`${running.baseUrl.replace(/\/v1$/, '')}/admin/keys`, { headers: { authorization: `Bearer ${admin![2]}` } })).status).toBe(200);
    expect(logLines.join('\n')).not.toContain(admin![2]!);
    expect(await stop(running.child)).toBe(0);
    running = undefined;
  });

  it('serves the real vendor when OPENAI_API_KEY is set, with the given service key', async () => {
    const simulator = await startOpenAiSimulator({ apiKey: 'sk-from-environment' });
    try {
      running = await startMain({ OPENAI_API_KEY: 'sk-from-environment', OPENAI_BASE_URL: simulator.url, MODELGATE_API_KEY: 'mg-operator-chosen-key-123456' });
      expect(running.key).toBeUndefined();
      expect(running.output()).not.toContain('mg-operator-chosen-key-123456');
      const response = await fetch(`${running.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer mg-operator-chosen-key-123456', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'real vendor path' }] }),
      });
      expect(response.status).toBe(200);
      expect(simulator.requests.at(-1)!.headers.authorization).toBe('Bearer sk-from-environment');
      expect((simulator.requests.at(-1)!.body as { model: string }).model).toBe('gpt-4.1');
    } finally {
      await stop(running!.child);
      running = undefined;
      await simulator.close();
    }
  });

  it('takes ANTHROPIC_BASE_URL with or without /v1, as Anthropic\'s SDKs do', async () => {
    const simulator = await startAnthropicSimulator({ apiKey: 'sk-ant-from-environment' });
    const origin = simulator.url.replace(/\/v1$/, '');
    try {
      for (const baseUrl of [origin, `${origin}/`, simulator.url, `${simulator.url}/`]) {
        running = await startMain({ ANTHROPIC_API_KEY: 'sk-ant-from-environment', ANTHROPIC_BASE_URL: baseUrl, MODELGATE_API_KEY: 'mg-operator-chosen-key-123456' });
        const response = await fetch(`${running.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { authorization: 'Bearer mg-operator-chosen-key-123456', 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: `via ${baseUrl}` }] }),
        });
        expect({ baseUrl, status: response.status }).toEqual({ baseUrl, status: 200 });
        expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe(`Echo: via ${baseUrl}`);
        expect(simulator.requests.at(-1)!.path).toBe('/v1/messages');
        expect(simulator.requests.at(-1)!.headers['x-api-key']).toBe('sk-ant-from-environment');
        // Only the vendor whose key is set is served: an OpenAI id finds no provider.
        const openAi = await fetch(`${running.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { authorization: 'Bearer mg-operator-chosen-key-123456', 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'not served' }] }),
        });
        expect(openAi.status).toBe(404);
        await stop(running.child);
        running = undefined;
      }
    } finally {
      await simulator.close();
    }
  });

  it('listens where MODELGATE_PORT and MODELGATE_HOST say, over PORT and the config file', async () => {
    const simulator = await startOpenAiSimulator({ apiKey: 'sk-up' });
    const directory = mkdtempSync(join(tmpdir(), 'modelgate-listen-'));
    try {
      const config = join(directory, 'modelgate.yaml');
      writeFileSync(
        config,
        stringify({
          server: { host: '127.0.0.1', port: 0 },
          providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: simulator.url, apiKey: 'sk-up' } }],
          keys: [{ name: 'k', key: 'mg-listen-key-0123456789abcdef' }],
        }),
      );
      const port = await freePort('127.0.0.2');
      const listening = await spawnGatewayProcess([mainScript], {
        env: { MODELGATE_CONFIG: config, MODELGATE_DATA_DIR: directory, MODELGATE_PORT: String(port), PORT: '1', MODELGATE_HOST: '127.0.0.2' },
      });
      try {
        expect(listening.url).toBe(`http://127.0.0.2:${port}`);
        const models = await fetch(`http://127.0.0.2:${port}/v1/models`, { headers: { authorization: 'Bearer mg-listen-key-0123456789abcdef' } });
        expect(models.status).toBe(200);
        await expect(fetch(`http://127.0.0.1:${port}/v1/models`)).rejects.toThrow();
      } finally {
        expect(await listening.terminate()).toBe(0);
      }
    } finally {
      await simulator.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses to start on a config naming a broken plugin, saying which', async () => {
    const { code, stderr } = await runNodeCommand([mainScript], { env: { MODELGATE_CONFIG: fileURLToPath(new URL('../fixtures/broken-plugin.yaml', import.meta.url)) } });
    expect(code).toBe(1);
    expect(stderr).toMatch(/provider '\.\/not-a-plugin\.mjs' could not be loaded/);
  });

  it('refuses to start with no config file, no vendor key and no demo asked for, naming each way out (dist/main.js and modelgate serve)', async () => {
    // A deployment that lost its config and its key (an empty variable counts as unset) must not answer from simulators.
    const env = { PORT: '0', MODELGATE_DATA_DIR: dataDirectory, OPENAI_API_KEY: '', MODELGATE_DEMO: '0' };
    for (const entry of [[mainScript], [MODELGATE_BIN, 'serve']]) {
      const { code, stdout, stderr: output } = await runNodeCommand(entry, { env });
      expect({ entry: entry.slice(1), code, stdout }).toEqual({ entry: entry.slice(1), code: 1, stdout: '' });
      expect(output).toMatch(/^modelgate: nothing to serve: no config file and no vendor key/);
      for (const way of ['--config <file>', 'MODELGATE_CONFIG=<file>', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', '`npm start`', '`modelgate serve --demo`', 'MODELGATE_DEMO=1']) {
        expect(output).toContain(way);
      }
    }
  });

  it('`modelgate serve --demo` asks for the demo profile itself', async () => {
    const demo = await spawnGatewayProcess([MODELGATE_BIN, 'serve', '--demo'], { name: 'modelgate serve --demo', env: { PORT: '0', MODELGATE_DATA_DIR: dataDirectory } });
    try {
      expect(demo.output()).toContain('(DEMO PROFILE: upstreams are the bundled simulators)');
      const key = /Service key \(shown once\): (mg-\S+)/.exec(demo.output())![1]!;
      const response = await fetch(`${demo.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'demo-claude', messages: [{ role: 'user', content: 'asked for' }] }),
      });
      expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Echo: asked for');
    } finally {
      expect(await demo.terminate()).toBe(0);
    }
  });
});

/** A port nothing listens on at `host` right now. */
async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
