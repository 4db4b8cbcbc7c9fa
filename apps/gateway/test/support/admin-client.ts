import type { IssuedKey } from '../../src/admin/key-service.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';

export const TEST_ADMIN_TOKEN = 'mg-admin-test-token-0123456789';

/** Calls the gateway's `/admin` API with the admin token. */
export function adminClient(gatewayUrl: string, token = TEST_ADMIN_TOKEN) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${gatewayUrl}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return {
    call,
    async createKey(input: Record<string, unknown>): Promise<IssuedKey> {
      const { status, body } = await call('POST', '/keys', input);
      if (status !== 201) throw new Error(`creating a key failed: ${status} ${JSON.stringify(body)}`);
      return body as unknown as IssuedKey;
    },
  };
}

export interface ChatResult {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed body, when it is JSON. */
  readonly body: Record<string, unknown> | undefined;
  readonly text: string;
}

/** Sends a chat completion with a key; resolves with the status, headers and parsed body. */
export async function chat(baseUrl: string, key: string, body: Record<string, unknown> = {}): Promise<ChatResult> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'hello' }], ...body }),
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, body: json, text };
}

import { eventually } from './eventually.js';

export { eventually };

/** A request's usage record, once written (records are written in batches), read over `/admin/usage`. */
export async function usageRecordOf(gatewayUrl: string, requestId: string): Promise<UsageRecord> {
  for (;;) {
    const records = (await adminClient(gatewayUrl).call('GET', '/usage?limit=1000')).body.records as UsageRecord[];
    const record = records.find((candidate) => candidate.requestId === requestId);
    if (record) return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest usage record of a model (on one endpoint, when given), once written. */
export async function usageRecordOfModel(gatewayUrl: string, model: string, endpoint?: string): Promise<UsageRecord> {
  let record: UsageRecord | undefined;
  await eventually(async () => {
    const records = (await adminClient(gatewayUrl).call('GET', '/usage')).body.records as UsageRecord[];
    record = records.find((candidate) => candidate.model === model && (endpoint === undefined || candidate.endpoint === endpoint));
    return record !== undefined;
  });
  return record!;
}
