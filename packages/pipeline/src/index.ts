// @modelgate/pipeline: the request path without an HTTP framework. Hosts (the Koa gateway, the
// conformance suite's node:http host) hand each model request to serveModelRequest through a
// ModelRequestHost; it reads the key, creates the Exchange, runs the request and answers every
// error. Capabilities take part as PipelineExtensions, at named points.

export { Exchange, type AnswerFacts, type AttemptFailure, type AttemptTarget, type ExchangeAttempt, type ExchangeInit, type ExchangeKey, type ServedBy } from './exchange/exchange.js';
export type { StreamedPiece } from './exchange/streamed-output.js';
export { randomHex } from './exchange/random-ids.js';
export {
  CLIENT_CLOSED_REQUEST,
  describeRequestEnding,
  type ConnectionClose,
  type RequestEnding,
  type RequestProgress,
  type RequestStage,
  type ResponseState,
  type StreamOutcome,
  type UsageOutcome,
} from './exchange/request-ending.js';

export type { ClientConventions, ExchangePlan, FrontDoor, FrontOperation, FrontPlan, FrontPolicy, LocalAnswerPlan, RenderedError, StreamRelayInput } from './fronts/front-door.js';
export type { FrontQuery, FrontQueryInput } from './fronts/front-query.js';
export { endpointPath, endpointsServedBy, FRONT_DOORS, frontOperations, frontQueries, frontStateOperations, GATEWAY_ENDPOINTS, type FrontQueryRoute, type StateOperationRoute, MODEL_ENDPOINTS, type GatewayEndpoint, type ModelEndpoint } from './fronts/front-doors.js';
export { openAiConventions } from './fronts/shared/openai-conventions.js';
export { anthropicConventions, isAnthropicClient } from './fronts/messages/anthropic-conventions.js';
export { anthropicModelInfo, anthropicModelPage, type AnthropicPageQuery } from './fronts/messages/anthropic-model-list.js';
export { answerCharacters, estimateTokensFromCharacters, MAX_DEFAULT_OUTPUT_TOKENS, type TokenEstimate } from './fronts/shared/estimate-tokens.js';

export type { AdmissionTarget } from './pipeline/admission-target.js';
export type {
  AnswerHeaders,
  AnswerRewrite,
  AnswerToWrite,
  BeforeUpstreamResult,
  CacheHit,
  KeyAuthenticator,
  LocalAnswer,
  PipelineExtension,
  RequestHooks,
  RequestRevision,
  StreamedLocalAnswer,
  StreamTap,
  UpstreamDecision,
  UpstreamIntent,
  WholeAnswerToWrite,
  WholeLocalAnswer,
} from './pipeline/pipeline-extension.js';
export { EVENT_STREAM_HEADERS, type ClientReply } from './pipeline/client-reply.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './pipeline/retry-policy.js';
export type { ModelRequestHost, RequestTarget } from './pipeline/model-request-host.js';
export { matchesOperationPath } from './fronts/operation-path.js';
export type { PipelineDependencies } from './pipeline/pipeline-dependencies.js';
export { invalidApiKey } from './pipeline/authenticate-caller.js';
export { serveFrontQuery, type FrontQueryHost, type ServedQuery } from './pipeline/serve-front-query.js';
export { serveStateOperation, type StateOperationHost } from './pipeline/serve-state-operation.js';
export type { StateOperation } from './fronts/state-operation.js';
export { serveModelRequest, type FrontRoute, type ServedRequest } from './pipeline/serve-model-request.js';
export { assertOwnsNamedState, pinnedToStateOwner, type StateOwner, type VendorStateOwners } from './pipeline/vendor-state-owners.js';

export { createProviderInstance, ProviderLoadError, type ProviderContextInput, type ProviderInstanceInput } from './routing/create-provider-instance.js';
export {
  DEFAULT_COOLDOWN_POLICY,
  DeploymentBook,
  type CooldownPolicy,
  type DeploymentBookListener,
  type DeploymentState,
  type DeploymentStatus,
} from './routing/deployment-book.js';
export type { DeploymentEntry, DeploymentStrategy, FallbackEntry, ModelEntry } from './routing/model-entry.js';
export { ModelRouter, type Deployment, type ModelLookup, type ModelRoute } from './routing/model-router.js';
export type { ProviderInstance } from './routing/provider-instance.js';
export { assertEndpointAllowed, keyMayUseModel, resolveModelForKey, type KeyScope } from './scope/key-scope.js';

export { DEFAULT_MAX_JSON_DEPTH } from './http/check-json-depth.js';
export { readJsonBody, readJsonRequest, type JsonBody } from './http/read-json-body.js';
export { createUpstreamTransport } from './transport/create-upstream-transport.js';
export { DEFAULT_UPSTREAM_CONFIG, type UpstreamConfig, type UpstreamTransportKind } from './transport/upstream-config.js';
export type { UpstreamReply, UpstreamTransport } from './transport/upstream-transport.js';
export { compileSchema, describeSchemaError, describeSchemaErrors, pickPrimaryError } from './validation/schema-compiler.js';

// Tracing is at `@modelgate/pipeline/telemetry`: a host that does not trace never loads the OpenTelemetry API.
