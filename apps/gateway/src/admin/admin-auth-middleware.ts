import type { Middleware } from 'koa';
import { GatewayError } from '@modelgate/core';
import { createBearerTokenGuard, tokenDigest } from '../auth/bearer-token-guard.js';
import type { AdminConfig } from '../config/gateway-config.js';

/**
 * `/admin` takes only the admin token (`Authorization: Bearer <token>`), compared as a SHA-256
 * digest in constant time. Service keys are never accepted; without an admin token the API is off.
 */
export function createAdminAuthMiddleware(config: AdminConfig | undefined): Middleware {
  const digest = tokenDigest(config);
  return createBearerTokenGuard({
    digests: digest ? [digest] : [],
    disabled: () => new GatewayError({ status: 404, code: 'admin_api_disabled', message: 'The admin API is off: configure admin.token or admin.tokenHash.' }),
    invalid: () => new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_admin_token', message: 'The admin API needs the admin token.' }),
  });
}
