import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '../errors/gateway-error.js';
import { createCachedTokenSigner } from './cached-token-signer.js';

const REQUEST = { method: 'POST', url: 'https://example.test/v1', headers: {} } as const;
const NEVER = new AbortController().signal;

/** A token source whose answers the test releases one by one, counting the fetches. */
function tokenSource() {
  const waiting: Array<(token: string) => void> = [];
  let fetches = 0;
  let clock = 1_000_000;
  return {
    fetchToken: () => {
      fetches++;
      return new Promise<{ token: string; expiresAt: number }>((resolve) => waiting.push((token) => resolve({ token, expiresAt: clock + 60 * 60_000 })));
    },
    release: (token: string) => waiting.shift()!(token),
    get fetches() {
      return fetches;
    },
    now: () => clock,
    advance: (ms: number) => void (clock += ms),
    get waiting() {
      return waiting.length;
    },
  };
}

describe('createCachedTokenSigner', () => {
  it('fetches once for every request waiting at the same time, then serves the cached token', async () => {
    const source = tokenSource();
    const signer = createCachedTokenSigner({ vendorName: 'Acme', fetchToken: source.fetchToken, now: source.now });
    const first = signer.sign(REQUEST, NEVER);
    const second = signer.sign(REQUEST, NEVER);
    source.release('token-1');
    await expect(first).resolves.toEqual({ authorization: 'Bearer token-1' });
    await expect(second).resolves.toEqual({ authorization: 'Bearer token-1' });
    await expect(signer.sign(REQUEST, NEVER)).resolves.toEqual({ authorization: 'Bearer token-1' });
    expect(source.fetches).toBe(1);
  });

  it('replaces the token before it expires, serving the old one while the new one is fetched', async () => {
    const source = tokenSource();
    const signer = createCachedTokenSigner({ vendorName: 'Acme', fetchToken: source.fetchToken, now: source.now, refreshBeforeMs: 5 * 60_000 });
    const first = signer.sign(REQUEST, NEVER);
    source.release('token-1');
    await first;
    source.advance(56 * 60_000); // four minutes before the hour's expiry: inside the refresh window
    await expect(signer.sign(REQUEST, NEVER)).resolves.toEqual({ authorization: 'Bearer token-1' });
    expect(source.fetches).toBe(2);
    source.release('token-2');
    await new Promise((resolve) => setImmediate(resolve));
    await expect(signer.sign(REQUEST, NEVER)).resolves.toEqual({ authorization: 'Bearer token-2' });
    expect(source.fetches).toBe(2);
  });

  it('waits for a new token once the old one has expired', async () => {
    const source = tokenSource();
    const signer = createCachedTokenSigner({ vendorName: 'Acme', fetchToken: source.fetchToken, now: source.now });
    const first = signer.sign(REQUEST, NEVER);
    source.release('token-1');
    await first;
    source.advance(61 * 60_000);
    const next = signer.sign(REQUEST, NEVER);
    expect(source.waiting).toBe(1);
    source.release('token-2');
    await expect(next).resolves.toEqual({ authorization: 'Bearer token-2' });
  });

  it('turns a failed fetch into a 502 that quotes no secret, and tries again on the next request', async () => {
    let calls = 0;
    const signer = createCachedTokenSigner({
      vendorName: 'Acme',
      fetchToken: async () => {
        calls++;
        if (calls === 1) throw Object.assign(new Error('invalid_client: secret s3cr3t-value is wrong'), { code: 'ECONNREFUSED' });
        return { token: 'token-2', expiresAt: Date.now() + 3_600_000 };
      },
      headers: (token) => ({ 'api-key': token }),
    });
    const failure = await signer.sign(REQUEST, NEVER).catch((error: unknown) => error);
    expect(GatewayError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 502, kind: 'authentication', code: 'upstream_credentials_unavailable' });
    expect((failure as Error).message).toContain('Acme (ECONNREFUSED)');
    expect((failure as Error).message).not.toContain('s3cr3t');
    await expect(signer.sign(REQUEST, NEVER)).resolves.toEqual({ 'api-key': 'token-2' });
  });

  it('lets a client that leaves stop waiting without cancelling the fetch the others share', async () => {
    const source = tokenSource();
    const signer = createCachedTokenSigner({ vendorName: 'Acme', fetchToken: source.fetchToken, now: source.now });
    const leaving = new AbortController();
    const left = signer.sign(REQUEST, leaving.signal);
    const staying = signer.sign(REQUEST, NEVER);
    leaving.abort(new Error('client left'));
    await expect(left).rejects.toThrow('client left');
    source.release('token-1');
    await expect(staying).resolves.toEqual({ authorization: 'Bearer token-1' });
    expect(source.fetches).toBe(1);
  });
});
