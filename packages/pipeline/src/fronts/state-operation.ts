import type { CallContextV1, GatewayError, ProviderV1, UpstreamFailureV1, UpstreamRequestV1 } from '@modelgate/core';

/**
 * A front's endpoint about vendor-side state, addressed by its id (`GET /v1/responses/{id}`): no
 * model in the request, so it goes to the provider instance that holds the state, and only for the
 * key that created it (the host's record of owners). Every other key, and any id the gateway never
 * saw created, gets the vendor's own answer to an unknown id, so it learns nothing.
 */
export interface StateOperation {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The route as the host's router matches it; `:id` is the state's id. */
  readonly path: string;
  /** The key scope that guards it (the endpoint that created the state). */
  readonly endpoint: string;
  /** The query parameters the vendor reads here; any other is refused (400). */
  readonly queryParameters: readonly string[];
  /** The upstream request on the provider that holds the state; throws a GatewayError when that provider has no such operation. */
  toUpstreamRequest(provider: ProviderV1, id: string, search: string, stream: boolean): UpstreamRequestV1;
  toGatewayError(provider: ProviderV1, failure: UpstreamFailureV1, call: CallContextV1): GatewayError;
  /** The vendor's answer to an id it does not hold. */
  notFound(id: string): GatewayError;
}
