import pg from 'pg';
import type { SqlDatabase, SqlValue } from './sql-database.js';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** `?` placeholders become `$1`, `$2`, …; the store's SQL has no `?` inside literals. */
function numberPlaceholders(sql: string): string {
  let position = 0;
  return sql.replace(/\?/g, () => `$${++position}`);
}

// Counts, timestamps in milliseconds and sums stay far below 2^53, so numbers are safe here.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

function over(client: Queryable, exclusiveTransaction: SqlDatabase['exclusiveTransaction'], close: () => Promise<void>): SqlDatabase {
  return {
    dialect: 'postgres',
    async all<Row>(sql: string, parameters: readonly SqlValue[] = []) {
      const result = await client.query(numberPlaceholders(sql), parameters as SqlValue[]);
      return result.rows as Row[];
    },
    async run(sql: string, parameters: readonly SqlValue[] = []) {
      const result = await client.query(numberPlaceholders(sql), parameters as SqlValue[]);
      return result.rowCount ?? 0;
    },
    exclusiveTransaction,
    close,
  };
}

/**
 * Runs `work` in a transaction holding the schema's migration lock: an advisory lock keyed by the
 * schema's name (not `current_schema()`, which is NULL until the schema exists, and locks nothing).
 */
async function underSchemaLock<T>(pool: pg.Pool, schema: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [schema]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A pooled PostgreSQL connection whose tables live in `schema`, created when missing under the
 * migration lock: replicas starting together against a new schema would otherwise both run
 * `CREATE SCHEMA IF NOT EXISTS`, and one fail on pg_namespace's unique index.
 */
export async function openPostgresDatabase(url: string, schema: string): Promise<SqlDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10, types, options: `-c search_path=${schema}` });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await underSchemaLock(pool, schema, (client) => client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`));
  } catch (error) {
    await pool.end();
    throw error;
  }

  const exclusiveTransaction: SqlDatabase['exclusiveTransaction'] = (work) =>
    underSchemaLock(pool, schema, (client) => work(over(client, exclusiveTransaction, async () => undefined)));
  return over(pool, exclusiveTransaction, () => pool.end());
}
