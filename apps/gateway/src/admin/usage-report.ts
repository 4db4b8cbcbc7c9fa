import { invalidRequest } from '@modelgate/core';
import type { GatewayStore } from '../store/gateway-store.js';
import type { UsageAggregate, UsageFilter, UsageGrouping, UsageRecord, UsageSeriesPoint, UsageSeriesQuery } from '../usage/usage-record.js';

/** The filters as they arrive from a query string or the command line. */
export interface UsageQuery {
  keyId?: string;
  model?: string;
  /** ISO 8601 date or date-time; `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  limit?: string;
}

/** `/admin/usage/series`: the filters plus the bucket size and the split. */
export interface UsageSeriesParams extends UsageQuery {
  bucket?: string;
  by?: string;
}

export interface UsageReport {
  readonly filter: UsageFilter;
  readonly records: UsageRecord[];
  readonly aggregates: Readonly<Record<UsageGrouping, UsageAggregate[]>>;
}

const MAX_RECORDS = 1_000;

function parseTime(value: string | undefined, param: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const milliseconds = Date.parse(value);
  if (Number.isNaN(milliseconds)) throw invalidRequest(`Invalid value for '${param}': expected an ISO 8601 date or date-time.`, param);
  return milliseconds;
}

export function parseUsageQuery(query: UsageQuery): UsageFilter {
  // An empty `?limit=` (a form's blank field) means the default, not zero records.
  const limit = query.limit === undefined || query.limit === '' ? 100 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_RECORDS) {
    throw invalidRequest(`Invalid value for 'limit': expected an integer from 0 to ${MAX_RECORDS}.`, 'limit');
  }
  return { keyId: query.keyId || undefined, model: query.model || undefined, from: parseTime(query.from, 'from'), to: parseTime(query.to, 'to'), limit };
}

/** Records (newest first) and totals by key, model and UTC day, for `/admin/usage` and `modelgate usage`. */
export async function buildUsageReport(store: GatewayStore, query: UsageQuery): Promise<UsageReport> {
  const filter = parseUsageQuery(query);
  const [records, key, model, day] = await Promise.all([
    store.queryUsage(filter),
    store.aggregateUsage(filter, 'key'),
    store.aggregateUsage(filter, 'model'),
    store.aggregateUsage(filter, 'day'),
  ]);
  return { filter, records, aggregates: { key, model, day } };
}

const BUCKETS: readonly UsageSeriesQuery['bucket'][] = ['hour', 'day'];
const SPLITS: readonly UsageSeriesQuery['by'][] = ['model', 'family', 'key', 'none'];

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, param: string): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw invalidRequest(`Invalid value for '${param}': expected one of ${allowed.join(', ')}.`, param);
  return value as T;
}

/** Usage per hour or day, split by model, family or key, for the admin UI's charts. */
export async function buildUsageSeries(store: GatewayStore, params: UsageSeriesParams): Promise<{ object: 'list'; bucket: string; by: string; data: UsageSeriesPoint[] }> {
  const filter = parseUsageQuery({ ...params, limit: undefined });
  const query = { bucket: oneOf(params.bucket, BUCKETS, 'hour', 'bucket'), by: oneOf(params.by, SPLITS, 'none', 'by') };
  return { object: 'list', ...query, data: await store.usageSeries(filter, query) };
}
