import { invalidRequest, type AnthropicMessagesRequest, type CallContextV1 } from '@modelgate/core';
import type { MessagesOperationName } from '../fronts/anthropic-pass-through-plan.js';
import type { FrontPlan } from '../fronts/front-door.js';
import type { ModelRoute } from '../routing/model-router.js';

/** Messages for a provider that does not speak them: bridged through its chat translator. */
export function bridgeMessagesPlan(route: ModelRoute, _request: AnthropicMessagesRequest, _call: CallContextV1, _operation: MessagesOperationName): FrontPlan {
  throw invalidRequest(`The model '${route.publicId}' is not served over /v1/messages yet.`, 'model', 'unsupported_model_for_endpoint');
}
