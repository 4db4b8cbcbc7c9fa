import { GatewayError } from '@modelgate/core';

/** undici's headers and body time-outs, should its own timers ever be on (the transport keeps its own). */
const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * True for a failure of the upstream connection, false for a bug: got's errors, undici's and
 * socket errors all carry a string `code` (got's RequestError always sets one).
 */
export function isUpstreamTransportFailure(error: unknown): boolean {
  return typeof (error as { code?: unknown } | null)?.code === 'string';
}

/** The host of an upstream URL for messages: never its path, query or credentials. */
export function upstreamHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured URL';
  }
}

/**
 * Network failures become gateway errors: a connection that did not open within connectTimeoutMs
 * 502 like any unreachable upstream, other time-outs 504, everything else 502. `afterHeaders`
 * tells a connection lost while the answer was arriving from one that never got through.
 */
export function toUpstreamTransportError(error: unknown, url: string, afterHeaders = false): GatewayError {
  const failure = error as { name?: string; code?: string; message?: string; event?: string };
  const host = upstreamHost(url);
  // got's connect time-out, or undici's.
  if ((failure.name === 'TimeoutError' && failure.event === 'connect') || failure.code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new GatewayError({
      status: 502,
      type: 'server_error',
      code: 'upstream_unreachable',
      message: `The upstream at ${host} could not be reached (no connection within upstream.connectTimeoutMs).`,
      cause: error,
    });
  }
  if (failure.name === 'TimeoutError' || failure.code === 'ETIMEDOUT' || UNDICI_TIMEOUTS.has(failure.code ?? '')) {
    return new GatewayError({
      status: 504,
      type: 'server_error',
      code: 'upstream_timeout',
      message: `The upstream at ${host} did not answer in time.`,
      cause: error,
    });
  }
  if (afterHeaders) {
    return new GatewayError({
      status: 502,
      type: 'server_error',
      code: 'upstream_interrupted',
      message: `The connection to the upstream at ${host} broke while its answer was arriving (${failure.code ?? failure.name ?? 'network error'}).`,
      cause: error,
    });
  }
  return new GatewayError({
    status: 502,
    type: 'server_error',
    code: 'upstream_unreachable',
    message: `The upstream at ${host} could not be reached (${failure.code ?? failure.name ?? 'network error'}).`,
    cause: error,
  });
}

/** The error a request is destroyed with when one of the gateway's own timers runs out; it becomes a 504. */
export function upstreamTimeoutFailure(waitingFor: string, ms: number): Error {
  return Object.assign(new Error(`No ${waitingFor} from the upstream within ${ms} ms.`), { name: 'TimeoutError', code: 'ETIMEDOUT' });
}

/**
 * A redirect is not followed: it would send the prompt and the vendor key to another server, and
 * pass that server's answer off as the upstream's. Only the target's host is named (its path or
 * query may carry secrets).
 */
export function upstreamRedirect(url: string, status: number, location: string | undefined): GatewayError {
  let target = '';
  try {
    if (location) target = ` to ${new URL(location, url).host}`;
  } catch {
    target = '';
  }
  return new GatewayError({
    status: 502,
    type: 'server_error',
    code: 'upstream_redirect',
    message: `The upstream at ${upstreamHost(url)} answered with a redirect (${status})${target}; the gateway does not follow upstream redirects. Check the provider's baseUrl.`,
  });
}

export function upstreamResponseTooLarge(url: string, maxResponseBytes: number): GatewayError {
  return new GatewayError({
    status: 502,
    type: 'server_error',
    code: 'upstream_response_too_large',
    message: `The upstream at ${upstreamHost(url)} sent an answer larger than ${maxResponseBytes} bytes (upstream.maxResponseBytes).`,
  });
}
