import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { readDocBlocks, type DocBlock } from '../docs/doc-blocks.js';
import { MAIN_SCRIPT, MODELGATE_BIN, spawnGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

const run = promisify(execFile);
const CONTRACT = fileURLToPath(new URL('../../../../docs/plugin-contract.md', import.meta.url));
const ACME_KEY = 'sk-acme-upstream-key';
const SERVICE_KEY = 'mg-third-party-plugin-test-key-0123';
const PLUGIN_NAME = 'modelgate-provider-acme';
/** npm without the registry: everything here is a local tarball. */
const NPM_OFFLINE = ['--offline', '--no-audit', '--no-fund', '--loglevel=error'];

function namedBlock(blocks: readonly DocBlock[], name: string): DocBlock {
  const found = blocks.filter((block) => block.marker?.options.name === name);
  if (found.length !== 1) throw new Error(`docs/plugin-contract.md must have exactly one block marked name=${name}`);
  return found[0]!;
}

// The plugin template of docs/plugin-contract.md, byte for byte, as a third party would use it: its
// own folder outside the workspace (so nothing of the repository resolves from it), packed with
// `npm pack`, installed next to a config by `npm install <tarball>` or named by its folder's path,
// and served by a gateway process (`node dist/main.js`) that provides @modelgate/core to it.
describe('a third-party plugin made from docs/plugin-contract.md', () => {
  let simulator: Awaited<ReturnType<typeof startOpenAiSimulator>>;
  let root: string;
  let pluginDirectory: string;
  let tarball: string;
  let configTemplate: GatewayConfigInput;
  let gateway: GatewayProcess | undefined;

  beforeAll(async () => {
    simulator = await startOpenAiSimulator({ apiKey: ACME_KEY });
    root = await mkdtemp(join(tmpdir(), 'modelgate-third-party-'));
    pluginDirectory = join(root, PLUGIN_NAME);
    await mkdir(pluginDirectory);
    const blocks = readDocBlocks(CONTRACT, 'docs/plugin-contract.md');
    for (const name of ['package.json', 'index.js']) await writeFile(join(pluginDirectory, name), namedBlock(blocks, name).code);
    configTemplate = parseYaml(namedBlock(blocks, 'modelgate.yaml').code) as GatewayConfigInput;
    await run('npm', ['pack', ...NPM_OFFLINE, '--pack-destination', root], { cwd: pluginDirectory });
    tarball = join(root, (await readdir(root)).find((file) => file.endsWith('.tgz'))!);
  }, 60_000);

  afterAll(async () => {
    await gateway?.terminate();
    await simulator?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function startWithPlugin(configDirectory: string, packageReference: string): Promise<GatewayProcess> {
    const config: GatewayConfigInput = {
      ...configTemplate,
      server: { host: '127.0.0.1', port: 0 },
      providers: configTemplate.providers.map((provider) => ({ ...provider, package: packageReference })),
      keys: [{ name: 'plugin-test', key: SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    };
    const configFile = join(configDirectory, 'modelgate.yaml');
    await writeFile(configFile, stringifyYaml(config));
    return spawnGatewayProcess([MAIN_SCRIPT], {
      name: packageReference,
      env: { MODELGATE_CONFIG: configFile, MODELGATE_DATA_DIR: configDirectory, ACME_API_KEY: ACME_KEY, ACME_BASE_URL: simulator.url },
    });
  }

  async function chat(body: Record<string, unknown>): Promise<Response> {
    return fetch(`${gateway!.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it('installs by package name from its npm pack tarball, and answers plain, streamed and failed requests', async () => {
    const configDirectory = join(root, 'by-name');
    await mkdir(configDirectory);
    await run('npm', ['install', ...NPM_OFFLINE, tarball], { cwd: configDirectory });
    expect(configTemplate.providers[0]!.package).toBe(PLUGIN_NAME);
    gateway = await startWithPlugin(configDirectory, PLUGIN_NAME);

    const plain = await chat({ model: 'acme-large', messages: [{ role: 'user', content: 'through a plugin' }] });
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Echo: through a plugin');
    const received = simulator.requests.at(-1)!;
    expect(received.headers.authorization).toBe(`Bearer ${ACME_KEY}`);
    expect((received.body as { model: string }).model).toBe('acme-large');

    const streamed = await chat({ model: 'acme-large', stream: true, messages: [{ role: 'user', content: 'streamed' }] });
    const text = await streamed.text();
    expect(streamed.status).toBe(200);
    expect(text).toContain('"content":"');
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);

    // The upstream's error goes through the template's openAiCompatibleError: core reached the plugin.
    simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 7 });
    const refused = await chat({ model: 'acme-large', messages: [{ role: 'user', content: 'too many' }] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBeTruthy();
    await gateway.terminate();
    gateway = undefined;
  }, 60_000);

  it('loads from a directory path (./modelgate-provider-acme) through its package.json', async () => {
    const configDirectory = join(root, 'by-path');
    await cp(pluginDirectory, join(configDirectory, PLUGIN_NAME), { recursive: true });
    gateway = await startWithPlugin(configDirectory, `./${PLUGIN_NAME}`);

    const response = await chat({ model: 'acme-mini', messages: [{ role: 'user', content: 'by path' }] });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Echo: by path');
    expect((simulator.requests.at(-1)!.body as { model: string }).model).toBe('acme-mini');
    await gateway.terminate();
    gateway = undefined;
  }, 60_000);

  it('resolves a package whose exports has only an import condition (what tsc-built plugins often write)', async () => {
    const configDirectory = join(root, 'import-only');
    const installed = join(configDirectory, 'node_modules', PLUGIN_NAME);
    await cp(pluginDirectory, installed, { recursive: true });
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(installed, 'package.json'), JSON.stringify({ ...manifest, exports: { '.': { types: './index.d.ts', import: './index.js' } } }));
    gateway = await startWithPlugin(configDirectory, PLUGIN_NAME);

    const response = await chat({ model: 'acme-large', messages: [{ role: 'user', content: 'import only' }] });
    expect(response.status).toBe(200);
    await gateway.terminate();
    gateway = undefined;
  }, 60_000);

  it('resolves a relative file path and a package name from the config file\'s folder, run from another folder with a relative --config', async () => {
    const configDirectory = join(root, 'project', 'config');
    const elsewhere = join(root, 'project', 'elsewhere');
    await mkdir(join(configDirectory, 'plugins'), { recursive: true });
    await mkdir(elsewhere);
    // As a user lays them out: one plugin as a single file in the config's folder, one installed there.
    await cp(join(pluginDirectory, 'index.js'), join(configDirectory, 'plugins', 'acme.mjs'));
    await cp(pluginDirectory, join(configDirectory, 'node_modules', PLUGIN_NAME), { recursive: true });
    const [template] = configTemplate.providers;
    await writeFile(
      join(configDirectory, 'modelgate.yaml'),
      stringifyYaml({
        server: { host: '127.0.0.1', port: 0 },
        providers: [
          { ...template, id: 'by-file', package: './plugins/acme.mjs' },
          { ...template, id: 'by-name', package: PLUGIN_NAME },
        ],
        keys: [{ name: 'plugin-test', key: SERVICE_KEY }],
        storage: { driver: 'sqlite', path: ':memory:' },
      }),
    );
    gateway = await spawnGatewayProcess([MODELGATE_BIN, 'serve', '--config', '../config/modelgate.yaml'], {
      name: 'modelgate serve from elsewhere',
      cwd: elsewhere,
      env: { MODELGATE_DATA_DIR: configDirectory, ACME_API_KEY: ACME_KEY, ACME_BASE_URL: simulator.url },
    });
    for (const model of ['by-file/acme-large', 'by-name/acme-mini']) {
      const response = await chat({ model, messages: [{ role: 'user', content: model }] });
      expect({ model, status: response.status }).toEqual({ model, status: 200 });
      expect((simulator.requests.at(-1)!.body as { model: string }).model).toBe(model.split('/')[1]);
    }
    await gateway.terminate();
    gateway = undefined;
  }, 60_000);
});

