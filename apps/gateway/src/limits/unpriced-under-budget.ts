import { GatewayError } from '@modelgate/core';

/**
 * A key with a budget asked for something the gateway cannot price (`reason`): a 403, since the
 * key may not spend unmetered and retrying does not help; the operator prices it or the client
 * changes the request.
 */
export function unpricedUnderBudget(reason: string): GatewayError {
  return new GatewayError({
    status: 403,
    type: 'permission_error',
    code: 'unpriced_under_budget',
    message:
      `This API key has a budget, and the gateway cannot price this request: ${reason}. ` +
      "Requests under a budget must be priced: ask the gateway's operator to set the price (the model's `pricing` in the config), or change the request.",
  });
}
