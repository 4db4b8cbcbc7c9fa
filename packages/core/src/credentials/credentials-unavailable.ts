import { GatewayError } from '../errors/gateway-error.js';

/** A short, secret-free reason: a system error code (`ENOENT`, `ECONNREFUSED`), never a message that may quote a credential. */
function safeReason(cause: unknown): string {
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? ` (${code})` : '';
}

/**
 * The gateway could not sign a request or obtain a token for an upstream: the gateway's own
 * configuration or the credential service is at fault, never the client, so a 502 of kind
 * `authentication` (a fallback to another host may serve the request). The cause stays attached
 * for the operator's debugger, out of the envelope and the logs.
 */
export function credentialsUnavailable(vendorName: string, cause?: unknown): GatewayError {
  if (GatewayError.isInstance(cause)) return cause;
  return new GatewayError({
    status: 502,
    kind: 'authentication',
    type: 'server_error',
    code: 'upstream_credentials_unavailable',
    message: `The gateway could not obtain credentials for ${vendorName}${safeReason(cause)}. The provider's credentials in the gateway's configuration need attention; your API key was accepted.`,
    cause,
  });
}
