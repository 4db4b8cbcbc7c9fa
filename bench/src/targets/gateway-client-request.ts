import { chatCompletionBody, JSON_CONTENT, responsesBody, type RequestSpec, type Scenario } from '../scenarios.js';

/** The model names a gateway exposes for each upstream protocol. */
export interface GatewayModels {
  readonly openai: string;
  readonly anthropic: string;
  readonly hold: string;
}

/** The request an OpenAI client sends to a gateway: chat for chat scenarios, `/v1/responses` for Responses. */
export function gatewayClientRequest(
  baseUrl: string,
  scenario: Scenario,
  hold: boolean,
  models: GatewayModels,
  headers: Readonly<Record<string, string>>,
): RequestSpec {
  const model = hold ? models.hold : scenario.vendor === 'anthropic-messages' ? models.anthropic : models.openai;
  const allHeaders = { ...JSON_CONTENT, ...headers };
  if (scenario.vendor === 'openai-responses') {
    return { url: `${baseUrl}/v1/responses`, headers: allHeaders, body: responsesBody(model, scenario.stream) };
  }
  return { url: `${baseUrl}/v1/chat/completions`, headers: allHeaders, body: chatCompletionBody(model, scenario.stream) };
}
