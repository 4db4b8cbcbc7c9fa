import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CORE_LAYOUT, type CoreLayout } from './process/spawn-pinned.js';

export interface BenchOptions {
  readonly quick: boolean;
  readonly repetitions: number;
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  readonly concurrencies: readonly number[];
  /** Rounds of the microsecond-clock probe at c=1 (latency and stream time to first byte); a round sends one request to each target in turn. */
  readonly probeRounds: number;
  /** The same for the long streams, whose requests take tens of milliseconds each. */
  readonly longStreamProbeRounds: number;
  readonly openStreams: number;
  readonly soakSeconds: number;
  /** Target names (or groups) soaked; empty for none. */
  readonly soakTargets: readonly string[];
  readonly logLevel: 'warn' | 'silent';
  readonly targets: readonly string[] | undefined;
  readonly scenarios: readonly string[] | undefined;
  /** A built checkout of this repository whose gateway runs as `baseline got` and `baseline undici`. */
  readonly baseline: string | undefined;
  /** Where the gateway writes `--cpu-prof` profiles; undefined when not profiling. */
  readonly cpuProfileDirectory: string | undefined;
  /** Which cores run the proxy under test, the simulator and the load (`taskset -c` lists). */
  readonly cores: CoreLayout;
  /** Modelgate's `server.workers` (1: one process, as before). */
  readonly workers: number | 'auto';
}

export const USAGE = `pnpm bench [options]
  --quick                 a smoke run: 1 repetition of 2 s per cell after 1 s of warm-up, c=1 and 32, 200 probe rounds, 20 s soak
  --repetitions N         runs per cell, interleaved across targets; the median is reported (default 3)
  --duration S            seconds per run (default 3)
  --warmup S              seconds of warm-up per target before each cell (default 2)
  --concurrency 1,32,128  connections per cell (long streams: only those up to 32)
  --probe-rounds N        c=1 microsecond-probe rounds, one request per target each (default 1000; long streams a tenth)
  --targets a,b           direct, bare proxy (these two always run), modelgate got, modelgate undici, portkey,
                          baseline got, baseline undici; 'modelgate' and 'baseline' name both transports (default: all)
  --baseline DIR          another built checkout of this repository; its gateway and plugins run as 'baseline got'
                          and 'baseline undici' in the same run
  --scenarios a,b         scenario ids: openai-chat, openai-chat-retried, openai-chat-cached, openai-chat-stream, anthropic-chat,
                          anthropic-chat-stream, gemini-chat, gemini-chat-stream, responses-stream,
                          long-stream-openai, long-stream-anthropic ('long-stream' names both); openai-chat-retried
                          and openai-chat-cached (Modelgate only) bring openai-chat along, their twin (default: all)
  --open-streams N        streams held open for the memory figure (default 1000)
  --soak-seconds S        length of each RSS soak (default 600)
  --soak-targets a,b      targets soaked, or 'none' (default: modelgate undici)
  --log-level warn|silent the gateway's log level (default warn)
  --cpu-prof [DIR]        profile the gateways (node --cpu-prof), profiles to DIR (default bench/results/profiles)
  --cores gateway=0,simulator=1,load=1
                          the cores (taskset -c lists, e.g. 0-7) of the proxy under test, the simulator and the
                          load generator; roles left out keep these defaults, e.g. --cores gateway=0-7,simulator=8-11,load=12-15
  --workers N|auto        Modelgate's server.workers (default 1); CPU and RSS are read over the gateway's whole
                          process tree (its primary and workers)`;

const CORE_LIST = /^\d+(-\d+)?(,\d+(-\d+)?)*$/;

/** `gateway=0-3,simulator=4,load=5-7` → the layout; a role left out keeps its default. */
export function parseCoreLayout(value: string | undefined): CoreLayout {
  if (value === undefined) return DEFAULT_CORE_LAYOUT;
  const layout: Record<string, string> = { ...DEFAULT_CORE_LAYOUT };
  // Roles are separated by commas that start `<role>=`; a core list has commas of its own.
  for (const part of value.split(/,(?=[a-z]+=)/)) {
    const [role, cores] = part.split('=') as [string, string | undefined];
    if (!(role in DEFAULT_CORE_LAYOUT)) throw new Error(`--cores: '${role}' is not a role (gateway, simulator, load)`);
    if (cores === undefined || !CORE_LIST.test(cores)) throw new Error(`--cores: ${role} needs a core list like 0 or 0-3 or 0,2, got '${cores ?? ''}'`);
    layout[role] = cores;
  }
  return layout as unknown as CoreLayout;
}

function workerCount(value: string | undefined): number | 'auto' {
  if (value === undefined) return 1;
  if (value === 'auto') return 'auto';
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--workers needs a whole number of at least 1, or auto; got '${value}'`);
  return count;
}

function list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((item) => item.trim()).filter(Boolean);
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} needs a positive number, got '${value}'`);
  return parsed;
}

const STRING_OPTIONS = [
  'repetitions', 'duration', 'warmup', 'concurrency', 'probe-rounds', 'soak-seconds', 'soak-targets',
  'open-streams', 'log-level', 'targets', 'scenarios', 'baseline', 'cpu-prof', 'cores', 'workers',
] as const;

export function parseBenchOptions(argv: readonly string[]): BenchOptions | 'help' {
  // `--cpu-prof` may come without a folder; give it the default so parseArgs sees a value.
  const normalized = argv.flatMap((argument, index) =>
    argument === '--cpu-prof' && (argv[index + 1] === undefined || argv[index + 1]!.startsWith('--')) ? [argument, 'results/profiles'] : [argument],
  );
  const { values } = parseArgs({
    args: normalized.filter((argument) => argument !== '--'),
    options: {
      help: { type: 'boolean' },
      quick: { type: 'boolean' },
      ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' }])),
    },
  }) as { values: Partial<Record<(typeof STRING_OPTIONS)[number], string>> & { help?: boolean; quick?: boolean } };
  if (values.help) return 'help';
  const quick = values.quick === true;
  const logLevel = values['log-level'] ?? 'warn';
  if (logLevel !== 'warn' && logLevel !== 'silent') throw new Error(`--log-level is warn or silent, got '${logLevel}'`);
  const probeRounds = Math.round(positiveNumber(values['probe-rounds'], quick ? 200 : 1000, 'probe-rounds'));
  const soakTargets = list(values['soak-targets']) ?? ['modelgate undici'];
  return {
    quick,
    repetitions: positiveNumber(values.repetitions, quick ? 1 : 3, 'repetitions'),
    durationSeconds: positiveNumber(values.duration, quick ? 2 : 3, 'duration'),
    warmupSeconds: positiveNumber(values.warmup, quick ? 1 : 2, 'warmup'),
    concurrencies: (list(values.concurrency) ?? (quick ? ['1', '32'] : ['1', '32', '128'])).map((value) => positiveNumber(value, 1, 'concurrency')),
    probeRounds,
    longStreamProbeRounds: Math.max(10, Math.round(probeRounds / 10)),
    openStreams: positiveNumber(values['open-streams'], 1000, 'open-streams'),
    soakSeconds: positiveNumber(values['soak-seconds'], quick ? 20 : 600, 'soak-seconds'),
    soakTargets: soakTargets.length === 1 && soakTargets[0] === 'none' ? [] : soakTargets,
    logLevel,
    targets: list(values.targets),
    scenarios: list(values.scenarios),
    // pnpm runs the script in bench/; a relative path means the caller's folder (INIT_CWD).
    baseline: values.baseline === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), values.baseline),
    cpuProfileDirectory: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
    cores: parseCoreLayout(values.cores),
    workers: workerCount(values.workers),
  };
}
