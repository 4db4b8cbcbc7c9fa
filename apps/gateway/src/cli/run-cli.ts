import { parseArgs } from 'node:util';
import { GatewayError } from '@modelgate/core';
import { KeyService } from '../admin/key-service.js';
import { buildUsageReport } from '../admin/usage-report.js';
import type { StorageConfig } from '../config/gateway-config.js';
import { loadGatewayConfig } from '../config/load-gateway-config.js';
import { gatewayVersion, GATEWAY_PACKAGE_DIRECTORY } from '../runtime/package-directory.js';
import { describeDataLocation } from '../store/describe-data-location.js';
import type { GatewayStore } from '../store/gateway-store.js';
import { openGatewayStore } from '../store/open-gateway-store.js';
import { formatKey, formatKeyList, formatUsageReport } from './format-cli-output.js';
import { hashKeyForConfig, readKeyToHash, type KeyPromptIo } from './hash-key-command.js';
import { toCreateKeyInput, type KeyFlags } from './parse-key-options.js';

/** The process's environment and streams, which tests replace; `stdin` is where `keys hash` reads a key given on no command line. */
export interface CliIo extends KeyPromptIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: { write(text: string): unknown };
}

export const CLI_USAGE = `Usage: modelgate [serve] [--config <file>] [--demo]   run the gateway (\`start\` is the same); without a
                             config file or vendor key it refuses to start, unless --demo (or MODELGATE_DEMO=1)
                             asks for the demo profile: the bundled vendor simulators, offline
       modelgate keys create --name <name> [--owner <team>] [--models a,b*] [--families openai]
                             [--endpoints chat,responses,compact,input_tokens,messages,count_tokens,embeddings,generate_content,gemini_count_tokens,embed_content,models]
                             [--expires 30d|<ISO date>] [--rpm n] [--tpm n] [--max-concurrent n]
                             [--budget-usd x --budget-period day|month|total] [--responses-other-families refuse]
                             [--guardrails a,b]
       modelgate keys list | show <id|prefix> | revoke <id|prefix> | rotate <id|prefix> | disable <id|prefix> | enable <id|prefix>
       modelgate keys hash [<key>]       prints sha256:<hex> of a key (or admin token) read from stdin or given, for keyHash / admin.tokenHash
       modelgate usage [--key <id>] [--model <id>] [--from <date>] [--to <date>] [--limit n]
       modelgate --version | --help
Options: --config <file> (default: $MODELGATE_CONFIG), --json
Data directory: $MODELGATE_DATA_DIR, else .modelgate beside the config file, else .modelgate in the gateway's
  package folder (apps/gateway/.modelgate in the repository), the same for the server and the CLI.
`;

const OPTIONS = {
  config: { type: 'string' },
  demo: { type: 'boolean' },
  json: { type: 'boolean' },
  name: { type: 'string' },
  owner: { type: 'string' },
  models: { type: 'string' },
  families: { type: 'string' },
  guardrails: { type: 'string' },
  endpoints: { type: 'string' },
  expires: { type: 'string' },
  rpm: { type: 'string' },
  tpm: { type: 'string' },
  'max-concurrent': { type: 'string' },
  'responses-other-families': { type: 'string' },
  'budget-usd': { type: 'string' },
  'budget-period': { type: 'string' },
  disabled: { type: 'boolean' },
  key: { type: 'string' },
  model: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  limit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** The store the config names (`--config`, else MODELGATE_CONFIG), else the embedded one; and where its paths resolve from. */
async function storageConfig(flags: Flags, env: CliIo['env']): Promise<{ storage: StorageConfig; baseDirectory: string }> {
  const file = flags.config ?? env.MODELGATE_CONFIG;
  if (!file) return { storage: { driver: 'sqlite' }, baseDirectory: GATEWAY_PACKAGE_DIRECTORY };
  const loaded = await loadGatewayConfig(file, env);
  return { storage: loaded.config.storage, baseDirectory: loaded.baseDirectory };
}

/** Runs one command against the store the config names; returns the exit code. */
async function runCommand(store: GatewayStore, positionals: readonly string[], flags: Flags): Promise<unknown> {
  const [group, command, target] = positionals;
  if (group === 'usage') {
    return buildUsageReport(store, { keyId: flags.key, model: flags.model, from: flags.from, to: flags.to, limit: flags.limit });
  }
  const keys = new KeyService(store);
  const needTarget = () => {
    if (!target) throw new Error(`modelgate keys ${command} needs a key id or prefix`);
    return target;
  };
  switch (command) {
    case 'create':
      return keys.create(toCreateKeyInput(flags as KeyFlags));
    case 'list':
      return keys.list();
    case 'show':
      return keys.show(needTarget());
    case 'revoke':
      return keys.revoke(needTarget());
    case 'rotate':
      return keys.rotate(needTarget());
    case 'disable':
    case 'enable':
      return keys.setDisabled(needTarget(), command === 'disable');
    default:
      throw new Error(`unknown command: ${positionals.join(' ')}\n${CLI_USAGE}`);
  }
}

function formatResult(positionals: readonly string[], result: unknown): string {
  if (positionals[0] === 'usage') return formatUsageReport(result as Parameters<typeof formatUsageReport>[0]);
  if (Array.isArray(result)) return formatKeyList(result);
  const issued = result as { key?: Parameters<typeof formatKey>[0]; secret?: string };
  if (issued.secret && issued.key) {
    return `${formatKey(issued.key)}\n\nKey (shown once, store it now): ${issued.secret}`;
  }
  return formatKey(result as Parameters<typeof formatKey>[0]);
}

const SERVE_COMMANDS = [undefined, 'serve', 'start'];

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr.write(`modelgate: ${(error as Error).message}\n${CLI_USAGE}`);
    return 2;
  }
  const { values: flags, positionals } = parsed;
  if (flags.version) {
    io.stdout.write(`modelgate ${gatewayVersion()} (Node.js ${process.version})\n`);
    return 0;
  }
  if (flags.help || positionals[0] === 'help') {
    io.stdout.write(CLI_USAGE);
    return 0;
  }
  if (SERVE_COMMANDS.includes(positionals[0])) {
    // Loaded only here: the other commands need none of the server.
    const { serveGateway } = await import('../server/serve-gateway.js');
    try {
      await serveGateway({ env: io.env, configFile: flags.config, demo: flags.demo });
      return 0;
    } catch (error) {
      io.stderr.write(`modelgate: ${(error as Error).message}\n`);
      return 1;
    }
  }
  if (positionals[0] === 'keys' && positionals[1] === 'hash') {
    try {
      io.stdout.write(`${hashKeyForConfig(await readKeyToHash(positionals[2], io))}\n`);
      return 0;
    } catch (error) {
      io.stderr.write(`modelgate: ${(error as Error).message}\n`);
      return 1;
    }
  }
  if (!['keys', 'usage'].includes(positionals[0] ?? '')) {
    io.stderr.write(`modelgate: unknown command: ${positionals.join(' ')}\n${CLI_USAGE}`);
    return 2;
  }
  let store: GatewayStore | undefined;
  try {
    const { storage, baseDirectory } = await storageConfig(flags, io.env);
    // On stderr, so that --json output stays parseable: a CLI and a server using different stores show it.
    io.stderr.write(`modelgate: data directory ${describeDataLocation(storage, io.env, baseDirectory)}\n`);
    store = await openGatewayStore(storage, io.env, baseDirectory);
    const result = await runCommand(store, positionals, flags);
    io.stdout.write(`${flags.json ? JSON.stringify(result, null, 2) : formatResult(positionals, result)}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`modelgate: ${GatewayError.isInstance(error) ? error.message : (error as Error).message}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}
