import type { UpstreamRequestV1 } from '@modelgate/core';

/** Vertex's version of the Messages API, in the body (Vertex AI, "Use Claude models": request body). */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

export interface VertexPublisherModels {
  /** `…/publishers/{publisher}/models/{model}:{method}`. */
  methodUrl(publisher: 'anthropic' | 'google', model: string, method: string): string;
}

export function vertexPublisherModels(project: string, location = 'global', endpoint?: string): VertexPublisherModels {
  const origin = (endpoint ?? (location === 'global' ? 'https://aiplatform.googleapis.com' : `https://${location}-aiplatform.googleapis.com`)).replace(/\/+$/, '');
  const root = `${origin}/v1/projects/${encodeURIComponent(project)}/locations/${encodeURIComponent(location)}/publishers`;
  return { methodUrl: (publisher, model, method) => `${root}/${publisher}/models/${encodeURIComponent(model)}:${method}` };
}

/**
 * An Anthropic Messages request as Vertex takes it: `rawPredict` (or `streamRawPredict` for a
 * stream, which keeps `stream: true` in the body), the model in the URL and not the body,
 * `anthropic_version: "vertex-2023-10-16"` in the body; Anthropic's key and version headers go,
 * `anthropic-beta` stays a header.
 */
export function toVertexAnthropicRequest(anthropic: UpstreamRequestV1, model: string, publishers: VertexPublisherModels): UpstreamRequestV1 {
  const { model: _model, ...rest } = anthropic.body as Record<string, unknown>;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const betas = anthropic.headers['anthropic-beta'];
  if (betas) headers['anthropic-beta'] = betas;
  return {
    method: 'POST',
    url: publishers.methodUrl('anthropic', model, anthropic.stream ? 'streamRawPredict' : 'rawPredict'),
    headers,
    body: { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest },
    stream: anthropic.stream,
  };
}

/**
 * Anthropic's `count_tokens` request as Vertex takes it (Vertex AI, "Count tokens for Claude
 * models"): `rawPredict` on the `count-tokens` model, the Vertex model id in the body's `model`;
 * Vertex answers `{"input_tokens": n}` as Anthropic does.
 */
export function toVertexCountTokensRequest(anthropic: UpstreamRequestV1, model: string, publishers: VertexPublisherModels): UpstreamRequestV1 {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const betas = anthropic.headers['anthropic-beta'];
  if (betas) headers['anthropic-beta'] = betas;
  return { method: 'POST', url: publishers.methodUrl('anthropic', 'count-tokens', 'rawPredict'), headers, body: { ...(anthropic.body as Record<string, unknown>), model }, stream: false };
}

/**
 * A Gemini request (built by the Google provider for the Gemini API) as Vertex takes it: the same
 * body at `publishers/google/models/{model}:generateContent` (or `:streamGenerateContent?alt=sse`),
 * with a bearer token instead of the Gemini API's key.
 */
export function toVertexGeminiRequest(gemini: UpstreamRequestV1, model: string, publishers: VertexPublisherModels): UpstreamRequestV1 {
  const { 'x-goog-api-key': _key, ...headers } = gemini.headers;
  return { ...gemini, url: publishers.methodUrl('google', model, gemini.stream ? 'streamGenerateContent?alt=sse' : 'generateContent'), headers };
}

/** The Anthropic id behind a Vertex Claude id, for the translator's per-model rules: `claude-sonnet-4-5@20250929` is `claude-sonnet-4-5-20250929`. */
export function anthropicModelOfVertexId(model: string): string {
  return model.replace('@', '-');
}
