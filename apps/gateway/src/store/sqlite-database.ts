import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PRIVATE_DIRECTORY, PRIVATE_FILE } from '../runtime/private-file-modes.js';
import type { SqlDatabase, SqlValue } from './sql-database.js';

/**
 * The embedded store: one SQLite file in write-ahead-log mode, so the CLI can read and write
 * while a gateway runs. node:sqlite is synchronous; statements here are small and indexed.
 */
export function openSqliteDatabase(path: string): SqlDatabase {
  if (path !== ':memory:') {
    // Keys' digests and every usage record: readable by the gateway's user only. SQLite gives its
    // `-wal` and `-shm` files the database file's mode, so creating it 0600 covers them too.
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY });
    closeSync(openSync(path, 'a', PRIVATE_FILE));
  }
  const database = new DatabaseSync(path);
  // busy_timeout first: switching a new file to WAL takes a lock, which another process opening it
  // at the same moment (the workers of `server.workers`, the CLI) holds for a moment.
  database.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const sqlite: SqlDatabase = {
    dialect: 'sqlite',
    async all<Row>(sql: string, parameters: readonly SqlValue[] = []) {
      return prepare(sql).all(...parameters) as Row[];
    },
    async run(sql: string, parameters: readonly SqlValue[] = []) {
      return Number(prepare(sql).run(...parameters).changes);
    },
    async exclusiveTransaction(work) {
      database.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(sqlite);
        database.exec('COMMIT');
        return result;
      } catch (error) {
        database.exec('ROLLBACK');
        throw error;
      }
    },
    async close() {
      database.close();
    },
  };
  return sqlite;
}
