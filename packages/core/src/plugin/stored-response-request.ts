import type { StoredResponseActionV1, StoredResponseOperationV1 } from './v1/responses-translator-v1.js';
import type { UpstreamRequestV1 } from './v1/upstream-v1.js';

const METHODS: Readonly<Record<StoredResponseActionV1, UpstreamRequestV1['method']>> = { retrieve: 'GET', delete: 'DELETE', cancel: 'POST', input_items: 'GET' };
const SUFFIXES: Readonly<Record<StoredResponseActionV1, string>> = { retrieve: '', delete: '', cancel: '/cancel', input_items: '/input_items' };

/**
 * The request of a stored-response operation on a Responses API at `url(path)`: the OpenAI
 * layout, `/responses/{id}` (+ `/cancel`, `/input_items`), the client's query appended after any
 * the base URL carries (Azure's `api-version`).
 */
export function storedResponseRequest(
  url: (path: string) => string,
  headers: Readonly<Record<string, string>>,
  operation: StoredResponseOperationV1,
): UpstreamRequestV1 {
  const base = url(`/responses/${encodeURIComponent(operation.responseId)}${SUFFIXES[operation.action]}`);
  const query = operation.search.replace(/^\?/, '');
  const target = query === '' ? base : `${base}${base.includes('?') ? '&' : '?'}${query}`;
  const { 'content-type': _contentType, ...withoutBodyType } = headers;
  return { method: METHODS[operation.action], url: target, headers: withoutBodyType, stream: operation.stream };
}
