import type { Middleware } from 'koa';
import { GatewayError } from '@modelgate/core';
import { digestsEqual, sha256 } from '../auth/hash-key.js';
import type { AdminConfig } from '../config/gateway-config.js';

function adminTokenDigest(config: AdminConfig | undefined): Buffer | undefined {
  if (config?.tokenHash) return Buffer.from(config.tokenHash.slice('sha256:'.length), 'hex');
  return config?.token ? sha256(config.token) : undefined;
}

/**
 * `/admin` takes only the admin token (`Authorization: Bearer <token>`), compared as a SHA-256
 * digest in constant time. Service keys are never accepted; without an admin token the API is off.
 */
export function createAdminAuthMiddleware(config: AdminConfig | undefined): Middleware {
  const expected = adminTokenDigest(config);
  return async function authenticateAdmin(ctx, next) {
    if (!expected) {
      throw new GatewayError({ status: 404, code: 'admin_api_disabled', message: 'The admin API is off: configure admin.token or admin.tokenHash.' });
    }
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    if (!presented || !digestsEqual(sha256(presented), expected)) {
      throw new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_admin_token', message: 'The admin API needs the admin token.' });
    }
    await next();
  };
}
