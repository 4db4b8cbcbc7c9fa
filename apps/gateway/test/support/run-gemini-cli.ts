import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The pinned Gemini CLI's entry (`bin.gemini`), a bundled Node program. */
export const GEMINI_CLI_ENTRY = join(createRequire(import.meta.url).resolve('@google/gemini-cli/package.json'), '..', 'bundle', 'gemini.js');

/**
 * `~/.gemini/settings.json` for offline, headless runs: API-key auth (the key from `GEMINI_API_KEY`),
 * no usage statistics or telemetry, no update check or auto-update, no IDE integration, the model
 * given, and no folder-trust prompt.
 */
export function geminiCliSettings(model: string): object {
  return {
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, disableAutoUpdate: true, disableUpdateNag: true, checkpointing: { enabled: false } },
    ide: { enabled: false },
    model: { name: model },
  };
}

export interface GeminiCliRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface GeminiCliOptions {
  /** The gateway's origin (`http://127.0.0.1:<port>`): the CLI adds `/v1beta/models/…` itself. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  /** Files to create in the working folder before the run, by name. */
  readonly files?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/**
 * Runs `gemini -p <prompt> --yolo --output-format json` in a fresh HOME and working folder, with the
 * gateway as `GOOGLE_GEMINI_BASE_URL` and a gateway key as `GEMINI_API_KEY`: headless, every tool
 * allowed, nothing but loopback reached.
 */
export async function runGeminiCli(prompt: string, options: GeminiCliOptions): Promise<GeminiCliRun> {
  const home = await mkdtemp(join(tmpdir(), 'modelgate-gemini-cli-'));
  const work = join(home, 'work');
  try {
    await mkdir(join(home, '.gemini'), { recursive: true });
    await mkdir(work);
    await writeFile(join(home, '.gemini', 'settings.json'), JSON.stringify(geminiCliSettings(options.model)));
    for (const [name, content] of Object.entries(options.files ?? {})) await writeFile(join(work, name), content);
    return await new Promise<GeminiCliRun>((resolve) => {
      const child = execFile(
        process.execPath,
        [GEMINI_CLI_ENTRY, '-p', prompt, '--yolo', '--output-format', 'json', '-m', options.model],
        {
          cwd: work,
          timeout: options.timeoutMs ?? 60_000,
          maxBuffer: 16 * 1024 * 1024,
          env: {
            PATH: process.env.PATH,
            HOME: home,
            GEMINI_API_KEY: options.apiKey,
            GOOGLE_GEMINI_BASE_URL: options.baseUrl,
            GEMINI_CLI_NO_RELAUNCH: 'true',
            GEMINI_SANDBOX: 'false',
            NO_COLOR: '1',
            CI: 'true',
          },
        },
        (error, stdout, stderr) => resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
