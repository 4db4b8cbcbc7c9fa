import { unsupportedPassThroughOperation, type AnthropicMessagesRequest, type PassThroughTranslatorV1 } from '@modelgate/core';
import { anthropicError } from './anthropic-error.js';
import type { AnthropicSettings } from './anthropic-settings.js';
import { createAnthropicUpstreamEndpoint } from './anthropic-upstream-endpoint.js';

/** The comma-separated flags of `anthropic-beta` headers, each once, in the order first seen. */
function joinBetas(...lists: Array<string | undefined>): string | undefined {
  const flags = new Set(lists.flatMap((list) => (list ?? '').split(',').map((flag) => flag.trim())).filter((flag) => flag !== ''));
  return flags.size > 0 ? [...flags].join(',') : undefined;
}

/**
 * Anthropic Messages for Anthropic Messages clients (Claude Code, the Anthropic SDKs): the body as
 * the client sent it with only `model` replaced, to `/v1/messages` or `/v1/messages/count_tokens`,
 * with the provider's key. The client's `anthropic-version` wins over the configured one (its SDK
 * parses the answers), and its `anthropic-beta` flags are sent with the configured ones, so prompt
 * caching and beta features behave as they would against Anthropic directly.
 */
export function createAnthropicMessagesPassThrough(settings: AnthropicSettings): PassThroughTranslatorV1<AnthropicMessagesRequest> {
  const endpoint = createAnthropicUpstreamEndpoint(settings);
  return {
    toUpstreamRequest(body, call, operation) {
      if (operation !== 'create' && operation !== 'count_tokens') throw unsupportedPassThroughOperation('anthropic-messages', operation);
      const client = call.clientHeaders ?? {};
      const headers: Record<string, string> = { ...endpoint.headers };
      if (client['anthropic-version']) headers['anthropic-version'] = client['anthropic-version'];
      const betas = joinBetas(endpoint.headers['anthropic-beta'], client['anthropic-beta']);
      if (betas) headers['anthropic-beta'] = betas;
      return {
        method: 'POST',
        url: operation === 'create' ? endpoint.messagesUrl : `${endpoint.messagesUrl}/count_tokens`,
        headers,
        body: { ...body, model: call.upstreamModel },
        stream: operation === 'create' && body.stream === true,
      };
    },
    toGatewayError: (failure) => anthropicError(failure),
  };
}
