import type { GatewayError } from '../../errors/gateway-error.js';
import type { ResponsesRequest } from '../../protocol/v1/responses.js';
import type { CallContextV1 } from './call-context-v1.js';
import type { UpstreamFailureV1, UpstreamRequestV1 } from './upstream-v1.js';

/** What can be asked about a response the vendor stored, by its id. */
export type StoredResponseActionV1 = 'retrieve' | 'delete' | 'cancel' | 'input_items';

/** A request about one stored response: `GET`/`DELETE /responses/{id}`, `POST …/cancel`, `GET …/input_items`. */
export interface StoredResponseOperationV1 {
  readonly action: StoredResponseActionV1;
  readonly responseId: string;
  /** The client's query string the vendor reads (`include[]`, `limit`, `stream`, …), already filtered: `''` or `?…`. */
  readonly search: string;
  /** `retrieve` with `stream=true`: the answer is the response's event stream. */
  readonly stream: boolean;
}

/**
 * The OpenAI Responses API (`/v1/responses`, `/v1/responses/compact`). Only providers that speak it
 * natively implement this; the gateway relays the answer and its event stream as they are.
 */
export interface ResponsesTranslatorV1 {
  toUpstreamRequest(request: ResponsesRequest, call: CallContextV1): UpstreamRequestV1;
  toUpstreamCompactRequest(request: ResponsesRequest, call: CallContextV1): UpstreamRequestV1;
  /** `POST /responses/input_tokens`, the vendor's count of a request's input. Without it the gateway refuses the endpoint for the provider. */
  toUpstreamInputTokensRequest?(request: ResponsesRequest, call: CallContextV1): UpstreamRequestV1;
  /** A request about a response this vendor stored. Without it the gateway refuses those endpoints for the provider. */
  toUpstreamStoredResponseRequest?(operation: StoredResponseOperationV1): UpstreamRequestV1;
  toGatewayError(failure: UpstreamFailureV1, call: CallContextV1): GatewayError;
}
