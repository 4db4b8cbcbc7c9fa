import type { Context } from 'koa';
import { assertEndpointAllowed } from '../auth/check-key-scope.js';
import type { GatewayEndpoint } from '../config/gateway-config.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import type { ModelRoute } from '../routing/model-router.js';

/**
 * The one call a model route makes once it knows the model:
 *
 *   await admitRequest(ctx, 'responses', route, request);
 *
 * It checks the key's endpoint scope (403; the model scope was checked when the route resolved the
 * model: 404), budget (429 `insufficient_quota`) and
 * rate limits (429 with `retry-after` and `x-ratelimit-*`), sets the rate-limit headers, and
 * registers the request so that, when the response closes, its usage (`ctx.state.usage`, or an
 * estimate) is recorded and its TPM and concurrency are settled.
 */
export async function admitRequest(ctx: Context & { state: GatewayState }, endpoint: GatewayEndpoint, route: ModelRoute, body: object): Promise<void> {
  const key = ctx.state.key!;
  assertEndpointAllowed(key, endpoint);
  if (!ctx.state.gate) return;
  const target = { endpoint, model: route.publicId, family: route.instance.family, pricing: route.pricing, defaultOutputTokens: route.card?.maxOutputTokens };
  ctx.set(await ctx.state.gate.admit(ctx.state, key, target, body));
}
