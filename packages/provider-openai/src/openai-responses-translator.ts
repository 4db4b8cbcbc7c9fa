import { openAiCompatibleError, storedResponseRequest, type ResponsesTranslatorV1 } from '@modelgate/core';
import type { OpenAiCompatibleEndpoint } from '@modelgate/provider-openai-compatible';

/**
 * The Responses API is OpenAI's own: requests go out as sent (model replaced), answers come back
 * verbatim; stored responses are read, deleted and cancelled at their ids.
 */
export function createOpenAiResponsesTranslator(endpoint: OpenAiCompatibleEndpoint): ResponsesTranslatorV1 {
  const responsesUrl = endpoint.url('/responses');
  const compactUrl = endpoint.url('/responses/compact');
  const inputTokensUrl = endpoint.url('/responses/input_tokens');
  return {
    toUpstreamRequest(request, call) {
      return {
        method: 'POST',
        url: responsesUrl,
        headers: endpoint.headers,
        body: { ...request, model: call.upstreamModel },
        stream: request.stream === true,
      };
    },
    toUpstreamCompactRequest(request, call) {
      return { method: 'POST', url: compactUrl, headers: endpoint.headers, body: { ...request, model: call.upstreamModel }, stream: false };
    },
    toUpstreamInputTokensRequest(request, call) {
      return { method: 'POST', url: inputTokensUrl, headers: endpoint.headers, body: { ...request, model: call.upstreamModel }, stream: false };
    },
    toUpstreamStoredResponseRequest(operation) {
      return storedResponseRequest(endpoint.url, endpoint.headers, operation);
    },
    toGatewayError(failure) {
      return openAiCompatibleError(failure, 'OpenAI');
    },
  };
}
