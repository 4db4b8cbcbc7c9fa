import type { UpstreamSignerV1 } from '../plugin/v1/upstream-signer-v1.js';
import { credentialsUnavailable } from './credentials-unavailable.js';

/** A bearer token and when it stops working. */
export interface AccessTokenV1 {
  readonly token: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

export interface CachedTokenSignerOptions {
  /** Used in error messages, e.g. "Azure OpenAI". */
  readonly vendorName: string;
  /** Gets a new token (a token endpoint, a credential library); its errors must not quote secrets. */
  readonly fetchToken: (signal: AbortSignal) => Promise<AccessTokenV1>;
  /** A token this close to its expiry is replaced (default 5 minutes); until it expires it still serves while the new one is fetched. */
  readonly refreshBeforeMs?: number;
  /** How long one fetch may take (default 30 s); a fetch is shared by every request waiting for it, so no one client's leaving cancels it. */
  readonly fetchTimeoutMs?: number;
  /** The headers carrying the token (default `authorization: Bearer <token>`). */
  readonly headers?: (token: string) => Readonly<Record<string, string>>;
  /** The clock, for tests. */
  readonly now?: () => number;
}

const FIVE_MINUTES_MS = 5 * 60_000;

const bearerHeaders = (token: string): Readonly<Record<string, string>> => ({ authorization: `Bearer ${token}` });

/** Settles with `promise`, or rejects when `signal` aborts first (the shared fetch goes on for the others). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}

/**
 * A signer for bearer-token credentials, written once for every host that needs one (Entra ID,
 * Google OAuth): the token is cached, fetched by one request at a time however many wait, replaced
 * `refreshBeforeMs` before it expires (in the background while the old one is still good), and
 * never cached when the fetch fails (the next request tries again). Failures are a 502
 * `upstream_credentials_unavailable` that quotes no secret.
 */
export function createCachedTokenSigner(options: CachedTokenSignerOptions): UpstreamSignerV1 {
  const now = options.now ?? Date.now;
  const refreshBeforeMs = options.refreshBeforeMs ?? FIVE_MINUTES_MS;
  const fetchTimeoutMs = options.fetchTimeoutMs ?? 30_000;
  const headersOf = options.headers ?? bearerHeaders;
  let current: AccessTokenV1 | undefined;
  let pending: Promise<AccessTokenV1> | undefined;

  function refresh(): Promise<AccessTokenV1> {
    pending ??= options
      .fetchToken(AbortSignal.timeout(fetchTimeoutMs))
      .then((token) => {
        if (typeof token?.token !== 'string' || token.token === '' || !Number.isFinite(token.expiresAt)) {
          throw credentialsUnavailable(options.vendorName);
        }
        current = token;
        return token;
      })
      .catch((error: unknown) => {
        throw credentialsUnavailable(options.vendorName, error);
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    async sign(_request, signal) {
      const time = now();
      if (current && time < current.expiresAt) {
        // Still good: serve it, and replace it early so no request waits at the expiry.
        if (time >= current.expiresAt - refreshBeforeMs) refresh().catch(() => undefined);
        return headersOf(current.token);
      }
      return headersOf((await raceAbort(refresh(), signal)).token);
    },
  };
}
