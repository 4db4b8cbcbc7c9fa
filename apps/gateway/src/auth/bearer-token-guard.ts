import type { Middleware } from 'koa';
import type { GatewayError } from '@modelgate/core';
import { digestsEqual, sha256 } from './hash-key.js';

/** A token as configured: the token itself or its `sha256:<hex>` digest. */
export interface ConfiguredToken {
  token?: string;
  tokenHash?: string;
}

/** The SHA-256 digest of a configured token, when one is configured. */
export function tokenDigest(config: ConfiguredToken | undefined): string | undefined {
  if (config?.tokenHash) return config.tokenHash.slice('sha256:'.length);
  return config?.token ? sha256(config.token) : undefined;
}

export interface BearerTokenGuardOptions {
  /** The digests of the tokens that open the routes; none: the routes are off (404). */
  /** SHA-256, lower-case hex. */
  readonly digests: readonly string[];
  /** The 404 for routes with no token configured. */
  readonly disabled: () => GatewayError;
  /** The 401 for a missing or wrong token. */
  readonly invalid: () => GatewayError;
}

/**
 * Routes that take only certain tokens (`Authorization: Bearer <token>`), each compared as a
 * SHA-256 digest in constant time; service keys are never accepted. With no token configured the
 * routes are off.
 */
export function createBearerTokenGuard(options: BearerTokenGuardOptions): Middleware {
  return async function authenticateBearerToken(ctx, next) {
    if (options.digests.length === 0) throw options.disabled();
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    const digest = presented === undefined ? undefined : sha256(presented);
    // Every configured digest is compared, so the time taken does not tell which one matched.
    const matches = digest ? options.digests.map((expected) => digestsEqual(digest, expected)) : [];
    if (!matches.includes(true)) throw options.invalid();
    await next();
  };
}
