export type SqlValue = string | number | null;

/**
 * The little SQL both stores need. Statements use `?` placeholders and portable types (TEXT,
 * BIGINT, DOUBLE PRECISION), so one store implementation and one migration list serve SQLite and
 * PostgreSQL alike.
 */
export interface SqlDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  all<Row>(sql: string, parameters?: readonly SqlValue[]): Promise<Row[]>;
  /** Resolves with the number of rows changed. */
  run(sql: string, parameters?: readonly SqlValue[]): Promise<number>;
  /** Runs `work` in a transaction that holds the database's migration lock, so replicas starting together migrate once. */
  exclusiveTransaction<T>(work: (database: SqlDatabase) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
