import type { IncomingHttpHeaders } from 'node:http';

/** The upstream's own request id (OpenAI: `x-request-id`, Anthropic: `request-id`), for vendor support. */
const UPSTREAM_REQUEST_ID_HEADERS = ['x-request-id', 'request-id'];

/**
 * What a client can use from a successful upstream answer's headers: those the provider declares
 * (`relayedResponseHeaders`, e.g. OpenAI's `openai-model`, `openai-processing-ms`, `openai-version`)
 * as they are. The gateway's `x-request-id` stays the gateway's; the vendor's id goes out as
 * `x-upstream-request-id`. The vendor's `x-ratelimit-*` headers describe the gateway's vendor key,
 * not the client's, so they stay behind.
 */
export function upstreamHeadersForClient(headers: IncomingHttpHeaders, relayedAsIs: readonly string[]): Record<string, string> {
  const relayed: Record<string, string> = {};
  for (const name of relayedAsIs) {
    const value = headers[name];
    if (typeof value === 'string') relayed[name] = value;
  }
  const upstreamRequestId = UPSTREAM_REQUEST_ID_HEADERS.map((name) => headers[name]).find((value) => typeof value === 'string');
  if (upstreamRequestId) relayed['x-upstream-request-id'] = upstreamRequestId as string;
  return relayed;
}

/**
 * What a client can use from a failed upstream answer's headers (issue 28): the vendor's request id
 * as `x-upstream-request-id` (for the vendor's support, as on success), and `x-should-retry` as it
 * is, which the official OpenAI and Anthropic SDKs obey over their own status rules.
 */
export function upstreamErrorHeadersForClient(headers: IncomingHttpHeaders): Record<string, string> {
  const relayed = upstreamHeadersForClient(headers, []);
  const shouldRetry = headers['x-should-retry'];
  if (shouldRetry === 'true' || shouldRetry === 'false') relayed['x-should-retry'] = shouldRetry;
  return relayed;
}
