import {
  invalidRequest,
  resolvePassThroughTranslator,
  responsesRequestSchema,
  type GatewayError,
  type ProviderV1,
  type ResponsesRequest,
} from '@modelgate/core';
import { bridgeInputTokensPlan } from './bridge/bridge-input-tokens-plan.js';
import { bridgeResponsesPlan } from './bridge/bridge-responses-plan.js';
import type { BridgedResponsesRequest } from './bridge/bridged-responses-request.js';
import { withoutGatewayItems } from './bridge/gateway-items-for-openai.js';
import type { ModelRoute } from '../../routing/model-router.js';
import { relayVerbatimStream } from '../../streaming/relay-verbatim-stream.js';
import { ResponsesStreamTracker } from '../../streaming/responses-stream-tracker.js';
import { createBodyValidator } from '../../validation/validate-request-body.js';
import { estimateRequestTokens } from '../shared/estimate-tokens.js';
import { verbatimRelayOptions } from '../shared/verbatim-relay-options.js';
import type { FrontDoor, FrontOperation, FrontPolicy } from '../front-door.js';
import { NO_USAGE } from '../shared/token-count-plan.js';
import { openAiConventions } from '../shared/openai-conventions.js';
import { readRelayedMembers } from '../shared/relayed-answer.js';
import { responsesWebSocketProbe } from './responses-websocket-probe.js';
import { storedResponseOperations } from './stored-response-operations.js';
import { usageOf } from './responses-usage.js';
import { countedResponsesTool, countResponsesToolCalls } from './responses-tool-calls.js';
import { mintedBlobStateIds } from './sealed-items.js';
import { unpricedResponsesPart } from '../shared/unpriced-parts.js';

function declaresCountedTool(tools: unknown): boolean {
  return Array.isArray(tools) && tools.some((tool: { type?: unknown }) => typeof tool?.type === 'string' && countedResponsesTool(tool.type) !== undefined);
}

/** The stable error for a model whose provider does not speak the Responses API. */
export function unsupportedModelForEndpoint(route: ModelRoute, path: string): GatewayError {
  return invalidRequest(
    `The model '${route.publicId}' is served by the '${route.instance.id}' provider, which does not support ${path}: ` +
      `only OpenAI-family models speak the Responses API here. Send this model to POST /v1/chat/completions instead.`,
    'model',
    'unsupported_model_for_endpoint',
  );
}

const validateResponsesRequest = createBodyValidator<ResponsesRequest>(responsesRequestSchema);

/**
 * A Responses operation. Providers that speak the Responses API natively (the OpenAI family) get
 * the body as the client sent it (model substituted), and the answer or its event stream comes
 * back untouched, its usage read on the way. Other families get a 400 pointing to chat, unless the
 * gateway's switch `responses.otherFamilies: bridge` (not narrowed by the key) bridges them through
 * their chat translator (`bridge/`, PROTOCOLS F.13).
 */
function responsesOperation<Endpoint extends string>(
  endpoint: Endpoint,
  path: string,
  operation: 'create' | 'compact',
): FrontOperation<ResponsesRequest> & { readonly endpoint: Endpoint } {
  return {
    endpoint,
    method: 'POST',
    path,
    validate: validateResponsesRequest,
    serves: servesResponses,
    estimateTokens: (request, defaultOutputTokens) =>
      estimateRequestTokens([request.input, request.instructions], [request.max_output_tokens], defaultOutputTokens),
    unpricedPart: unpricedResponsesPart,
    translate(route, request, call, policy) {
      const translator = resolvePassThroughTranslator(route.instance.provider, 'openai-responses');
      if (!translator && policy.responsesOtherFamilies === 'bridge') return bridgeResponsesPlan(route, request as BridgedResponsesRequest, call, operation);
      if (!translator) throw unsupportedModelForEndpoint(route, path);
      // Only a request that declared tools billed per call has its answer searched for their calls.
      const countsToolCalls = declaresCountedTool(request.tools);
      return {
        upstreamRequest: translator.toUpstreamRequest(withoutGatewayItems(request, call), call, operation),
        toGatewayError: (failure) => translator.toGatewayError(failure, call),
        answer: (text) => {
          const read = readRelayedMembers(text, ['usage', 'id', 'output']);
          const serverToolCalls = countsToolCalls ? countResponsesToolCalls(text) : undefined;
          const createdStateId = typeof read.id === 'string' ? read.id : undefined;
          return { body: text, usage: usageOf(read), createdStateId, mintedBlobStateIds: mintedBlobStateIds(read.output), ...(serverToolCalls && { serverToolCalls }) };
        },
        relay(input) {
          let created: { createdStateId?: string; mintedBlobStateIds?: readonly string[] } = {};
          const tracker = new ResponsesStreamTracker(countsToolCalls, (response) => {
            created = { createdStateId: typeof response.id === 'string' ? response.id : undefined, mintedBlobStateIds: mintedBlobStateIds(response.output) };
          });
          const options = verbatimRelayOptions(input, tracker, () => ({ ...created, serverToolCalls: tracker.serverToolCalls }));
          return relayVerbatimStream({ ...options, dialect: 'Responses' });
        },
      };
    },
  };
}

function servesResponses(provider: ProviderV1, policy?: FrontPolicy): boolean {
  return policy?.responsesOtherFamilies === 'bridge' || resolvePassThroughTranslator(provider, 'openai-responses') !== undefined;
}

/**
 * `POST /v1/responses/input_tokens`: the OpenAI family's own count, relayed (a provider whose
 * Responses translator has no counter is refused with a 400 naming the operation); a bridged
 * family's by its vendor's counter or the gateway's estimate. Counting is unbilled, and an
 * endpoint (and key scope) of its own, as `count_tokens` is beside `messages`.
 */
const inputTokensOperation = {
  endpoint: 'input_tokens',
  method: 'POST',
  path: '/v1/responses/input_tokens',
  validate: validateResponsesRequest,
  serves: servesResponses,
  unbilled: true,
  // Counting generates nothing: only the prompt is charged up front.
  estimateTokens: (request, defaultOutputTokens) => estimateRequestTokens([request.input, request.instructions, request.tools], [0], defaultOutputTokens),
  translate(route, request, call, policy) {
    const translator = resolvePassThroughTranslator(route.instance.provider, 'openai-responses');
    if (!translator && policy.responsesOtherFamilies === 'bridge') return bridgeInputTokensPlan(route, request as BridgedResponsesRequest, call);
    if (!translator) throw unsupportedModelForEndpoint(route, '/v1/responses/input_tokens');
    return {
      upstreamRequest: translator.toUpstreamRequest(withoutGatewayItems(request, call), call, 'input_tokens'),
      toGatewayError: (failure) => translator.toGatewayError(failure, call),
      answer: (text) => ({ body: text, usage: (readRelayedMembers(text, []), NO_USAGE) }),
      relay: () => Promise.reject(new Error('A token count is never streamed.')),
    };
  },
} as const satisfies FrontOperation<ResponsesRequest>;

/** The OpenAI Responses API, its compaction and token counting, and its stored responses (the API Codex uses). */
export const openAiResponsesFront = {
  id: 'openai-responses',
  conventions: openAiConventions,
  operations: [responsesOperation('responses', '/v1/responses', 'create'), responsesOperation('compact', '/v1/responses/compact', 'compact'), inputTokensOperation],
  queries: [responsesWebSocketProbe],
  stateOperations: storedResponseOperations,
} as const satisfies FrontDoor;
