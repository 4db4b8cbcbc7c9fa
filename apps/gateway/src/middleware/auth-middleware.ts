import type { Middleware } from 'koa';
import { invalidApiKey, type ClientConventions } from '@modelgate/pipeline';
import type { KeyResolver } from '../auth/authenticated-key.js';
import type { GatewayState } from './gateway-state.js';

/** The key, read where the front's clients send it, checked against each resolver in turn (routes other than model requests, which the pipeline authenticates). */
export function createAuthMiddleware(resolvers: readonly KeyResolver[], conventions: ClientConventions): Middleware<GatewayState> {
  return async function authenticate(ctx, next) {
    const presented = conventions.readKey((name) => ctx.get(name) || undefined);
    for (const resolver of resolvers) {
      // Config keys answer at once: no promise and no extra turn for the commonest case.
      const found = resolver.authenticate(presented);
      const key = found instanceof Promise ? await found : found;
      if (key) {
        ctx.state.key = key;
        await next();
        return;
      }
    }
    throw invalidApiKey();
  };
}
