import type { Middleware } from 'koa';
import { GatewayError } from '@modelgate/core';
import type { KeyResolver } from '../auth/authenticated-key.js';
import type { GatewayState } from './gateway-state.js';

function unauthorized(message: string): GatewayError {
  return new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message });
}

/** `Authorization: Bearer <key>` on every /v1 route, checked against each resolver in turn. */
export function createAuthMiddleware(resolvers: readonly KeyResolver[]): Middleware<GatewayState> {
  return async function authenticate(ctx, next) {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      throw unauthorized(
        header
          ? "The Authorization header must be 'Bearer <key>'."
          : "You didn't provide an API key. Send it in an Authorization header: 'Authorization: Bearer <key>'.",
      );
    }
    for (const resolver of resolvers) {
      const key = await resolver.authenticate(match[1]!);
      if (key) {
        ctx.state.key = key;
        await next();
        return;
      }
    }
    throw unauthorized('Incorrect API key provided.');
  };
}
