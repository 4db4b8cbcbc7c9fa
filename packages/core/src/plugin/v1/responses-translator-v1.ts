import type { GatewayError } from '../../errors/gateway-error.js';
import type { ResponsesRequest } from '../../protocol/v1/responses.js';
import type { CallContextV1 } from './call-context-v1.js';
import type { UpstreamFailureV1, UpstreamRequestV1 } from './upstream-v1.js';

/**
 * The OpenAI Responses API (`/v1/responses`, `/v1/responses/compact`). Only providers that speak it
 * natively implement this; the gateway relays the answer and its event stream as they are.
 */
export interface ResponsesTranslatorV1 {
  toUpstreamRequest(request: ResponsesRequest, call: CallContextV1): UpstreamRequestV1;
  toUpstreamCompactRequest(request: ResponsesRequest, call: CallContextV1): UpstreamRequestV1;
  toGatewayError(failure: UpstreamFailureV1, call: CallContextV1): GatewayError;
}
