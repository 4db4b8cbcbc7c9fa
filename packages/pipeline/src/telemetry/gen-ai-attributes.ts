import type { Attributes } from '@opentelemetry/api';

/**
 * The OpenTelemetry GenAI semantic conventions the gateway's spans carry (spelled out here: the
 * semantic-conventions package marks them incubating and exports them from a subpath only).
 */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  requestTemperature: 'gen_ai.request.temperature',
  requestTopP: 'gen_ai.request.top_p',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
} as const;

/** `gen_ai.provider.name` for a provider family; families the conventions do not list keep their own name. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'gcp.gemini',
  gemini: 'gcp.gemini',
  deepseek: 'deepseek',
  mistral: 'mistral_ai',
  xai: 'x_ai',
  groq: 'groq',
};

export function genAiProviderName(family: string): string {
  return PROVIDER_NAMES[family] ?? family;
}

/**
 * `gen_ai.operation.name` of a front operation: every model endpoint the gateway serves is a chat
 * (Chat Completions, and the Responses API, which the conventions also call chat).
 */
export function genAiOperationName(_endpoint: string): string {
  return 'chat';
}

/** The sampling parameters a chat or Responses body sets, as request attributes. */
export function requestParameterAttributes(body: unknown): Attributes {
  const request = (body ?? {}) as { max_tokens?: unknown; max_completion_tokens?: unknown; max_output_tokens?: unknown; temperature?: unknown; top_p?: unknown };
  const attributes: Attributes = {};
  const maxTokens = [request.max_completion_tokens, request.max_tokens, request.max_output_tokens].find((value) => typeof value === 'number');
  if (typeof maxTokens === 'number') attributes[GEN_AI.requestMaxTokens] = maxTokens;
  if (typeof request.temperature === 'number') attributes[GEN_AI.requestTemperature] = request.temperature;
  if (typeof request.top_p === 'number') attributes[GEN_AI.requestTopP] = request.top_p;
  return attributes;
}
