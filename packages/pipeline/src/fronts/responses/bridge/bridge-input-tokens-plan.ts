import type { CallContextV1 } from '@modelgate/core';
import type { FrontPlan } from '../../front-door.js';
import { estimateRequestTokens } from '../../shared/estimate-tokens.js';
import { NO_USAGE, vendorCountPlan } from '../../shared/token-count-plan.js';
import type { ModelRoute } from '../../../routing/model-router.js';
import { minterOf } from './bridge-responses-plan.js';
import type { BridgedResponsesRequest } from './bridged-responses-request.js';
import { validateBridgedResponsesRequest } from './bridged-responses-request-schema.js';
import { convertResponsesRequest } from './convert-responses-request.js';

/** OpenAI's answer to `POST /v1/responses/input_tokens`. */
export function inputTokensBody(inputTokens: number): object {
  return { object: 'response.input_tokens', input_tokens: inputTokens };
}

/**
 * `POST /v1/responses/input_tokens` for a bridged family, as the Messages front counts: the
 * vendor's own counter where it has one (the request converted as a turn would be), else the
 * gateway's estimate. Unbilled either way.
 */
export function bridgeInputTokensPlan(route: ModelRoute, request: BridgedResponsesRequest, call: CallContextV1): FrontPlan {
  const translator = route.instance.provider.chat;
  validateBridgedResponsesRequest(request);
  const { chat } = convertResponsesRequest(request, route, minterOf(route));
  if (translator.countTokens) return vendorCountPlan(translator, chat, call, inputTokensBody);
  const { promptTokens } = estimateRequestTokens([request.instructions, request.input, request.tools], [0]);
  return { localAnswer: { body: inputTokensBody(promptTokens), usage: NO_USAGE } };
}
