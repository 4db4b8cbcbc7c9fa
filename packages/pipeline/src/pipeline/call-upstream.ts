import type { GatewayError, UpstreamFailureV1, UpstreamRequestV1 } from '@modelgate/core';
import { readUpstreamText } from '../transport/read-upstream-text.js';
import type { UpstreamReply, UpstreamTransport } from '../transport/upstream-transport.js';

/**
 * Sends the upstream request, tied to the client: `signal` aborts when the client disconnects
 * before its answer is complete, and the upstream request stops with it. A non-2xx answer becomes
 * the translator's error (its body read within `upstream.maxResponseBytes`); a redirect is a 502
 * (see UpstreamTransport).
 */
export async function callUpstream(
  transport: UpstreamTransport,
  request: UpstreamRequestV1,
  signal: AbortSignal,
  toGatewayError: (failure: UpstreamFailureV1) => GatewayError,
): Promise<UpstreamReply> {
  const reply = await transport.open(request, signal);
  if (reply.status < 200 || reply.status >= 300) {
    const body = await readUpstreamText(reply, request.url);
    throw toGatewayError({ status: reply.status, headers: reply.headers, body });
  }
  return reply;
}
