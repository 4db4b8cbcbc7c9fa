import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import type { StorageConfig } from '../config/gateway-config.js';
import { dataDirectory, sqlitePath } from '../store/data-directory.js';
import { DEFAULT_POSTGRES_SCHEMA } from '../store/open-gateway-store.js';

export interface UsageFiles {
  /** The crash-safe spool's folder; absent for an in-memory store, which would not survive a crash anyway. */
  readonly spoolDirectory?: string;
  /** Records the store refused on their own, one JSON line each, kept for an operator. */
  readonly rejectedFile: string;
}

/** The database a PostgreSQL config names, without its credentials (a password change keeps the spool). */
function postgresIdentity(url: string, schema: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port}${parsed.pathname}|${schema}`;
  } catch {
    return `${url}|${schema}`;
  }
}

/**
 * Where a store's usage spool and rejected records live: beside the SQLite file, or in the data
 * directory (see data-directory.ts) with PostgreSQL. Each store gets its own
 * spool folder, so gateways on different stores that share a directory never replay each other's
 * records into the wrong database.
 */
export function usageFilesFor(storage: StorageConfig, env: Readonly<Record<string, string | undefined>>, baseDirectory: string): UsageFiles {
  if (storage.driver === 'postgres') {
    const directory = dataDirectory(env, baseDirectory);
    const schema = storage.schema ?? DEFAULT_POSTGRES_SCHEMA;
    const digest = createHash('sha256').update(postgresIdentity(storage.url, schema)).digest('hex').slice(0, 12);
    return { spoolDirectory: join(directory, 'usage-spool', `postgres-${schema}-${digest}`), rejectedFile: join(directory, 'usage-rejected.jsonl') };
  }
  const file = sqlitePath(storage, env, baseDirectory);
  if (file === ':memory:') return { rejectedFile: join(dataDirectory(env, baseDirectory), 'usage-rejected.jsonl') };
  return { spoolDirectory: join(dirname(file), 'usage-spool', `sqlite-${basename(file)}`), rejectedFile: join(dirname(file), 'usage-rejected.jsonl') };
}
