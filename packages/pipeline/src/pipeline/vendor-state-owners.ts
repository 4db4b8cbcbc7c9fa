import { GatewayError } from '@modelgate/core';

/**
 * Who created which vendor-side state. Every key reaches the vendor with the gateway's one
 * credential, so to the vendor all keys are one caller: a stored response one key created could be
 * chained by any other that learns its id. The host records the owner of each id an answer
 * creates (`Exchange.createdStateId`) and tells here who owns an id a request names.
 */
export interface VendorStateOwners {
  /** The key that created the state with this id; undefined when the gateway never saw it created. */
  ownerOf(id: string): Promise<string | undefined> | string | undefined;
}

const MAX_STATE_ID_LENGTH = 256;

/**
 * Refuses a request that chains another key's stored response (`previous_response_id`), exactly
 * as OpenAI refuses an id it does not know (400 `previous_response_not_found`), so the other key
 * learns nothing, not even that the id exists. An id the gateway has no owner for (created before
 * owners were recorded, or outside the gateway) is left to the vendor.
 */
export async function assertOwnsNamedState(owners: VendorStateOwners, keyId: string, body: object): Promise<void> {
  const previous = (body as { previous_response_id?: unknown }).previous_response_id;
  // Longer than any id a vendor mints: not one the gateway recorded, and not worth a look-up.
  if (typeof previous !== 'string' || previous.length > MAX_STATE_ID_LENGTH) return;
  const owner = await owners.ownerOf(previous);
  if (owner === undefined || owner === keyId) return;
  throw new GatewayError({
    status: 400,
    kind: 'not_found',
    type: 'invalid_request_error',
    message: `Previous response with id '${previous}' not found.`,
    param: 'previous_response_id',
    code: 'previous_response_not_found',
  });
}
