import { anthropicProvider } from './anthropic-provider.js';

export default anthropicProvider;
export { createAnthropicChatTranslator } from './anthropic-provider.js';
export type { AnthropicSettings, AnthropicThinkingBudgets } from './anthropic-settings.js';
export type { SentAnthropicRequest, SentAnthropicTurn } from './sent-anthropic-request.js';
export { createClaudeCardsOnHost, type ClaudeOnHost } from './claude-on-cloud-hosts.js';
export { createClaudeTranslatorsOnHost, type ClaudeHostRequests, type ClaudeTranslatorsOnHost } from './claude-translators-on-host.js';
