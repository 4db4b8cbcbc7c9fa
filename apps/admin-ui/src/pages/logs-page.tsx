import { useState } from 'preact/hooks';
import type { AdminApi } from '../lib/admin-api.js';
import type { AdminList, CapturedExchange } from '@modelgate/gateway/admin-types';
import { formatCount, formatMs, formatUtc } from '../lib/format.js';
import { useLoad } from './use-load.js';

interface Filters {
  readonly key: string;
  readonly model: string;
  readonly status: string;
  readonly from: string;
  readonly to: string;
}

const NO_FILTERS: Filters = { key: '', model: '', status: '', from: '', to: '' };

function pretty(value: unknown): string {
  return value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** One captured exchange: timings, attempts, the request and the answer as stored (redacted). */
function CaptureDetail({ api, id, onClose }: { readonly api: AdminApi; readonly id: string; readonly onClose: () => void }) {
  const { data, error } = useLoad(() => api.get<CapturedExchange>(`/captures/${encodeURIComponent(id)}`), [api, id]);
  return (
    <section class="capture" data-capture={id}>
      <div class="toolbar">
        <h3>Exchange {data?.requestId ?? id}</h3>
        <button type="button" onClick={onClose}>Close</button>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {data && (
        <>
          <dl class="timings">
            <dt>Status</dt><dd data-status>{data.status}</dd>
            <dt>Model</dt><dd>{data.model ?? '–'}</dd>
            <dt>Duration</dt><dd>{formatMs(data.durationMs)}</dd>
            <dt>First byte</dt><dd>{formatMs(data.firstByteMs)}</dd>
            <dt>Stream</dt><dd>{data.stream ? 'yes' : 'no'}</dd>
            {data.truncated && (<><dt>Truncated</dt><dd>yes</dd></>)}
          </dl>
          <h4>Attempts</h4>
          <pre data-attempts>{pretty(data.attempts)}</pre>
          <h4>Request</h4>
          <pre data-request>{pretty(data.request)}</pre>
          <h4>Answer</h4>
          <pre data-answer>{pretty(data.answer)}</pre>
        </>
      )}
    </section>
  );
}

/** The log explorer: captured exchanges (payload capture), filtered by key, model, status and time; one opens in full. */
export function LogsPage({ api }: { readonly api: AdminApi }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [open, setOpen] = useState<string | undefined>();
  const { data, error } = useLoad(
    () => api.get<AdminList<CapturedExchange>>('/captures', { ...filters, limit: 200 }),
    [api, filters.key, filters.model, filters.status, filters.from, filters.to],
  );
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const read = (name: string) => String(form.get(name) ?? '').trim();
    setFilters({ key: read('key'), model: read('model'), status: read('status'), from: read('from'), to: read('to') });
  };
  const captures = data?.data ?? [];
  return (
    <div class="page" data-page="logs">
      <h2>Logs</h2>
      <form class="toolbar filters" onSubmit={submit}>
        <input name="key" placeholder="Key id" />
        <input name="model" placeholder="Model" />
        <input name="status" placeholder="Status" inputMode="numeric" />
        <label>From <input name="from" type="date" /></label>
        <label>To <input name="to" type="date" /></label>
        <button type="submit">Filter</button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      <p class="count" data-count={captures.length}>{formatCount(captures.length)} captured exchanges</p>
      <table>
        <thead>
          <tr>
            <th>Time (UTC)</th><th>Key</th><th>Model</th><th>Endpoint</th><th>Status</th><th>Stream</th><th>Duration</th>
          </tr>
        </thead>
        <tbody>
          {captures.map((capture) => (
            <tr key={capture.id} data-capture-row={capture.id} class={capture.id === open ? 'active' : ''} onClick={() => setOpen(capture.id)}>
              <td><a href="#/logs" onClick={(event) => { event.preventDefault(); setOpen(capture.id); }}>{formatUtc(capture.createdAt)}</a></td>
              <td>{capture.keyId}</td>
              <td>{capture.model ?? '–'}</td>
              <td>{capture.endpoint}</td>
              <td>{capture.status}</td>
              <td>{capture.stream ? 'yes' : 'no'}</td>
              <td>{formatMs(capture.durationMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && <CaptureDetail api={api} id={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
