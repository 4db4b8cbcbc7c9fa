import { defineProvider } from '@modelgate/core';
import { createOpenAiCompatibleChatTranslator } from './openai-compatible-chat-translator.js';
import { OPENAI_MODEL_CARDS, OPENAI_MODEL_PATTERNS } from './openai-models.js';
import { createOpenAiResponsesTranslator } from './openai-responses-translator.js';
import { OPENAI_ENVIRONMENT, OPENAI_RELAYED_RESPONSE_HEADERS, openAiSettingsSchema, type OpenAiSettings } from './openai-settings.js';
import { createOpenAiUpstreamEndpoint } from './openai-upstream-endpoint.js';

export const openAiProvider = defineProvider<OpenAiSettings>({
  specificationVersion: 'v1',
  id: 'openai',
  family: 'openai',
  settingsSchema: openAiSettingsSchema,
  modelPatterns: OPENAI_MODEL_PATTERNS,
  environment: OPENAI_ENVIRONMENT,
  create(settings) {
    const endpoint = createOpenAiUpstreamEndpoint(settings);
    return {
      chat: createOpenAiCompatibleChatTranslator({ endpoint, vendorName: 'OpenAI' }),
      responses: createOpenAiResponsesTranslator(endpoint),
      models: OPENAI_MODEL_CARDS,
      relayedResponseHeaders: OPENAI_RELAYED_RESPONSE_HEADERS,
    };
  },
});
