/**
 * The request exactly as the gateway will send it: the body already serialised, so a signature
 * (AWS SigV4 hashes the payload) covers the bytes that leave, not a value re-encoded later.
 */
export interface SignableUpstreamRequestV1 {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * Credentials that are not a constant header: a bearer token fetched and refreshed (Microsoft
 * Entra ID, Google OAuth), or a signature over each request (AWS SigV4). The gateway calls it once
 * per attempt, after translation and after its own headers were added, and adds the headers it
 * returns (they win over the request's). It may await I/O (a token endpoint): `signal` aborts with
 * the client. A failure should be a `GatewayError` whose message quotes no secret; anything else
 * becomes a 502 `upstream_credentials_unavailable`. What it returns is never logged.
 */
export interface UpstreamSignerV1 {
  sign(request: SignableUpstreamRequestV1, signal: AbortSignal): Promise<Readonly<Record<string, string>>>;
}
