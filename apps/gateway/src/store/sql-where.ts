import type { SqlValue } from './sql-database.js';

/**
 * A `WHERE` clause of the filters that are set (`[condition, value]`, the condition with one `?`),
 * ANDed; empty when none is.
 */
export function sqlWhere(filters: ReadonlyArray<readonly [condition: string, value: SqlValue | undefined]>): { sql: string; parameters: SqlValue[] } {
  const set = filters.filter(([, value]) => value !== undefined);
  return { sql: set.length > 0 ? `WHERE ${set.map(([condition]) => condition).join(' AND ')}` : '', parameters: set.map(([, value]) => value as SqlValue) };
}
