import { useState } from 'preact/hooks';
import type { AdminApi } from '../lib/admin-api.js';
import type { UsageRecord, UsageReport } from '@modelgate/gateway/admin-types';
import { formatCount, formatMs, formatUsd, formatUtc } from '../lib/format.js';
import { usageCsv } from '../lib/usage-csv.js';
import { useLoad } from './use-load.js';

interface Filters {
  readonly keyId: string;
  readonly model: string;
  readonly from: string;
  readonly to: string;
  readonly status: 'all' | 'ok' | 'errors';
}

const NO_FILTERS: Filters = { keyId: '', model: '', from: '', to: '', status: 'all' };

function download(name: string, text: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** The request log (newest first, up to 1,000), filtered by key, model, time and status, exportable as CSV. */
export function UsagePage({ api }: { readonly api: AdminApi }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const { data, error } = useLoad(
    () => api.get<UsageReport>('/usage', { keyId: filters.keyId, model: filters.model, from: filters.from, to: filters.to, limit: 1000 }),
    [api, filters.keyId, filters.model, filters.from, filters.to],
  );
  const records = (data?.records ?? []).filter((record) => filters.status === 'all' || (filters.status === 'errors') === record.status >= 400);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const read = (name: string) => String(form.get(name) ?? '').trim();
    setFilters({ keyId: read('keyId'), model: read('model'), from: read('from'), to: read('to'), status: read('status') as Filters['status'] });
  };
  return (
    <div class="page" data-page="usage">
      <h2>Usage</h2>
      <form class="toolbar filters" onSubmit={submit}>
        <input name="keyId" placeholder="Key id" />
        <input name="model" placeholder="Model" />
        <label>From <input name="from" type="date" /></label>
        <label>To <input name="to" type="date" /></label>
        <select name="status">
          <option value="all">All statuses</option>
          <option value="ok">Succeeded</option>
          <option value="errors">Errors</option>
        </select>
        <button type="submit">Filter</button>
        <button type="button" onClick={() => download('modelgate-usage.csv', usageCsv(records))}>Export CSV</button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      <p class="count" data-count={records.length}>{formatCount(records.length)} requests</p>
      <table class="usage">
        <thead>
          <tr>
            <th>Time (UTC)</th><th>Key</th><th>Model</th><th>Deployment</th><th>Status</th><th>Tokens in / out</th><th>Cache</th><th>Cost</th><th>Latency</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.recordId ?? record.requestId} data-record>
              <td>{formatUtc(record.createdAt)}</td>
              <td data-column="key">{record.keyId}</td>
              <td data-column="model">{record.model ?? '–'}</td>
              <td>{record.deployment ?? '–'}</td>
              <td data-column="status">{record.status}</td>
              <td>{formatCount(record.promptTokens)} / {formatCount(record.completionTokens)}</td>
              <td data-column="cache">{cacheCell(record)}</td>
              <td>{formatUsd(record.costUsd)}</td>
              <td>{formatMs(record.latencyMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A response-cache hit, or the prompt tokens read from and written to the vendor's cache. */
function cacheCell(record: UsageRecord): string {
  if (record.cacheHit) return 'hit';
  const written = record.cacheWriteTokens ?? 0;
  if (record.cachedTokens === 0 && written === 0) return '–';
  return `read ${formatCount(record.cachedTokens)} / write ${formatCount(written)}`;
}
