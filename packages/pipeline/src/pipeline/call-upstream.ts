import { GatewayError, type UpstreamFailureV1, type UpstreamRequestV1, type UpstreamSignerV1 } from '@modelgate/core';
import { readUpstreamText } from '../transport/read-upstream-text.js';
import { signUpstreamRequest } from '../transport/sign-upstream-request.js';
import { upstreamHost } from '../transport/upstream-transport-errors.js';
import { upstreamErrorHeadersForClient } from './relay-upstream-headers.js';
import type { UpstreamReply, UpstreamTransport } from '../transport/upstream-transport.js';

/**
 * Sends the upstream request, tied to the client: `signal` aborts when the client disconnects
 * before its answer is complete, and the upstream request stops with it. A non-2xx answer becomes
 * the translator's error (its body read within `upstream.maxResponseBytes`), except a 401 (see
 * vendorRejectedCredentials), with the vendor's request id and `x-should-retry`; a redirect is a
 * 502 (see UpstreamTransport). The provider's `signer`, when it has one, adds its credentials
 * first (signUpstreamRequest).
 */
export async function callUpstream(
  transport: UpstreamTransport,
  request: UpstreamRequestV1,
  signal: AbortSignal,
  toGatewayError: (failure: UpstreamFailureV1) => GatewayError,
  signer?: UpstreamSignerV1,
): Promise<UpstreamReply> {
  const reply = await transport.open(await signUpstreamRequest(request, signer, signal), signal);
  if (reply.status < 200 || reply.status >= 300) {
    const body = await readUpstreamText(reply, request.url);
    const failure = toGatewayError({ status: reply.status, headers: reply.headers, body });
    throw withHeaders(reply.status === 401 ? vendorRejectedCredentials(request.url, failure) : failure, upstreamErrorHeadersForClient(reply.headers));
  }
  return reply;
}

/**
 * An upstream 401 is about the gateway's own vendor key, not the client's: passed on as a 401 it
 * would look exactly like the client's bad key. It becomes a 502 that says so, without the
 * vendor's message (which may quote part of that key).
 */
function vendorRejectedCredentials(url: string, failure: GatewayError): GatewayError {
  return new GatewayError({
    status: 502,
    kind: 'authentication',
    type: 'server_error',
    code: 'upstream_authentication_failed',
    message: `The upstream at ${upstreamHost(url)} rejected the gateway's credentials for this provider (HTTP 401). The provider's key in the gateway's configuration needs attention; your API key was accepted.`,
    cause: failure,
  });
}

/** The error with `extra` headers added (the translator's own win on a clash). */
function withHeaders(error: GatewayError, extra: Record<string, string>): GatewayError {
  if (Object.keys(extra).length === 0) return error;
  const { status, message, type, param, code, kind, headers, cause } = error;
  return new GatewayError({ status, message, type, param, code, kind, headers: { ...extra, ...headers }, cause });
}
