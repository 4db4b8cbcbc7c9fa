// `@modelgate/provider-openai-compatible/testing`: the OpenAI Chat Completions simulator, standing in
// for any OpenAI-compatible server in this package's tests, and the base OpenAI-like vendors'
// simulators build on (`@modelgate/provider-openai/testing` adds the Responses API to it).
export {
  startOpenAiChatSimulator,
  type OpenAiChatSimulator,
  type OpenAiSimulatorOptions,
} from './openai-chat-simulator.js';
export type { OpenAiSimulatorEndpoint, OpenAiSimulatorExchange } from './openai-simulator-endpoint.js';
export type {
  OpenAiChatReply,
  OpenAiTextReply,
  OpenAiToolCallsReply,
  OpenAiRefusalReply,
  ScriptedToolCall,
  ScriptedUsage,
} from './openai-chat-reply.js';
export { compatibleServerErrorFormat, openAiErrorEnvelope, openAiErrorFormat, type OpenAiProblem } from './openai-errors.js';
export { badRequest, invalidType, missingParameter, unsupportedValue } from './request-problems.js';
export { expectedImageDataUrl, findImageDataUrlFault, unsupportedImage, type ImageDataUrlFault } from './image-data-url.js';
export { DEFAULT_OPENAI_MODELS } from './openai-simulator-models.js';
export { openAiEmbeddingsEndpoint } from './openai-embeddings-endpoint.js';
export { estimatePromptTokens, promptSegments } from './estimate-usage.js';
export { openAiConformanceUpstream, playOpenAiConformanceScript, receivedOpenAiChatRequest, type OpenAiShapedSimulator } from './openai-conformance-upstream.js';
// Building blocks for a vendor's own dialect of Chat Completions, served as an added endpoint on
// `POST /v1/chat/completions` (`@modelgate/provider-deepseek/testing` adds reasoning to them).
export { validateChatRequest } from './validate-chat-request.js';
export { planChoices, choiceText, type PlannedChoice } from './plan-chat-choices.js';
export { buildChatCompletion } from './build-chat-completion.js';
export { buildChatChunks } from './build-chat-chunks.js';
export { newCompletionIdentity, type CompletionIdentity } from './completion-identity.js';
export { lastUserText } from './message-text.js';
export { demoChatReply } from './demo-chat-reply.js';
