import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { stringify } from 'yaml';
import {
  MAIN_SCRIPT,
  MODELGATE_BIN,
  OPENAI_PROVIDER_PATH,
  runModelgateCommand,
  spawnGatewayProcess,
  type GatewayProcess,
} from '../support/gateway-process.js';
import { eventually } from '../support/eventually.js';
import { createTestPostgresSchema, itWith } from '../support/test-services.js';

type Simulator = Awaited<ReturnType<typeof startOpenAiSimulator>>;

const ADMIN_TOKEN = 'mg-admin-token-for-the-cli-test-0123';
const PASTED_KEY = 'mg-key-given-to-the-config-as-a-hash-42';

async function chat(url: string, key: string): Promise<number> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** What the server printed after `Data directory: `. */
function printedDataDirectory(output: string): string | undefined {
  return /Data directory: (.+)/.exec(output)?.[1];
}

describe('the modelgate command (bin/modelgate.mjs) as the process entry', () => {
  let root: string;
  let simulator: Simulator;
  let server: GatewayProcess | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'modelgate-cli-'));
    simulator = await startOpenAiSimulator({ apiKey: 'sk-upstream' });
  });
  afterEach(async () => {
    await server?.terminate();
    server = undefined;
  });
  afterAll(async () => {
    await simulator.close();
    await rm(root, { recursive: true, force: true });
  });

  /** A config in `folder`; no MODELGATE_DATA_DIR anywhere below, so the data directory follows the rule. */
  async function writeConfig(folder: string, extra: object = {}): Promise<string> {
    await mkdir(folder, { recursive: true });
    const file = join(folder, 'modelgate.yaml');
    await writeFile(
      file,
      stringify({
        server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 500 },
        providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: simulator.url, apiKey: 'sk-upstream' } }],
        models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
        ...extra,
      }),
    );
    return file;
  }

  it('prints its version and its help, exit code 0', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const printed = await runModelgateCommand(['--version']);
    expect(printed).toEqual({ code: 0, stdout: `modelgate ${version} (Node.js ${process.version})\n`, stderr: '' });
    const help = await runModelgateCommand(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['modelgate [serve] [--config <file>]', 'modelgate keys create', 'modelgate keys hash', 'modelgate usage', 'modelgate --version']) {
      expect(help.stdout).toContain(command);
    }
  });

  it('on a Node.js older than 22.15, both entries say so and exit 1 before starting anything', async () => {
    // The runtime claims to be 22.12, the version whose node:zlib has no zstd.
    const olderNode = `--import=data:text/javascript,Object.defineProperty(process,'versions',{value:{...process.versions,node:'22.12.0'}})`;
    for (const entry of [[MAIN_SCRIPT], [MODELGATE_BIN, 'serve'], [MODELGATE_BIN, '--version']]) {
      const child = spawn(process.execPath, [olderNode, ...entry], { env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += String(chunk)));
      child.stderr.on('data', (chunk) => (output += String(chunk)));
      const code = await new Promise((resolve) => child.once('close', resolve));
      expect({ entry: entry.slice(1), code }).toEqual({ entry: entry.slice(1), code: 1 });
      expect(output).toMatch(/^modelgate needs Node\.js 22\.15 or newer \(this is v22\.12\.0\)\.\n/);
      expect(output).not.toContain('listening');
    }
  });

  it('hashes a key from stdin or an argument into a keyHash / admin.tokenHash that `serve --config` accepts', async () => {
    const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
    const fromStdin = await runModelgateCommand(['keys', 'hash'], { input: `${PASTED_KEY}\n` });
    expect(fromStdin).toEqual({ code: 0, stdout: `${digest(PASTED_KEY)}\n`, stderr: '' });
    expect((await runModelgateCommand(['keys', 'hash', ADMIN_TOKEN])).stdout).toBe(`${digest(ADMIN_TOKEN)}\n`);
    expect(await runModelgateCommand(['keys', 'hash'], { input: '\n' })).toMatchObject({ code: 1, stderr: 'modelgate: keys hash got an empty key\n' });

    const adminHash = (await runModelgateCommand(['keys', 'hash'], { input: ADMIN_TOKEN })).stdout.trim();
    const config = await writeConfig(join(root, 'hashed'), {
      keys: [{ name: 'pasted', keyHash: fromStdin.stdout.trim() }],
      admin: { tokenHash: adminHash },
    });
    server = await spawnGatewayProcess([MODELGATE_BIN, 'serve', '--config', config], { name: 'modelgate serve' });
    expect(await chat(server.url, PASTED_KEY)).toBe(200);
    expect(await chat(server.url, `${PASTED_KEY}x`)).toBe(401);
    const admin = await fetch(`${server.url}/admin/keys`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(admin.status).toBe(200);
    expect(simulator.requests.at(-1)!.headers.authorization).toBe('Bearer sk-upstream');
    expect(await server.terminate()).toBe(0);
    server = undefined;
  });

  it('`start` is `serve`, and takes the config from MODELGATE_CONFIG', async () => {
    const config = await writeConfig(join(root, 'start'), { keys: [{ name: 'static', key: PASTED_KEY }] });
    server = await spawnGatewayProcess([MODELGATE_BIN, 'start'], { name: 'modelgate start', env: { MODELGATE_CONFIG: config } });
    expect(server.output()).toContain(`(config ${config})`);
    expect(await chat(server.url, PASTED_KEY)).toBe(200);
  });

  it('issues a key into the store the server reads, whatever the working directory of each', async () => {
    const configFolder = join(root, 'shared-config');
    const config = await writeConfig(configFolder);
    const serverCwd = join(root, 'server-cwd');
    const cliCwd = join(root, 'cli-cwd');
    await mkdir(serverCwd);
    await mkdir(cliCwd);
    server = await spawnGatewayProcess([MAIN_SCRIPT], { name: 'dist/main.js', cwd: serverCwd, env: { MODELGATE_CONFIG: config } });

    // From another folder, with the config named relative to it.
    const created = await runModelgateCommand(['keys', 'create', '--name', 'from-elsewhere', '--config', '../shared-config/modelgate.yaml'], { cwd: cliCwd });
    expect(created.code).toBe(0);
    const secret = /Key \(shown once, store it now\): (\S+)/.exec(created.stdout)![1]!;
    expect(await chat(server.url, secret)).toBe(200);

    // Both say where the data is, and it is the same place: beside the config file.
    const expected = `${join(configFolder, '.modelgate')} (store: SQLite ${join(configFolder, '.modelgate', 'modelgate.sqlite')})`;
    expect(printedDataDirectory(server.output())).toBe(expected);
    expect(created.stderr).toBe(`modelgate: data directory ${expected}\n`);
  });

  it('MODELGATE_DATA_DIR moves the data for the server and the CLI alike', async () => {
    const config = await writeConfig(join(root, 'moved-config'));
    const dataDirectory = join(root, 'moved-data');
    server = await spawnGatewayProcess([MODELGATE_BIN, 'serve', '--config', config], { env: { MODELGATE_DATA_DIR: dataDirectory } });
    const created = await runModelgateCommand(['keys', 'create', '--name', 'moved', '--json'], { env: { MODELGATE_DATA_DIR: dataDirectory, MODELGATE_CONFIG: config } });
    const { secret } = JSON.parse(created.stdout) as { secret: string };
    expect(await chat(server.url, secret)).toBe(200);
    expect(printedDataDirectory(server.output())).toBe(`${dataDirectory} (store: SQLite ${join(dataDirectory, 'modelgate.sqlite')})`);
  });

  itWith('the CLI on PostgreSQL', 'postgres')('runs on PostgreSQL: keys issued, listed and revoked by the CLI work on the server, and the CLI reads the usage the server wrote', async () => {
    const postgres = createTestPostgresSchema();
    try {
      const config = await writeConfig(join(root, 'postgres'), { storage: { driver: 'postgres', url: postgres.url, schema: postgres.schema } });
      const cli = (...args: string[]) => runModelgateCommand([...args, '--json', '--config', config]);
      server = await spawnGatewayProcess([MODELGATE_BIN, 'serve', '--config', config], { name: 'modelgate serve (PostgreSQL)' });
      expect(printedDataDirectory(server.output())).toContain(`(store: PostgreSQL 127.0.0.1:5432/test, schema ${postgres.schema})`);

      const created = await cli('keys', 'create', '--name', 'on-postgres', '--rpm', '50');
      expect(created.code).toBe(0);
      expect(created.stderr).toContain(`store: PostgreSQL 127.0.0.1:5432/test, schema ${postgres.schema}`);
      const { key, secret } = JSON.parse(created.stdout) as { key: { id: string }; secret: string };
      expect(await chat(server.url, secret)).toBe(200);

      const listed = JSON.parse((await cli('keys', 'list')).stdout) as Array<{ id: string; name: string }>;
      expect(listed.map((entry) => [entry.id, entry.name])).toEqual([[key.id, 'on-postgres']]);
      const usageRecords = async () => (JSON.parse((await cli('usage', '--key', key.id)).stdout) as { records: Array<{ status: number; model: string }> }).records;
      await eventually(async () => (await usageRecords()).length === 1, 10_000, 'the usage record from the server');
      expect(await usageRecords()).toEqual([expect.objectContaining({ status: 200, model: 'gpt-test' })]);

      expect((await cli('keys', 'revoke', key.id)).code).toBe(0);
      await eventually(async () => (await chat(server!.url, secret)) === 401, 10_000, 'the revoked key refused');
    } finally {
      await server?.terminate();
      server = undefined;
      await postgres.drop();
    }
  });
});
