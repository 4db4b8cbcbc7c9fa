import { defineProvider, type ModelCardV1 } from '@modelgate/core';
import { createOpenAiCompatibleProvider } from './create-openai-compatible-provider.js';
import { OPENAI_COMPATIBLE_DEFAULT_FAMILY, openAiCompatibleSettingsSchema, type OpenAiCompatibleSettings } from './openai-compatible-settings.js';

/**
 * The base as a plugin of its own, for any OpenAI-compatible server (vLLM, Ollama, LM Studio,
 * Together, …): one instance per server, each with its own `baseUrl`, family and models.
 */
export const openAiCompatibleProvider = defineProvider<OpenAiCompatibleSettings>({
  specificationVersion: 'v1',
  id: 'openai-compatible',
  family: OPENAI_COMPATIBLE_DEFAULT_FAMILY,
  settingsSchema: openAiCompatibleSettingsSchema,
  // A server's models are its own: an instance routes only what its settings or the config name.
  modelPatterns: [],
  create(settings) {
    const family = settings.family ?? OPENAI_COMPATIBLE_DEFAULT_FAMILY;
    const created = Math.floor(Date.now() / 1000);
    const models: ModelCardV1[] = (settings.models ?? []).map((id) => ({ id, created, ownedBy: family }));
    const { endpoint: _endpoint, ...provider } = createOpenAiCompatibleProvider({
      connection: { baseUrl: settings.baseUrl, apiKey: settings.apiKey, headers: settings.headers },
      vendorName: settings.vendorName ?? family,
      parameters: { rules: settings.parameters, unsupportedParameters: settings.unsupportedParameters },
      streamUsage: settings.streamUsage,
      models,
      family,
      modelPatterns: [...(settings.modelPatterns ?? []), ...(settings.models ?? [])],
    });
    return provider;
  },
});
