/** The admin API as the UI reads it: every call carries the admin token; nothing else is called. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Readonly<Record<string, string | number | undefined>>;

export function queryString(query: Query): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString()}` : '';
}

export function createAdminApi(token: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    if (!response.ok) throw new AdminApiError(response.status, parsed.error?.message ?? `HTTP ${response.status}`);
    return parsed as T;
  }
  return {
    get: <T>(path: string, query: Query = {}) => call<T>('GET', `${path}${queryString(query)}`),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
