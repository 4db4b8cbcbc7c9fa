import { useState } from 'preact/hooks';
import type { AdminApi } from '../lib/admin-api.js';
import type { AdminList, IssuedKey, KeySpend, KeyView } from '@modelgate/gateway/admin-types';
import { formatUsd } from '../lib/format.js';
import { useLoad } from './use-load.js';

interface KeysData {
  readonly keys: readonly KeyView[];
  readonly spend: ReadonlyMap<string, KeySpend>;
}

/** Issued keys with their spend against budget; create (the secret shown once), rotate, revoke. */
export function KeysPage({ api }: { readonly api: AdminApi }) {
  const [secret, setSecret] = useState<{ name: string; secret: string }>();
  const [error, setError] = useState<string>();
  const { data, error: loadError, reload } = useLoad<KeysData>(async () => {
    const [keys, spend] = await Promise.all([api.get<AdminList<KeyView>>('/keys'), api.get<AdminList<KeySpend>>('/spend')]);
    return { keys: keys.data, spend: new Map(spend.data.map((entry) => [entry.keyId, entry])) };
  }, [api]);
  const act = async (work: () => Promise<void>) => {
    setError(undefined);
    try {
      await work();
      reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const issued = (result: IssuedKey) => setSecret({ name: result.key.name, secret: result.secret });
  return (
    <div class="page" data-page="keys">
      <h2>Keys</h2>
      {secret && (
        <div class="secret" role="status">
          The key <strong>{secret.name}</strong> is <code data-secret>{secret.secret}</code>: copy it now, it is not shown again.
          <button type="button" class="link" onClick={() => setSecret(undefined)}>
            Done
          </button>
        </div>
      )}
      {(error ?? loadError) && <p class="error" role="alert">{error ?? loadError}</p>}
      <CreateKeyForm onCreate={(input) => act(async () => issued(await api.post('/keys', input)))} />
      <table>
        <thead>
          <tr>
            <th>Name</th><th>Prefix</th><th>Status</th><th>Scope</th><th>Limits</th><th>Spend</th><th>Expires</th><th />
          </tr>
        </thead>
        <tbody>
          {data?.keys.length === 0 && (
            <tr data-no-keys>
              <td colSpan={8}>No issued keys yet. Keys written in the config file (such as the key `npm start` prints) are not listed here.</td>
            </tr>
          )}
          {data?.keys.map((key) => {
            const spend = data.spend.get(key.id);
            return (
              <tr key={key.id} data-key={key.name}>
                <td>{key.name}{key.owner && <small> ({key.owner})</small>}</td>
                <td><code>{key.prefix}…</code></td>
                <td data-status>{key.status}</td>
                <td>{key.models?.join(', ') ?? 'all models'}</td>
                <td>{[key.rpm && `${key.rpm} rpm`, key.tpm && `${key.tpm} tpm`, key.maxConcurrent && `${key.maxConcurrent} at once`].filter(Boolean).join(', ') || '–'}</td>
                <td data-spend>
                  {spend ? formatUsd(spend.spendUsd) : '–'}
                  {key.budget && ` of ${formatUsd(key.budget.usd)} / ${key.budget.period}`}
                  {key.budget && spend && <meter min={0} max={key.budget.usd} value={spend.spendUsd} />}
                </td>
                <td>{key.expiresAt?.slice(0, 10) ?? 'never'}</td>
                <td class="actions">
                  {key.status !== 'revoked' && (
                    <>
                      <button type="button" onClick={() => act(async () => issued(await api.post(`/keys/${key.id}/rotate`)))}>Rotate</button>
                      <button type="button" onClick={() => confirm(`Revoke ${key.name}? Requests with it are refused at once.`) && act(() => api.post(`/keys/${key.id}/revoke`))}>Revoke</button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const numberOrUndefined = (value: FormDataEntryValue | null) => (value === null || value === '' ? undefined : Number(value));
const listOrUndefined = (value: FormDataEntryValue | null) => {
  const items = String(value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  return items.length ? items : undefined;
};

/** The fields of `POST /admin/keys`: scope, limits, budget and expiry. */
function CreateKeyForm({ onCreate }: { readonly onCreate: (input: Record<string, unknown>) => void }) {
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const budgetUsd = numberOrUndefined(form.get('budgetUsd'));
    const expires = String(form.get('expiresAt') ?? '');
    const input = {
      name: String(form.get('name') ?? '').trim(),
      owner: String(form.get('owner') ?? '').trim() || undefined,
      models: listOrUndefined(form.get('models')),
      rpm: numberOrUndefined(form.get('rpm')),
      tpm: numberOrUndefined(form.get('tpm')),
      maxConcurrent: numberOrUndefined(form.get('maxConcurrent')),
      budget: budgetUsd === undefined ? undefined : { usd: budgetUsd, period: String(form.get('budgetPeriod')) },
      expiresAt: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : undefined,
    };
    onCreate(Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
    (event.currentTarget as HTMLFormElement).reset();
  };
  return (
    <form class="create-key" onSubmit={submit}>
      <input name="name" placeholder="Name" required />
      <input name="owner" placeholder="Owner" />
      <input name="models" placeholder="Models (comma-separated globs)" />
      <input name="rpm" type="number" min={1} placeholder="RPM" />
      <input name="tpm" type="number" min={1} placeholder="TPM" />
      <input name="maxConcurrent" type="number" min={1} placeholder="At once" />
      <input name="budgetUsd" type="number" min={0} step="0.01" placeholder="Budget USD" />
      <select name="budgetPeriod">
        <option value="month">per month</option>
        <option value="day">per day</option>
        <option value="total">in total</option>
      </select>
      <label>
        Expires <input name="expiresAt" type="date" />
      </label>
      <button type="submit">Create key</button>
    </form>
  );
}
