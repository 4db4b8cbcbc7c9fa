import { anthropicProvider } from './anthropic-provider.js';

export default anthropicProvider;
export { anthropicProvider, createAnthropicChatTranslator } from './anthropic-provider.js';
export {
  anthropicSettingsSchema,
  ANTHROPIC_DEFAULT_BASE_URL,
  ANTHROPIC_DEFAULT_VERSION,
  type AnthropicSettings,
  type AnthropicThinkingBudgets,
} from './anthropic-settings.js';
export { ANTHROPIC_PARAMETER_MAP } from './anthropic-parameter-map.js';
export { convertToAnthropicRequest, DEFAULT_THINKING_BUDGETS, JSON_OBJECT_INSTRUCTION } from './convert-to-anthropic-request.js';
export { convertToAnthropicMessages, toAnthropicToolId } from './convert-to-anthropic-messages.js';
export { convertToAnthropicTools } from './convert-to-anthropic-tools.js';
export { convertFromAnthropicResponse } from './convert-from-anthropic-response.js';
export { AnthropicStreamTranslator } from './anthropic-stream-translator.js';
export { convertAnthropicUsage } from './convert-anthropic-usage.js';
export { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';
export { anthropicError, anthropicErrorFromType, ANTHROPIC_ERROR_MAP } from './anthropic-error.js';
export { ANTHROPIC_MODEL_CARDS, ANTHROPIC_MODEL_PATTERNS, defaultMaxTokensFor } from './anthropic-models.js';
export type * from './anthropic-messages-api-types.js';
