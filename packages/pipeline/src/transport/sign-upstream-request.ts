import { credentialsUnavailable, type UpstreamRequestV1, type UpstreamSignerV1 } from '@modelgate/core';
import { requestBodyText } from './stale-connection-retry.js';
import { toUpstreamTransportError, upstreamHost } from './upstream-transport-errors.js';

/**
 * The one place a provider's credentials meet a request: after translation and the gateway's own
 * headers, once per attempt (a retry is signed afresh: SigV4 dates, refreshed tokens). The body is
 * serialised here, once, so a signature covers exactly the bytes the transport sends. The signed
 * headers are never logged; a signer's failure that is not a GatewayError becomes a 502 naming
 * only the upstream's host.
 */
export async function signUpstreamRequest(request: UpstreamRequestV1, signer: UpstreamSignerV1 | undefined, signal: AbortSignal): Promise<UpstreamRequestV1> {
  if (signer === undefined) return request;
  const body = requestBodyText(request);
  let signed: Readonly<Record<string, string>>;
  try {
    signed = await signer.sign({ method: request.method, url: request.url, headers: request.headers, body }, signal);
  } catch (error) {
    // The client left while a token was fetched: the same failure as leaving during the transport's call.
    if (signal.aborted) throw toUpstreamTransportError(error, request.url);
    throw credentialsUnavailable(upstreamHost(request.url), error);
  }
  return { ...request, body, headers: { ...request.headers, ...signed } };
}
