import { defineProvider } from '@modelgate/core';
import { createOpenAiCompatibleProvider } from '@modelgate/provider-openai-compatible';
import { convertFromDeepSeekChunk, convertFromDeepSeekResponse } from './convert-from-deepseek-response.js';
import { createDeepSeekRequestHook } from './convert-to-deepseek-request.js';
import { deepSeekError } from './deepseek-error.js';
import { DEEPSEEK_MODEL_CARDS, DEEPSEEK_MODEL_PATTERNS } from './deepseek-models.js';
import { deepSeekParameterPolicy } from './deepseek-parameter-policy.js';
import {
  DEEPSEEK_DEFAULT_BASE_URL,
  DEEPSEEK_ENVIRONMENT,
  DEEPSEEK_RELAYED_RESPONSE_HEADERS,
  deepSeekSettingsSchema,
  type DeepSeekSettings,
} from './deepseek-settings.js';

/** DeepSeek's Chat Completions: the OpenAI-compatible base with DeepSeek's differences as hooks and a parameter policy (PROTOCOLS G.2). */
export const deepSeekProvider = defineProvider<DeepSeekSettings>({
  specificationVersion: 'v1',
  id: 'deepseek',
  family: 'deepseek',
  settingsSchema: deepSeekSettingsSchema,
  modelPatterns: DEEPSEEK_MODEL_PATTERNS,
  environment: DEEPSEEK_ENVIRONMENT,
  create(settings, context) {
    const { endpoint: _endpoint, ...provider } = createOpenAiCompatibleProvider({
      connection: { baseUrl: settings.baseUrl ?? DEEPSEEK_DEFAULT_BASE_URL, apiKey: settings.apiKey, headers: settings.headers },
      vendorName: 'DeepSeek',
      // DeepSeek's API has no embeddings endpoint (api-docs.deepseek.com lists chat, FIM, models, balance).
      embeddingsPath: false,
      parameters: deepSeekParameterPolicy(settings),
      hooks: {
        request: createDeepSeekRequestHook(settings, context.logger),
        response: convertFromDeepSeekResponse,
        chunk: convertFromDeepSeekChunk,
        error: deepSeekError,
      },
      models: DEEPSEEK_MODEL_CARDS,
    });
    return { ...provider, relayedResponseHeaders: DEEPSEEK_RELAYED_RESPONSE_HEADERS };
  },
});
