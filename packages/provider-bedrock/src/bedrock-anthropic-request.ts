import type { UpstreamRequestV1 } from '@modelgate/core';

/** Bedrock's version of the Messages API, in the body (AWS Bedrock user guide, Anthropic Claude Messages API parameters). */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

export interface BedrockRuntime {
  /** `InvokeModel` or `InvokeModelWithResponseStream` of one model (or inference profile) id. */
  invokeUrl(modelId: string, stream: boolean): string;
  /** `Converse` or `ConverseStream` of one model (or inference profile) id. */
  converseUrl(modelId: string, stream: boolean): string;
}

export function bedrockRuntime(region: string, endpoint?: string): BedrockRuntime {
  const origin = (endpoint ?? `https://bedrock-runtime.${region}.amazonaws.com`).replace(/\/+$/, '');
  // The id may hold `:` (`anthropic.claude-sonnet-4-5-20250929-v1:0`): one path segment, encoded.
  const model = (modelId: string) => `${origin}/model/${encodeURIComponent(modelId)}`;
  return {
    invokeUrl: (modelId, stream) => `${model(modelId)}/${stream ? 'invoke-with-response-stream' : 'invoke'}`,
    converseUrl: (modelId, stream) => `${model(modelId)}/${stream ? 'converse-stream' : 'converse'}`,
  };
}

/**
 * An Anthropic Messages request as Bedrock takes it: the model is in the URL, not the body; the
 * version is `anthropic_version` in the body and the betas `anthropic_beta` (Bedrock reads no
 * `anthropic-*` headers and refuses `stream`, which is the endpoint's choice); the key headers go.
 */
export function toBedrockAnthropicRequest(anthropic: UpstreamRequestV1, modelId: string, runtime: BedrockRuntime): UpstreamRequestV1 {
  const { model: _model, stream: _stream, ...rest } = anthropic.body as Record<string, unknown>;
  const betas = anthropic.headers['anthropic-beta']?.split(',').map((flag) => flag.trim()).filter((flag) => flag !== '');
  const body = { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest, ...(betas && betas.length > 0 && { anthropic_beta: betas }) };
  const headers = { 'content-type': 'application/json', accept: anthropic.stream ? 'application/vnd.amazon.eventstream' : 'application/json' };
  return { method: 'POST', url: runtime.invokeUrl(modelId, anthropic.stream), headers, body, stream: anthropic.stream };
}

/**
 * The Anthropic id behind a Bedrock model or inference profile id, for the Anthropic translator's
 * per-model rules: `us.anthropic.claude-sonnet-4-5-20250929-v1:0` is `claude-sonnet-4-5-20250929`.
 */
export function anthropicModelOfBedrockId(modelId: string): string {
  return modelId.replace(/^([a-z]{2,6}\.)?anthropic\./, '').replace(/-v\d+(:\d+)?$/, '');
}
