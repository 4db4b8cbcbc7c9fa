import { GatewayError } from '@modelgate/core';
import type { ModelRoute } from '../routing/model-router.js';
import { presentedBlobStateIds } from '../fronts/responses/sealed-items.js';

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
 * owners were recorded, or outside the gateway) is left to the vendor. Returns the record of
 * where the request's state lives, for pinning it there: the named response's, else that of the
 * newest `encrypted_content` blob in its input the gateway saw minted (a blob is not refused: any
 * key holding it could have sent it to the vendor directly, and only its organisation reads it).
 */
export async function assertOwnsNamedState(owners: VendorStateOwners, keyId: string, body: object): Promise<StateOwner | undefined> {
  const previous = (body as { previous_response_id?: unknown }).previous_response_id;
  // Longer than any id a vendor mints: not one the gateway recorded, and not worth a look-up.
  if (typeof previous !== 'string' || previous.length > MAX_STATE_ID_LENGTH) return sealedItemsOwner(owners, body);
  const owner = await owners.ownerOf(previous);
  if (owner === undefined) return sealedItemsOwner(owners, body);
  if (owner.keyId === keyId) return owner;
  throw new GatewayError({
    status: 400,
    kind: 'not_found',
    type: 'invalid_request_error',
    message: `Previous response with id '${previous}' not found.`,
    param: 'previous_response_id',
    code: 'previous_response_not_found',
  });
}

/** Where the newest blob of the input that the gateway saw minted lives. */
async function sealedItemsOwner(owners: VendorStateOwners, body: object): Promise<StateOwner | undefined> {
  for (const id of presentedBlobStateIds((body as { input?: unknown }).input)) {
    const owner = await owners.ownerOf(id);
    if (owner?.provider !== undefined) return owner;
  }
  return undefined;
}

/**
 * The route narrowed to the deployments on the organisation that holds the named state, without
 * fallbacks: any other organisation answers the id as unknown (400 `previous_response_not_found`)
 * or the blob as unreadable (400 `invalid_encrypted_content`), so a retry or failover there could
 * only turn a passing failure into a wrong one. A route with no
 * deployment there (the config changed) is left as it is, for the vendor to answer.
 */
export function pinnedToStateOwner(route: ModelRoute, owner: StateOwner | undefined): ModelRoute {
  if (owner?.provider === undefined) return route;
  const there = route.deployments.filter((deployment) => deployment.instance.id === owner.provider);
  if (there.length === 0) return route;
  const first = there[0]!;
  return { ...route, instance: first.instance, upstreamModel: first.upstreamModel, card: first.card, pricing: first.pricing, deployments: there, fallbacks: [] };
}
