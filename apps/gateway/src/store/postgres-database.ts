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

/** A pooled PostgreSQL connection whose tables live in `schema` (created when missing). */
export async function openPostgresDatabase(url: string, schema: string): Promise<SqlDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10, types, options: `-c search_path=${schema}` });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);

  const exclusiveTransaction: SqlDatabase['exclusiveTransaction'] = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()))');
      const result = await work(over(client, exclusiveTransaction, async () => undefined));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
  return over(pool, exclusiveTransaction, () => pool.end());
}
