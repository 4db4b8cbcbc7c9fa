// Shared simulator base
export { startSimulatorServer, type SimulatorHandler, type SimulatorServer } from './simulator-server.js';
export type { RecordedRequest } from './recorded-request.js';
export type {
  SimulatorFault,
  DelayFault,
  StatusFault,
  ResetMidStreamFault,
  MalformedChunkFault,
  StallFault,
  MidStreamErrorFault,
  VendorErrorFormat,
} from './simulator-faults.js';
export { MALFORMED_SSE_EVENT } from './simulator-faults.js';
export { playPreludeFault } from './play-prelude-fault.js';
export { writeEventStream, type EventStreamOptions } from './write-event-stream.js';
export { writeJsonReply, type JsonReplyOptions } from './write-json-reply.js';
export { writeJsonBody } from './write-json-body.js';
export { splitText, splitEvery } from './split-text.js';
export { readSseEvents } from './read-sse-events.js';

// OpenAI Chat Completions
export { startOpenAiSimulator, type OpenAiSimulator, type OpenAiSimulatorOptions } from './openai/openai-chat-simulator.js';
export type {
  OpenAiChatReply,
  OpenAiTextReply,
  OpenAiToolCallsReply,
  OpenAiRefusalReply,
  ScriptedToolCall,
  ScriptedUsage,
} from './openai/openai-chat-reply.js';
export { openAiErrorEnvelope, openAiErrorFormat, type OpenAiProblem } from './openai/openai-errors.js';
export { DEFAULT_OPENAI_MODELS } from './openai/openai-models.js';
export { estimateTokens, estimatePromptTokens } from './openai/estimate-usage.js';

// OpenAI Responses API (served by the same simulator as chat)
export type {
  ResponsesReply,
  ResponsesCompletedReply,
  ResponsesIncompleteReply,
  ResponsesFailedReply,
  ScriptedOutputItem,
} from './responses/responses-reply.js';

// Anthropic Messages
export { startAnthropicSimulator, type AnthropicSimulator, type AnthropicSimulatorOptions } from './anthropic/anthropic-simulator.js';
export type { AnthropicScriptedReply, AnthropicScriptedBlock, AnthropicScriptedUsage } from './anthropic/anthropic-reply.js';
export { anthropicErrorBody, anthropicErrorFormat, type AnthropicProblem } from './anthropic/anthropic-errors.js';
export { validateAnthropicRequest } from './anthropic/validate-anthropic-request.js';
export { createScriptQueues, exposeScriptedSimulator, type ScriptQueues, type ScriptedSimulator } from './scripted-simulator.js';
