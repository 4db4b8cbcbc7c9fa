export { runChatConformance } from './run-chat-conformance.js';
export { runResponsesConformance } from './run-responses-conformance.js';
export { runGuardrailConformance, type GuardrailConformanceOptions } from './run-guardrail-conformance.js';
export { runGeminiConformance } from './run-gemini-conformance.js';
export { checkResponsesStream, type AssembledResponse, type ResponsesEvent } from './responses-stream-checks.js';
export { startPipelineGateway } from './host/start-pipeline-gateway.js';
export { postChatCompletion } from './host/post-chat-completion.js';
export { checkResponse, checkStream, checkSchema, checkUsage, type AssembledStream, type AssembledCall } from './conformance-checks.js';
export type * from './conformance-types.js';
