import { GatewayError, gatewayErrorKindOf, type GatewayErrorKind } from '@modelgate/core';
import type { ClientConventions } from '../front-door.js';

/** Google's RPC status for each kind of failure, as the Gemini API names them (PROTOCOLS E.5). */
const STATUS_NAME_BY_KIND: Readonly<Record<GatewayErrorKind, string>> = {
  invalid_request: 'INVALID_ARGUMENT',
  context_length: 'INVALID_ARGUMENT',
  content_filter: 'INVALID_ARGUMENT',
  authentication: 'UNAUTHENTICATED',
  permission: 'PERMISSION_DENIED',
  not_found: 'NOT_FOUND',
  rate_limited: 'RESOURCE_EXHAUSTED',
  insufficient_quota: 'RESOURCE_EXHAUSTED',
  overloaded: 'UNAVAILABLE',
  server: 'INTERNAL',
  timeout: 'DEADLINE_EXCEEDED',
};

/** The HTTP status Google gives each RPC status; an error keeps its own when Google's has none of its kind. */
const HTTP_STATUS_BY_NAME: Readonly<Record<string, number>> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** Google's error envelope, `{"error":{"code","message","status"}}`, with the HTTP status that goes with it. */
export interface GeminiErrorBody {
  readonly error: { readonly code: number; readonly message: string; readonly status: string };
}

/**
 * A failure as the Gemini API's clients know it (PROTOCOLS E.5): Google's status name for its kind
 * and the HTTP status Google pairs with it (a 502 is `INTERNAL` 500, which Google's SDKs and Gemini
 * CLI retry, whatever its kind; a 413 stays `INVALID_ARGUMENT` with its own status).
 */
export function geminiErrorOf(error: GatewayError): { readonly status: number; readonly body: GeminiErrorBody } {
  const byKind = STATUS_NAME_BY_KIND[gatewayErrorKindOf(error)];
  // A 5xx is the gateway's or the upstream's failure whatever its kind (the vendor refusing the gateway's own key is no UNAUTHENTICATED for the client).
  const name = error.status >= 500 && byKind !== 'UNAVAILABLE' && byKind !== 'DEADLINE_EXCEEDED' ? 'INTERNAL' : byKind;
  const status = error.status === 413 ? 413 : HTTP_STATUS_BY_NAME[name]!;
  return { status, body: { error: { code: status, message: error.message, status: name } } };
}

function missingKey(): GatewayError {
  return new GatewayError({
    status: 401,
    kind: 'authentication',
    code: 'invalid_api_key',
    message: 'Method doesn\'t allow unregistered callers: send the key as the x-goog-api-key header (or ?key=, or Authorization: Bearer).',
  });
}

/**
 * Gemini API clients (the google-genai SDKs, Gemini CLI): the key in `x-goog-api-key` (what the
 * SDKs send), the `key` query parameter (REST examples, curl) or `Authorization: Bearer`; errors in
 * Google's envelope. The query string is never logged (the request log writes the path alone).
 */
export const geminiConventions: ClientConventions = {
  keySources: ['x-goog-api-key', '?key=', 'Authorization: Bearer'],
  readKey(header, query) {
    const key = header('x-goog-api-key')?.trim() || query('key')?.trim();
    if (key) return key;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header('authorization') ?? '');
    if (match) return match[1]!;
    throw missingKey();
  },
  renderError(error) {
    const { status, body } = geminiErrorOf(error);
    return { status, headers: error.headers, body };
  },
  // The google-genai SDKs and Gemini CLI send their key in this header: on a path the OpenAI front answers too (`GET /v1/models`), the request is theirs.
  claims: (header) => header('x-goog-api-key') !== undefined,
};
