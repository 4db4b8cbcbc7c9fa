import { GatewayError } from '@modelgate/core';
import type { ModelRoute } from '../routing/model-router.js';

/**
 * Who created which vendor-side state. Every key reaches the vendor with the gateway's one
 * credential, so to the vendor all keys are one caller: a stored response one key created could be
 * chained by any other that learns its id. The host records the owner of each id an answer
 * creates (`Exchange.createdStateId`) and tells here who owns an id a request names.
 */
export interface VendorStateOwners {
  /** Who created the state with this id; undefined when the gateway never saw it created. */
  ownerOf(id: string): Promise<StateOwner | undefined> | StateOwner | undefined;
}

/** The record of one vendor-side state: the key that created it, and where. */
export interface StateOwner {
  readonly keyId: string;
  /**
   * The provider instance (one vendor organisation, one credential) that holds the state; absent
   * in records made before it was kept. Only that organisation can chain it.
   */
  readonly provider?: string;
}

const MAX_STATE_ID_LENGTH = 256;

/**
 * Refuses a request that chains another key's stored response (`previous_response_id`), exactly
 * as OpenAI refuses an id it does not know (400 `previous_response_not_found`), so the other key
 * learns nothing, not even that the id exists. An id the gateway has no owner for (created before
 * owners were recorded, or outside the gateway) is left to the vendor. Returns the named state's
 * record when the key owns it, for pinning the request to where the state lives.
 */
export async function assertOwnsNamedState(owners: VendorStateOwners, keyId: string, body: object): Promise<StateOwner | undefined> {
  const previous = (body as { previous_response_id?: unknown }).previous_response_id;
  // Longer than any id a vendor mints: not one the gateway recorded, and not worth a look-up.
  if (typeof previous !== 'string' || previous.length > MAX_STATE_ID_LENGTH) return undefined;
  const owner = await owners.ownerOf(previous);
  if (owner === undefined || owner.keyId === keyId) return owner;
  throw new GatewayError({
    status: 400,
    kind: 'not_found',
    type: 'invalid_request_error',
    message: `Previous response with id '${previous}' not found.`,
    param: 'previous_response_id',
    code: 'previous_response_not_found',
  });
}

/**
 * The route narrowed to the deployments on the organisation that holds the named state, without
 * fallbacks: any other organisation answers the id as unknown (400 `previous_response_not_found`),
 * so a retry or failover there could only turn a passing failure into a wrong one. A route with no
 * deployment there (the config changed) is left as it is, for the vendor to answer.
 */
export function pinnedToStateOwner(route: ModelRoute, owner: StateOwner | undefined): ModelRoute {
  if (owner?.provider === undefined) return route;
  const there = route.deployments.filter((deployment) => deployment.instance.id === owner.provider);
  if (there.length === 0) return route;
  const first = there[0]!;
  return { ...route, instance: first.instance, upstreamModel: first.upstreamModel, card: first.card, pricing: first.pricing, deployments: there, fallbacks: [] };
}
