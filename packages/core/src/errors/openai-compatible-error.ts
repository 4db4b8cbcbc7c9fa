import type { UpstreamFailureV1 } from '../plugin/v1/upstream-v1.js';
import { GatewayError } from './gateway-error.js';

/** Upstream headers a client needs to back off correctly; relayed with the error. */
const RELAYED_ERROR_HEADERS = [
  'retry-after',
  'retry-after-ms',
  'x-ratelimit-limit-requests',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-reset-requests',
  'x-ratelimit-limit-tokens',
  'x-ratelimit-remaining-tokens',
  'x-ratelimit-reset-tokens',
];

export function pickRelayedErrorHeaders(headers: UpstreamFailureV1['headers']): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of RELAYED_ERROR_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

function asStringOrNull(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/**
 * An error from an OpenAI-compatible upstream (OpenAI, DeepSeek, any server that copies the envelope)
 * becomes the same envelope with the upstream's status; a body that is not an envelope keeps its text.
 */
export function openAiCompatibleError(failure: UpstreamFailureV1, vendorName: string): GatewayError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(failure.body);
  } catch {
    parsed = undefined;
  }
  const error = (parsed as { error?: Record<string, unknown> } | undefined)?.error;
  const headers = pickRelayedErrorHeaders(failure.headers);
  if (error && typeof error === 'object' && typeof error.message === 'string') {
    return new GatewayError({
      status: failure.status,
      message: error.message,
      type: typeof error.type === 'string' ? error.type : undefined,
      param: asStringOrNull(error.param),
      code: asStringOrNull(error.code),
      headers,
    });
  }
  const text = failure.body.trim().slice(0, 500);
  return new GatewayError({
    status: failure.status,
    message: `${vendorName} answered with status ${failure.status}${text ? `: ${text}` : ''}`,
    code: 'upstream_error',
    headers,
  });
}
