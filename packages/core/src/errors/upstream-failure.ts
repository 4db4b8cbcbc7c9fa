import type { UpstreamFailureV1 } from '../plugin/v1/upstream-v1.js';
import { GatewayError } from './gateway-error.js';
import { defaultErrorKind, type GatewayErrorKind } from './gateway-error-kind.js';
import { withoutAccountIds } from './redact-account-ids.js';

/** What the client sees for one vendor error type or status (a row of a provider's error table), and its internal kind. */
export interface VendorErrorMapping {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly kind: GatewayErrorKind;
}

/** A failed answer's body as JSON, or `undefined` when it is not JSON (a proxy's HTML page, a truncated body). */
export function parseFailureBody(failure: UpstreamFailureV1): unknown {
  try {
    return JSON.parse(failure.body);
  } catch {
    return undefined;
  }
}

/**
 * A failed answer whose body is not the vendor's error envelope: the client reads the vendor's
 * status and the start of its text. `status` differs from the upstream's only where a vendor's own
 * status means nothing to OpenAI clients (Anthropic's 529).
 */
export function unrecognisedUpstreamError(
  failure: UpstreamFailureV1,
  vendorName: string,
  headers: Readonly<Record<string, string>>,
  status: number = failure.status,
): GatewayError {
  const text = withoutAccountIds(failure.body.trim().slice(0, 500));
  return new GatewayError({
    status,
    message: `${vendorName} answered with status ${failure.status}${text ? `: ${text}` : ''}`,
    code: 'upstream_error',
    kind: defaultErrorKind(failure.status),
    headers,
  });
}
