import { GatewayError, invalidRequest, type StoredResponseActionV1 } from '@modelgate/core';
import type { StateOperation } from '../state-operation.js';

/** OpenAI's answer to a response id it does not hold (PROTOCOLS C.8): what another key's id gets, so it learns nothing. */
function responseNotFound(id: string): GatewayError {
  return new GatewayError({ status: 404, kind: 'not_found', type: 'invalid_request_error', message: `Response with id '${id}' not found.`, param: 'response_id', code: null });
}

function storedResponseOperation(method: StateOperation['method'], path: string, action: StoredResponseActionV1, queryParameters: readonly string[]): StateOperation {
  return {
    method,
    path,
    endpoint: 'responses',
    queryParameters,
    toUpstreamRequest(provider, id, search, stream) {
      const translator = provider.responses;
      if (!translator?.toUpstreamStoredResponseRequest) {
        throw invalidRequest(`The provider that holds response '${id}' does not offer ${method} ${path.replace(':id', '{id}')}.`, null, 'unsupported_operation');
      }
      return translator.toUpstreamStoredResponseRequest({ action, responseId: id, search, stream });
    },
    toGatewayError: (provider, failure, call) => provider.responses!.toGatewayError(failure, call),
    notFound: responseNotFound,
  };
}

/**
 * The Responses API's endpoints about a stored response (the OpenAI family's pass-through; a
 * bridged model stores nothing): read it (`?stream=true` replays a background response's events),
 * delete it, cancel a background one, list its input items.
 */
export const storedResponseOperations: readonly StateOperation[] = [
  storedResponseOperation('GET', '/v1/responses/:id', 'retrieve', ['include', 'include[]', 'include_obfuscation', 'starting_after', 'stream']),
  storedResponseOperation('DELETE', '/v1/responses/:id', 'delete', []),
  storedResponseOperation('POST', '/v1/responses/:id/cancel', 'cancel', []),
  storedResponseOperation('GET', '/v1/responses/:id/input_items', 'input_items', ['after', 'before', 'include', 'include[]', 'limit', 'order']),
];
