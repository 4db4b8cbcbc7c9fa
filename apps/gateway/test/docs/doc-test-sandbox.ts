import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { startDemoProfile, type DemoProfile } from '../../src/demo/demo-profile.js';
import { loadProviderPlugins } from '../../src/plugins/load-provider-plugins.js';
import { startGateway, type RunningGateway } from '../../src/server/start-gateway.js';
import type { DocBlock } from './doc-blocks.js';

export const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
const GATEWAY_DIRECTORY = join(REPOSITORY, 'apps', 'gateway');
const CODEX_LAUNCHER = createRequire(import.meta.url).resolve('@openai/codex/bin/codex.js');
const silent = pino({ level: 'silent' });

/** What the docs write where a reader puts their own values, and what the test puts there. */
export const DOC_SERVICE_KEY_PLACEHOLDER = 'mg-...';
export const DOC_GATEWAY_ORIGIN = 'http://127.0.0.1:8787';
/** The production guide's paths, each mapped to a folder of the document's directory. */
const DOC_PATHS = ['/etc/modelgate', '/var/lib/modelgate', '/var/backups/modelgate', '/opt/modelgate', '/usr/local/bin'];

export interface BlockRun {
  readonly code: number | null;
  readonly output: string;
}

function commandPath(name: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error(`the docs test needs ${name} on PATH`);
  return found;
}

async function writeExecutable(path: string, text: string): Promise<void> {
  await writeFile(path, text);
  await chmod(path, 0o755);
}

/**
 * A gateway like `npm start`'s demo profile (the bundled simulators, offline) with an admin token,
 * and a sandbox for the docs' commands: a folder per document (its working directory, holding
 * `modelgate.yaml`, the same config), `modelgate` and `codex` on PATH, `npm run` acting at the
 * repository's root, HOME inside the sandbox, and `curl` failing on HTTP errors so that a
 * documented request that is refused fails its block.
 */
export class DocTestSandbox {
  readonly serviceKey = 'mg-doc-test-service-key-0123456789';
  readonly adminToken = 'doc-test-admin-token-0123456789abcdef';
  private gateway!: RunningGateway;
  private demo!: DemoProfile;
  private backgrounds: ChildProcess[] = [];
  /** The gateway a document's blocks talk to: a block run in the background replaces the shared one. */
  private origin = '';
  private constructor(readonly root: string) {}

  static async start(): Promise<DocTestSandbox> {
    const sandbox = new DocTestSandbox(await mkdtemp(join(tmpdir(), 'modelgate-docs-')));
    await sandbox.setUp();
    return sandbox;
  }

  private get binDirectory(): string {
    return join(this.root, 'bin');
  }

  private get configInput(): GatewayConfigInput {
    const demo = this.demo.config;
    return {
      ...demo,
      server: { host: '127.0.0.1', port: 0 },
      logging: { level: 'silent' },
      keys: [{ name: 'demo', key: this.serviceKey }],
      storage: { driver: 'sqlite', path: join(this.root, 'data', 'modelgate.sqlite') },
      admin: { token: this.adminToken },
      // docs/codex-cli.md runs Codex on Claude and Gemini models through the Responses bridge.
      responses: { otherFamilies: 'bridge' },
    };
  }

  /** npm's cache and pnpm's store stay the machine's, although HOME is the sandbox's: no download. */
  private packageCaches: Record<string, string> = {};

  private async setUp(): Promise<void> {
    const modules = parseYaml(await readFile(join(REPOSITORY, 'node_modules', '.modules.yaml'), 'utf8')) as { storeDir?: string };
    this.packageCaches = {
      npm_config_cache: spawnSync(commandPath('npm'), ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim(),
      npm_config_update_notifier: 'false',
      // pnpm's metadata cache too (~/.cache/pnpm), or `pnpm deploy` asks the registry about every package again.
      npm_config_cache_dir: join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'pnpm'),
      npm_config_prefer_offline: 'true',
      ...(modules.storeDir ? { npm_config_store_dir: modules.storeDir } : {}),
    };
    await mkdir(this.binDirectory, { recursive: true });
    await mkdir(join(this.root, 'data'));
    await writeExecutable(join(this.binDirectory, 'modelgate'), `#!/bin/sh\nexec "${process.execPath}" "${join(GATEWAY_DIRECTORY, 'bin', 'modelgate.mjs')}" "$@"\n`);
    await writeExecutable(join(this.binDirectory, 'codex'), `#!/bin/sh\nexec "${process.execPath}" "${CODEX_LAUNCHER}" "$@"\n`);
    await writeExecutable(join(this.binDirectory, 'curl'), `#!/bin/sh\nexec "${commandPath('curl')}" --fail-with-body "$@"\n`);
    // `npm run …` as typed at the repository's root, from the document's folder (which npm passes
    // on as INIT_CWD, so `npm run modelgate -- --config x.yaml` reads the document's x.yaml).
    const npm = commandPath('npm');
    await writeExecutable(
      join(this.binDirectory, 'npm'),
      `#!/bin/sh\nif [ "$1" = run ]; then exec "${npm}" --prefix "${REPOSITORY}" "$@"; fi\nexec "${npm}" "$@"\n`,
    );
    this.demo = await startDemoProfile(this.serviceKey);
    this.gateway = await startGateway(parseGatewayConfig(this.configInput, {}, 'docs test'), { logger: silent, baseDirectory: GATEWAY_DIRECTORY });
  }

  /** A fresh working directory for one document, with the gateway's config as `modelgate.yaml`. */
  async enterDocument(document: string): Promise<string> {
    await this.stopBackgrounds();
    this.origin = this.gateway.url;
    const directory = join(this.root, document.replace(/[^a-z0-9]+/gi, '-'));
    await mkdir(join(directory, 'node_modules'), { recursive: true });
    await mkdir(join(directory, 'home'));
    await symlink(join(GATEWAY_DIRECTORY, 'node_modules', 'openai'), join(directory, 'node_modules', 'openai'));
    await writeFile(join(directory, 'modelgate.yaml'), stringifyYaml(this.configInput));
    for (const path of DOC_PATHS) await mkdir(join(directory, path), { recursive: true });
    return directory;
  }

  /** The block's text with the reader's placeholders filled in for this sandbox. */
  substitute(code: string, directory: string): string {
    let text = code.replaceAll(DOC_GATEWAY_ORIGIN, this.origin).replaceAll(DOC_SERVICE_KEY_PLACEHOLDER, this.serviceKey);
    for (const path of DOC_PATHS) text = text.replaceAll(path, join(directory, path));
    return text;
  }

  private environment(directory: string): NodeJS.ProcessEnv {
    const machine = Object.fromEntries(Object.entries(process.env).filter(([name]) => MACHINE_VARIABLES.test(name)));
    return {
      ...machine,
      PATH: [join(directory, '/usr/local/bin'), this.binDirectory, dirname(process.execPath), process.env.PATH ?? ''].join(':'),
      HOME: join(directory, 'home'),
      LANG: 'C.UTF-8',
      NO_COLOR: '1',
      RUST_LOG: 'error',
      MODELGATE_KEY: this.serviceKey,
      MODELGATE_ADMIN_TOKEN: this.adminToken,
      // The CLI without a config opens the data directory's store: the test gateway's.
      MODELGATE_DATA_DIR: join(this.root, 'data'),
      OPENAI_API_KEY: 'sk-doc-test-not-a-real-key',
      ...this.packageCaches,
    };
  }

  /** Runs a program to its end (at most `timeoutMs`), output and errors together. */
  async run(program: string, args: readonly string[], directory: string, options: { cwd?: string; timeoutMs?: number } = {}): Promise<BlockRun> {
    const { cwd = directory, timeoutMs = 60_000 } = options;
    const child = spawn(program, args, { cwd, env: this.environment(directory), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
    const [code] = (await once(child, 'close')) as [number | null];
    clearTimeout(timer);
    return { code, output };
  }

  /**
   * Starts a long-running block (a server) and resolves once its output says where it listens;
   * the document's later blocks then talk to it. Stopped when the next document starts.
   */
  async runInBackground(script: string, directory: string): Promise<BlockRun> {
    const child = spawn('bash', ['-euo', 'pipefail', script], {
      cwd: directory,
      env: { ...this.environment(directory), MODELGATE_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.backgrounds.push(child);
    let output = '';
    const url = await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 20_000);
      const look = (chunk: Buffer) => {
        output += String(chunk);
        const listening = /listening on (http:\/\/\S+)\/v1/.exec(output);
        if (listening && output.includes('Try it:')) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      child.once('exit', () => resolve(undefined));
    });
    if (!url) return { code: child.exitCode ?? 1, output };
    this.origin = url;
    return { code: 0, output };
  }

  private async stopBackgrounds(): Promise<void> {
    for (const child of this.backgrounds.splice(0)) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = once(child, 'exit');
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }

  /** A YAML config block must be one the gateway accepts (and, unless `plugins=no`, its providers load with those settings). */
  async checkConfig(block: DocBlock, code: string): Promise<void> {
    const parsed = (parseYaml(code) ?? {}) as Record<string, unknown>;
    const input = parsed.providers ? parsed : { ...parsed, providers: [{ package: '@modelgate/provider-openai', settings: { apiKey: 'sk-doc-test' } }] };
    const config = parseGatewayConfig(input, placeholderEnvironment, `${block.document}:${block.line}`);
    if (block.marker?.options.plugins !== 'no') {
      await loadProviderPlugins(config.providers, { baseDirectory: GATEWAY_DIRECTORY, logger: silent, env: placeholderEnvironment });
    }
  }

  async close(): Promise<void> {
    await this.stopBackgrounds();
    await this.gateway?.close();
    await this.demo?.close();
    await rm(this.root, { recursive: true, force: true });
  }
}

/** The machine's network and TLS settings, which npm and pnpm need to reach the registry. */
const MACHINE_VARIABLES = /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy|TMPDIR|USER|LOGNAME)$/;

/** Values for a config's `${VAR}` placeholders: any name resolves, to something of the right shape. */
const placeholderEnvironment: Readonly<Record<string, string>> = new Proxy(
  {},
  {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      if (/REDIS/.test(name)) return 'redis://127.0.0.1:6379';
      if (/DATABASE|POSTGRES/.test(name)) return 'postgres://modelgate@127.0.0.1:5432/modelgate';
      if (/URL$/.test(name)) return 'http://127.0.0.1:9/v1';
      return 'doc-test-placeholder-0123456789abcdef';
    },
  },
);
