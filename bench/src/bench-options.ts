import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchOptions {
  readonly quick: boolean;
  readonly repetitions: number;
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  readonly concurrencies: readonly number[];
  /** Sequential requests of the microsecond-clock probe (c=1 latency and stream time to first byte). */
  readonly probeRequests: number;
  readonly openStreams: number;
  readonly soakSeconds: number;
  readonly logLevel: 'warn' | 'silent';
  readonly targets: readonly string[] | undefined;
  readonly scenarios: readonly string[] | undefined;
  /** Where the gateway writes `--cpu-prof` profiles; undefined when not profiling. */
  readonly cpuProfileDirectory: string | undefined;
}

export const USAGE = `pnpm bench [options]
  --quick                 a smoke run: 1 repetition of 2 s per cell, 1 s warm-up, 20 s soak
  --repetitions N         runs per cell; the median is reported (default 3)
  --duration S            seconds per run (default 10)
  --warmup S              seconds of warm-up before each cell (default 3)
  --concurrency 1,32,128  connections per cell
  --soak-seconds S        length of the RSS soak (default 600)
  --open-streams N        streams held open for the memory figure (default 1000)
  --log-level warn|silent the gateway's log level (default warn)
  --targets a,b           only these: direct, bare proxy, modelgate, portkey (direct is always run)
  --scenarios a,b         only these scenario ids (openai-chat, openai-chat-retried, openai-chat-stream, anthropic-chat, ...);
                          openai-chat-retried (Modelgate only) brings openai-chat along, its healthy twin
  --cpu-prof [DIR]        profile the gateway (node --cpu-prof), profiles to DIR (default bench/results/profiles)`;

function list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((item) => item.trim()).filter(Boolean);
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} needs a positive number, got '${value}'`);
  return parsed;
}

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
      repetitions: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      concurrency: { type: 'string' },
      'soak-seconds': { type: 'string' },
      'open-streams': { type: 'string' },
      'log-level': { type: 'string' },
      targets: { type: 'string' },
      scenarios: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
  });
  if (values.help) return 'help';
  const quick = values.quick === true;
  const logLevel = values['log-level'] ?? 'warn';
  if (logLevel !== 'warn' && logLevel !== 'silent') throw new Error(`--log-level is warn or silent, got '${logLevel}'`);
  return {
    quick,
    repetitions: positiveNumber(values.repetitions, quick ? 1 : 3, 'repetitions'),
    durationSeconds: positiveNumber(values.duration, quick ? 2 : 10, 'duration'),
    warmupSeconds: positiveNumber(values.warmup, quick ? 1 : 3, 'warmup'),
    concurrencies: (list(values.concurrency) ?? ['1', '32', '128']).map((value) => positiveNumber(value, 1, 'concurrency')),
    probeRequests: quick ? 300 : 2000,
    openStreams: positiveNumber(values['open-streams'], 1000, 'open-streams'),
    soakSeconds: positiveNumber(values['soak-seconds'], quick ? 20 : 600, 'soak-seconds'),
    logLevel,
    targets: list(values.targets),
    scenarios: list(values.scenarios),
    cpuProfileDirectory: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
  };
}
