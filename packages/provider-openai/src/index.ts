import { openAiProvider } from './openai-provider.js';

export default openAiProvider;
export { openAiProvider };
export { openAiSettingsSchema, OPENAI_DEFAULT_BASE_URL, type OpenAiSettings } from './openai-settings.js';
export { createOpenAiUpstreamEndpoint, type OpenAiUpstreamEndpoint } from './openai-upstream-endpoint.js';
export { createOpenAiCompatibleChatTranslator, type OpenAiCompatibleChatOptions } from './openai-compatible-chat-translator.js';
export { OpenAiChatStreamTranslator } from './openai-chat-stream-translator.js';
export { OPENAI_MODEL_CARDS, OPENAI_MODEL_PATTERNS } from './openai-models.js';
