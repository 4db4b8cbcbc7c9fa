import { GatewayError, gatewayErrorKindOf, type AnthropicErrorEnvelope, type AnthropicErrorType, type GatewayErrorKind } from '@modelgate/core';
import type { ClientConventions } from '../front-door.js';

/** Anthropic's error type for each kind of failure (PROTOCOLS D.6). */
const ERROR_TYPE_BY_KIND: Readonly<Record<GatewayErrorKind, AnthropicErrorType>> = {
  invalid_request: 'invalid_request_error',
  context_length: 'invalid_request_error',
  content_filter: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'not_found_error',
  rate_limited: 'rate_limit_error',
  insufficient_quota: 'billing_error',
  overloaded: 'overloaded_error',
  server: 'api_error',
  timeout: 'timeout_error',
};

/** Anthropic's status for an overloaded service; its SDKs and Claude Code retry it. */
export const ANTHROPIC_OVERLOADED_STATUS = 529;

/** Statuses Anthropic gives a kind whatever the error's own: 529 for overloaded, 402 for billing (its SDKs retry neither as a 429). */
const STATUS_BY_KIND: Partial<Record<GatewayErrorKind, number>> = { overloaded: ANTHROPIC_OVERLOADED_STATUS, insufficient_quota: 402 };

/**
 * A failure as Anthropic's clients know it: the error type its kind maps to (413 is
 * `request_too_large`, as Anthropic's edge says), and the status, which is the error's own except
 * for `overloaded` (an upstream 503 or 529, no deployment available: 529) and an exhausted budget
 * or credit (402).
 */
export function anthropicErrorOf(error: GatewayError): { readonly status: number; readonly body: AnthropicErrorEnvelope } {
  const kind = gatewayErrorKindOf(error);
  const type = error.status === 413 ? 'request_too_large' : ERROR_TYPE_BY_KIND[kind];
  const status = STATUS_BY_KIND[kind] ?? error.status;
  return { status, body: { type: 'error', error: { type, message: error.message } } };
}

function missingKey(message: string): GatewayError {
  return new GatewayError({ status: 401, kind: 'authentication', type: 'authentication_error', code: 'invalid_api_key', message });
}

/**
 * Anthropic's clients: the key in `x-api-key` (what `ANTHROPIC_API_KEY` sends) or in
 * `Authorization: Bearer` (`ANTHROPIC_AUTH_TOKEN`), errors in `{"type":"error","error":{type,message}}`.
 */
export const anthropicConventions: ClientConventions = {
  keySources: ['x-api-key', 'Authorization: Bearer'],
  readKey(header) {
    const apiKey = header('x-api-key')?.trim();
    if (apiKey) return apiKey;
    const authorization = header('authorization');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (match) return match[1]!;
    throw missingKey(authorization ? "The Authorization header must be 'Bearer <key>'." : 'x-api-key header is required (or send the key as Authorization: Bearer <key>).');
  },
  renderError(error) {
    const { status, body } = anthropicErrorOf(error);
    return { status, headers: error.headers, body };
  },
  claims: (header) => isAnthropicClient(header),
};

/** Whether a request comes from an Anthropic client: every Anthropic SDK sends `anthropic-version` (PROTOCOLS D.1). */
export function isAnthropicClient(header: (name: string) => string | undefined): boolean {
  return header('anthropic-version') !== undefined;
}
