import type { StorageConfig } from '../config/gateway-config.js';
import { withoutExperimentalWarning } from '../runtime/without-experimental-warning.js';
import { sqlitePath } from './data-directory.js';
import type { GatewayStore } from './gateway-store.js';
import { SqlGatewayStore } from './sql-gateway-store.js';
import { applyStoreMigrations } from './store-migrations.js';

export const DEFAULT_POSTGRES_SCHEMA = 'modelgate';

/** Opens the configured store and brings its schema up to date. */
export async function openGatewayStore(
  config: StorageConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
  /** The config file's folder: `storage.path` and the default data directory resolve from it. */
  baseDirectory = process.cwd(),
): Promise<GatewayStore> {
  // Each driver is loaded only when used: node:sqlite, so a PostgreSQL deployment also runs where it
  // is missing; pg, so the embedded default does not carry it.
  const database =
    config.driver === 'postgres'
      ? await (await import('./postgres-database.js')).openPostgresDatabase(config.url, config.schema ?? DEFAULT_POSTGRES_SCHEMA)
      : (await withoutExperimentalWarning('SQLite', () => import('./sqlite-database.js'))).openSqliteDatabase(sqlitePath(config, env, baseDirectory));
  try {
    await applyStoreMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return new SqlGatewayStore(database);
}
