import { defineProvider, type ChatTranslatorV1 } from '@modelgate/core';
import { anthropicError } from './anthropic-error.js';
import { createAnthropicMessagesPassThrough } from './anthropic-messages-pass-through.js';
import { ANTHROPIC_MODEL_CARDS, ANTHROPIC_MODEL_PATTERNS } from './anthropic-models.js';
import { ANTHROPIC_ENVIRONMENT, anthropicSettingsSchema, type AnthropicSettings } from './anthropic-settings.js';
import { AnthropicStreamTranslator } from './anthropic-stream-translator.js';
import { createAnthropicUpstreamEndpoint } from './anthropic-upstream-endpoint.js';
import { convertFromAnthropicResponse } from './convert-from-anthropic-response.js';
import { convertToAnthropicRequest } from './convert-to-anthropic-request.js';

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** `/v1/chat/completions` ↔ `POST /v1/messages`. */
export function createAnthropicChatTranslator(settings: AnthropicSettings): ChatTranslatorV1 {
  const endpoint = createAnthropicUpstreamEndpoint(settings);
  return {
    toUpstreamRequest(request, call) {
      const body = convertToAnthropicRequest(request, call, settings);
      return { method: 'POST', url: endpoint.messagesUrl, headers: endpoint.headers, body, stream: body.stream === true };
    },
    fromUpstreamResponse(body) {
      return convertFromAnthropicResponse(body, nowInSeconds());
    },
    createStreamTranslator(request) {
      return new AnthropicStreamTranslator(request.stream_options?.include_usage === true, nowInSeconds());
    },
    toGatewayError(failure) {
      return anthropicError(failure);
    },
  };
}

export const anthropicProvider = defineProvider<AnthropicSettings>({
  specificationVersion: 'v1',
  id: 'anthropic',
  family: 'anthropic',
  settingsSchema: anthropicSettingsSchema,
  modelPatterns: ANTHROPIC_MODEL_PATTERNS,
  environment: ANTHROPIC_ENVIRONMENT,
  create(settings) {
    return { chat: createAnthropicChatTranslator(settings), passThrough: { 'anthropic-messages': createAnthropicMessagesPassThrough(settings) }, models: ANTHROPIC_MODEL_CARDS };
  },
});
