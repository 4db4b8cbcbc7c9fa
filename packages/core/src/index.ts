// /v1 protocol
export type * from './protocol/v1/chat-completion-request.js';
export type * from './protocol/v1/chat-completion-response.js';
export type * from './protocol/v1/chat-completion-chunk.js';
export type * from './protocol/v1/usage.js';
export type * from './protocol/v1/model.js';
export type * from './protocol/v1/error-envelope.js';
export type * from './protocol/v1/responses.js';
export type * from './protocol/v1/hub-extensions.js';
export type * from './protocol/v1/embeddings.js';
export { embeddingsRequestSchema, EMBEDDINGS_MAX_INPUTS } from './protocol/v1/schemas/embeddings-request-schema.js';
export { REASONING_DETAIL_TYPES } from './protocol/v1/hub-extensions.js';
export { FINISH_REASONS, type FinishReason } from './protocol/v1/finish-reason.js';
export type { JsonSchema } from './protocol/v1/schemas/json-schema.js';
export { chatCompletionRequestSchema } from './protocol/v1/schemas/chat-completion-request-schema.js';
export { responsesRequestSchema } from './protocol/v1/schemas/responses-request-schema.js';
export { MODEL_ID_MAX_LENGTH, modelIdSchema } from './protocol/v1/schemas/model-id-schema.js';
export { reasoningDetailSchema, extraContentSchema } from './protocol/v1/schemas/hub-extension-schemas.js';
export {
  chatCompletionResponseSchema,
  chatCompletionChunkSchema,
  errorEnvelopeSchema,
} from './protocol/v1/schemas/chat-completion-output-schemas.js';

// Anthropic Messages (the second front's dialect)
export type * from './protocol/anthropic-messages/anthropic-messages-request.js';
export type * from './protocol/anthropic-messages/anthropic-messages-response.js';
export type * from './protocol/gemini/gemini-generate-content.js';
export { GOOGLE_FINISH_REASONS } from './protocol/gemini/gemini-generate-content.js';
export {
  geminiBatchEmbedContentsRequestSchema,
  geminiCountTokensRequestSchema,
  geminiEmbedContentRequestSchema,
  geminiGenerateContentRequestSchema,
} from './protocol/gemini/gemini-request-schemas.js';
export { anthropicMessagesRequestSchema, anthropicCountTokensRequestSchema } from './protocol/anthropic-messages/anthropic-messages-request-schema.js';

// Provider plugin contract
export type * from './plugin/v1/provider-plugin-v1.js';
export { PROVIDER_SPECIFICATION_VERSION_V1 } from './plugin/v1/provider-plugin-v1.js';
export type * from './plugin/v1/chat-translator-v1.js';
export type * from './plugin/v1/embeddings-translator-v1.js';
export type * from './plugin/v1/responses-translator-v1.js';
export type * from './plugin/v1/pass-through-translator-v1.js';
export type * from './plugin/v1/call-context-v1.js';
export type * from './plugin/v1/upstream-v1.js';
export type * from './plugin/v1/upstream-signer-v1.js';
export type * from './plugin/v1/upstream-stream-decoder-v1.js';
export { defineProvider } from './plugin/define-provider.js';
export type * from './plugin/v1/guardrail-plugin-v1.js';
export { GUARDRAIL_SPECIFICATION_VERSION_V1, findGuardrailPluginProblems } from './plugin/v1/guardrail-plugin-v1.js';
export {
  findProviderPluginProblems,
  unwrapProviderPlugin,
  SUPPORTED_SPECIFICATION_VERSIONS,
} from './plugin/check-provider-plugin.js';
export { settingsFromEnvironment } from './plugin/settings-from-environment.js';
export { storedResponseRequest } from './plugin/stored-response-request.js';
export {
  resolvePassThroughTranslator,
  passThroughFromResponses,
  unsupportedPassThroughOperation,
} from './plugin/resolve-pass-through-translator.js';

// Credentials (signers the transport calls after translation)
export { createCachedTokenSigner, type AccessTokenV1, type CachedTokenSignerOptions } from './credentials/cached-token-signer.js';
export { credentialsUnavailable } from './credentials/credentials-unavailable.js';

// Server-Sent Events
export type { SseEvent } from './sse/sse-event.js';
export { SseParser, type SseParserOptions } from './sse/sse-parser.js';
export { formatSseData, formatSseEvent, formatSseComment, SSE_DONE } from './sse/format-sse.js';

// Errors
export { GatewayError, defaultErrorType, type GatewayErrorInit } from './errors/gateway-error.js';
export { invalidRequest, unsupportedParameter, modelNotFound, upstreamProtocolError } from './errors/gateway-errors.js';
export {
  GATEWAY_ERROR_KINDS,
  defaultErrorKind,
  isGatewayErrorKind,
  gatewayErrorKindOf,
  type GatewayErrorKind,
} from './errors/gateway-error-kind.js';
export { openAiCompatibleError, openAiErrorKind, pickRelayedErrorHeaders } from './errors/openai-compatible-error.js';
export { withoutAccountIds } from './errors/redact-account-ids.js';
export { parseFailureBody, unrecognisedUpstreamError, type VendorErrorMapping } from './errors/upstream-failure.js';

// Routing
export { matchesModelPattern, type ModelPattern } from './routing/match-model-pattern.js';

// Parameter policies (exhaustive request-field maps for translating providers)
export {
  defineParameterMap,
  type ParameterPolicy,
  type ParameterRule,
  type UnsupportedParameterHandling,
} from './mapping/define-parameter-map.js';
export { applyParameterPolicy, type ApplyParameterPolicyOptions } from './mapping/apply-parameter-policy.js';
export { parseDataUrl, type ParsedDataUrl } from './mapping/parse-data-url.js';
export { encodeEmbedding, encodeEmbeddingBase64 } from './mapping/encode-embedding.js';
export { completionUsageFromAnthropic, type AnthropicUsageFields } from './mapping/anthropic-usage.js';
