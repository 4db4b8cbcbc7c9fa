import type { UsageRecord } from '@modelgate/gateway/admin-types';

/** The fields of a usage record the CSV writes. */
export type UsageCsvRecord = Pick<
  UsageRecord,
  'createdAt' | 'requestId' | 'keyId' | 'endpoint' | 'model' | 'deployment' | 'status' | 'outcome' | 'promptTokens' | 'completionTokens' | 'costUsd' | 'latencyMs'
> &
  Partial<Pick<UsageRecord, 'cachedTokens' | 'cacheWriteTokens' | 'cacheWrite1hTokens' | 'cacheHit'>>;

const COLUMNS: ReadonlyArray<readonly [string, (record: UsageCsvRecord) => string | number | undefined]> = [
  ['time', (record) => new Date(record.createdAt).toISOString()],
  ['request_id', (record) => record.requestId],
  ['key_id', (record) => record.keyId],
  ['endpoint', (record) => record.endpoint],
  ['model', (record) => record.model],
  ['deployment', (record) => record.deployment],
  ['status', (record) => record.status],
  ['outcome', (record) => record.outcome],
  ['prompt_tokens', (record) => record.promptTokens],
  ['completion_tokens', (record) => record.completionTokens],
  ['cache_read_tokens', (record) => record.cachedTokens ?? 0],
  ['cache_write_tokens', (record) => record.cacheWriteTokens ?? 0],
  ['cache_write_1h_tokens', (record) => record.cacheWrite1hTokens ?? 0],
  ['response_cache_hit', (record) => (record.cacheHit ? 1 : 0)],
  ['cost_usd', (record) => record.costUsd],
  ['latency_ms', (record) => Math.round(record.latencyMs)],
];

/**
 * A text a spreadsheet would run as a formula (OWASP's list: `=`, `+`, `-`, `@`, tab, carriage
 * return first). Model ids and request ids are the clients' own words: `=HYPERLINK(…)` as a model
 * id must reach the operator's spreadsheet as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A text that
 * starts like a formula gets a leading `'`, which spreadsheets take as "this is text".
 */
function csvField(value: string | number | undefined): string {
  const raw = value === undefined ? '' : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The request log as CSV, one line per record, in the order shown. */
export function usageCsv(records: readonly UsageCsvRecord[]): string {
  const lines = [COLUMNS.map(([name]) => name).join(','), ...records.map((record) => COLUMNS.map(([, read]) => csvField(read(record))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
