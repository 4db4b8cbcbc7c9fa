import { join, resolve } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The data directory (the embedded store, the usage spool, rejected usage records), one rule for
 * the server and the CLI whatever their working directory:
 *   MODELGATE_DATA_DIR, when set (relative to the working directory);
 *   else `.modelgate` in `baseDirectory`: the config file's folder with a config, or the gateway
 *   package's folder without one (the demo and vendor profiles, and the CLI without a config).
 */
export function dataDirectory(env: Env, baseDirectory: string): string {
  return env.MODELGATE_DATA_DIR ? resolve(env.MODELGATE_DATA_DIR) : join(baseDirectory, '.modelgate');
}

/** The embedded store's file: `storage.path` (relative to `baseDirectory`), else `modelgate.sqlite` in the data directory. */
export function sqlitePath(config: { path?: string }, env: Env, baseDirectory: string): string {
  if (config.path) return config.path === ':memory:' ? config.path : resolve(baseDirectory, config.path);
  return join(dataDirectory(env, baseDirectory), 'modelgate.sqlite');
}
