// `@modelgate/provider-openai-compatible/testing`: the OpenAI Chat Completions simulator, standing in
// for any OpenAI-compatible server in this package's tests, and the base OpenAI-like vendors'
// simulators build on (`@modelgate/provider-openai/testing` adds the Responses API to it).
export {
  startOpenAiChatSimulator,
  type OpenAiChatSimulator,
  type OpenAiSimulatorEndpoint,
  type OpenAiSimulatorExchange,
  type OpenAiSimulatorOptions,
} from './openai-chat-simulator.js';
export type {
  OpenAiChatReply,
  OpenAiTextReply,
  OpenAiToolCallsReply,
  OpenAiRefusalReply,
  ScriptedToolCall,
  ScriptedUsage,
} from './openai-chat-reply.js';
export { openAiErrorEnvelope, openAiErrorFormat, type OpenAiProblem } from './openai-errors.js';
export { badRequest, invalidType, missingParameter } from './request-problems.js';
export { DEFAULT_OPENAI_MODELS } from './openai-simulator-models.js';
export { estimatePromptTokens } from './estimate-usage.js';
export { openAiConformanceUpstream } from './openai-conformance-upstream.js';
