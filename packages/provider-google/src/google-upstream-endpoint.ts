import { createHash } from 'node:crypto';
import { GOOGLE_DEFAULT_BASE_URL, type GoogleSchemaDialect, type GoogleSettings } from './google-settings.js';

export interface GoogleUpstreamEndpoint {
  /** `…/models/{model}:generateContent`. */
  generateUrl(model: string): string;
  /** `…/models/{model}:streamGenerateContent?alt=sse` (never the JSON-array stream, E.1). */
  streamUrl(model: string): string;
  /** `…/models/{model}:countTokens`. */
  countTokensUrl(model: string): string;
  /** `…/models/{model}:batchEmbedContents`. */
  batchEmbedUrl(model: string): string;
  /** `…/models/{model}:{operation}`, any of the model's operations. */
  operationUrl(model: string, operation: string): string;
  readonly headers: Readonly<Record<string, string>>;
  /** `v1beta` takes JSON Schema for tools and answers; `v1` only the legacy subset (E.6). */
  readonly schemaDialect: GoogleSchemaDialect;
  /**
   * Who issues a signature for `model` here: `<model>@<8 hex digits of the API origin's SHA-256>`.
   * Signatures are bound to the endpoint as well as the model (one from Vertex AI is "Corrupted"
   * on the Gemini API, BerriAI/litellm#32140), so the tag names both (E.7).
   */
  signatureIssuer(model: string): string;
}

const VERSION_SEGMENT = /\/v\d+(?:alpha\d*|beta\d*)?$/;

/** The API root with its version: as given, or `/v1beta` added to an origin as Google's SDKs take it. */
function googleApiRoot(baseUrl: string = GOOGLE_DEFAULT_BASE_URL): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return VERSION_SEGMENT.test(trimmed) ? trimmed : `${trimmed}/v1beta`;
}

/** URLs and headers (PROTOCOLS E.1), resolved once per provider instance. */
export function createGoogleUpstreamEndpoint(settings: GoogleSettings): GoogleUpstreamEndpoint {
  const root = googleApiRoot(settings.baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...settings.headers };
  if (settings.apiKey) headers['x-goog-api-key'] = settings.apiKey;
  const modelUrl = (model: string) => `${root}/models/${encodeURIComponent(model)}`;
  const endpointId = createHash('sha256').update(new URL(root).origin).digest('hex').slice(0, 8);
  return {
    generateUrl: (model) => `${modelUrl(model)}:generateContent`,
    streamUrl: (model) => `${modelUrl(model)}:streamGenerateContent?alt=sse`,
    countTokensUrl: (model) => `${modelUrl(model)}:countTokens`,
    batchEmbedUrl: (model) => `${modelUrl(model)}:batchEmbedContents`,
    operationUrl: (model, operation) => `${modelUrl(model)}:${operation}`,
    headers: Object.freeze(headers),
    schemaDialect: settings.schemaDialect ?? (root.endsWith('/v1') ? 'legacy' : 'json-schema'),
    signatureIssuer: (model) => `${model}@${endpointId}`,
  };
}
