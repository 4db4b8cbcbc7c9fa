import type { StorageConfig } from '../config/gateway-config.js';
import { dataDirectory, sqlitePath } from './data-directory.js';
import { DEFAULT_POSTGRES_SCHEMA } from './open-gateway-store.js';

/** A PostgreSQL URL without its credentials. */
function postgresLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return '(url not shown)';
  }
}

/**
 * One line for the start banner and the CLI saying where keys and usage are kept, so that a CLI
 * and a server looking at different stores show it: `<data directory> (store: …)`.
 */
export function describeDataLocation(storage: StorageConfig, env: Readonly<Record<string, string | undefined>>, baseDirectory: string): string {
  const directory = dataDirectory(env, baseDirectory);
  if (storage.driver === 'postgres') {
    return `${directory} (store: PostgreSQL ${postgresLocation(storage.url)}, schema ${storage.schema ?? DEFAULT_POSTGRES_SCHEMA})`;
  }
  const file = sqlitePath(storage, env, baseDirectory);
  return `${directory} (store: ${file === ':memory:' ? 'in memory, lost at exit' : `SQLite ${file}`})`;
}
