import type { RequestSpec } from '../request-spec.js';
import type { Scenario } from '../scenarios.js';
import { NO_RESPONSE_CACHE, NO_RETRY_ACROSS_DEPLOYMENTS, type Skipped } from './bench-target.js';
import { chatCompletionBody, JSON_CONTENT, responsesBody } from './request-bodies.js';

/** The model names a gateway exposes for each upstream protocol and simulator variant. */
export interface GatewayModels {
  readonly openai: string;
  readonly anthropic: string;
  readonly gemini: string;
  readonly hold: string;
  /** Models whose upstream answers the long stream (2,000 deltas). */
  readonly openaiLong: string;
  readonly anthropicLong: string;
  /** An OpenAI model whose first deployment always answers 503 and whose second is healthy; absent when the gateway cannot retry across deployments. */
  readonly retried?: string;
  /** An OpenAI model whose answers the gateway's response cache serves; absent when the gateway has no such cache. */
  readonly cached?: string;
}

/** The model a scenario asks for; undefined when this gateway has none for it. */
function modelFor(scenario: Scenario, hold: boolean, models: GatewayModels): string | undefined {
  if (scenario.retryOf) return models.retried;
  if (scenario.cacheHitOf) return models.cached;
  if (hold) return models.hold;
  switch (scenario.vendor) {
    case 'anthropic-messages':
      return scenario.chunks ? models.anthropicLong : models.anthropic;
    case 'gemini':
      return models.gemini;
    default:
      return scenario.chunks ? models.openaiLong : models.openai;
  }
}

/** The request an OpenAI client sends to a gateway: chat for chat scenarios, `/v1/responses` for Responses. */
export function gatewayClientRequest(
  baseUrl: string,
  scenario: Scenario,
  hold: boolean,
  models: GatewayModels,
  headers: Readonly<Record<string, string>>,
): RequestSpec | Skipped {
  const model = modelFor(scenario, hold, models);
  if (model === undefined) return scenario.cacheHitOf ? NO_RESPONSE_CACHE : NO_RETRY_ACROSS_DEPLOYMENTS;
  const allHeaders = { ...JSON_CONTENT, ...headers };
  if (scenario.vendor === 'openai-responses') {
    return { url: `${baseUrl}/v1/responses`, headers: allHeaders, body: responsesBody(model, scenario.stream) };
  }
  return { url: `${baseUrl}/v1/chat/completions`, headers: allHeaders, body: chatCompletionBody(model, scenario.stream) };
}
