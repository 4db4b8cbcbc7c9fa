import { defineProvider } from '@modelgate/core';
import { createOpenAiCompatibleProvider } from '@modelgate/provider-openai-compatible';
import { OPENAI_MODEL_CARDS, OPENAI_MODEL_PATTERNS } from './openai-models.js';
import { createOpenAiResponsesTranslator } from './openai-responses-translator.js';
import {
  OPENAI_DEFAULT_BASE_URL,
  OPENAI_ENVIRONMENT,
  OPENAI_RELAYED_RESPONSE_HEADERS,
  openAiSettingsSchema,
  openAiVendorHeaders,
  type OpenAiSettings,
} from './openai-settings.js';

/**
 * The OpenAI-compatible base (no hooks; every field passes but `max_tokens`, sent as OpenAI's current
 * `max_completion_tokens`), plus OpenAI's Responses API and catalog.
 */
export const openAiProvider = defineProvider<OpenAiSettings>({
  specificationVersion: 'v1',
  id: 'openai',
  family: 'openai',
  settingsSchema: openAiSettingsSchema,
  modelPatterns: OPENAI_MODEL_PATTERNS,
  environment: OPENAI_ENVIRONMENT,
  create(settings) {
    const { endpoint, ...compatible } = createOpenAiCompatibleProvider({
      connection: { baseUrl: settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL, apiKey: settings.apiKey, headers: settings.headers },
      vendorName: 'OpenAI',
      vendorHeaders: openAiVendorHeaders(settings),
      models: OPENAI_MODEL_CARDS,
      // OpenAI's current name for the output limit; its reasoning models refuse `max_tokens`.
      parameters: { rules: { max_tokens: { renamedTo: 'max_completion_tokens' } } },
    });
    return {
      ...compatible,
      responses: createOpenAiResponsesTranslator(endpoint),
      relayedResponseHeaders: OPENAI_RELAYED_RESPONSE_HEADERS,
    };
  },
});
