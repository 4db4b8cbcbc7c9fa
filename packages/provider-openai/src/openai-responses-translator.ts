import { openAiCompatibleError, type ResponsesTranslatorV1 } from '@modelgate/core';
import type { OpenAiCompatibleEndpoint } from '@modelgate/provider-openai-compatible';

/** The Responses API is OpenAI's own: requests go out as sent (model replaced), answers come back verbatim. */
export function createOpenAiResponsesTranslator(endpoint: OpenAiCompatibleEndpoint): ResponsesTranslatorV1 {
  const responsesUrl = endpoint.url('/responses');
  const compactUrl = endpoint.url('/responses/compact');
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
    toGatewayError(failure) {
      return openAiCompatibleError(failure, 'OpenAI');
    },
  };
}
