import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/** Every row of every table in a SQLite store, as text: for "no secret in the store" checks. */
export function dumpSqliteStore(path: string): string {
  const database = new DatabaseSync(path, { readOnly: true });
  const tables = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
  const dump = tables.map(({ name }) => JSON.stringify(database.prepare(`SELECT * FROM "${name}"`).all())).join('\n');
  database.close();
  return dump;
}

/** Every row of every table in one PostgreSQL schema, as text. */
export async function dumpPostgresSchema(url: string, schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tables = await client.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema]);
  const parts: string[] = [];
  for (const { table_name: table } of tables.rows) {
    parts.push(JSON.stringify((await client.query(`SELECT * FROM "${schema}"."${table}"`)).rows));
  }
  await client.end();
  return parts.join('\n');
}
