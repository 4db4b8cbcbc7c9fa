import { join, resolve } from 'node:path';
import type { StorageConfig } from '../config/gateway-config.js';
import type { GatewayStore } from './gateway-store.js';
import { openPostgresDatabase } from './postgres-database.js';
import { SqlGatewayStore } from './sql-gateway-store.js';
import { applyStoreMigrations } from './store-migrations.js';

export const DEFAULT_POSTGRES_SCHEMA = 'modelgate';

/** MODELGATE_DATA_DIR, else `./.modelgate`: the embedded store's default folder, and the usage spool's with PostgreSQL. */
export function dataDirectory(env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): string {
  return resolve(cwd, env.MODELGATE_DATA_DIR ?? '.modelgate');
}

/** The embedded store's file: `storage.path`, else `modelgate.sqlite` in the data directory. */
export function sqlitePath(config: { path?: string }, env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): string {
  if (config.path) return config.path === ':memory:' ? config.path : resolve(cwd, config.path);
  return join(dataDirectory(env, cwd), 'modelgate.sqlite');
}

/** Opens the configured store and brings its schema up to date. */
export async function openGatewayStore(
  config: StorageConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<GatewayStore> {
  // node:sqlite is loaded only when used, so a PostgreSQL deployment also runs where it is missing.
  const database =
    config.driver === 'postgres'
      ? await openPostgresDatabase(config.url, config.schema ?? DEFAULT_POSTGRES_SCHEMA)
      : (await import('./sqlite-database.js')).openSqliteDatabase(sqlitePath(config, env));
  try {
    await applyStoreMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return new SqlGatewayStore(database);
}
