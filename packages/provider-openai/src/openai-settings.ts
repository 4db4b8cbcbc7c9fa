import type { EnvironmentVariableV1, JsonSchema } from '@modelgate/core';

export interface OpenAiSettings {
  /** Sent as `Authorization: Bearer`. Optional so that keyless OpenAI-compatible servers work. */
  apiKey?: string;
  /** Base URL including `/v1`; any OpenAI-compatible server may stand behind it. */
  baseUrl?: string;
  organization?: string;
  project?: string;
  /** Extra headers sent on every upstream request. */
  headers?: Record<string, string>;
}

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** OpenAI's own request headers; they win over the configured `headers`. */
export function openAiVendorHeaders(settings: OpenAiSettings): Record<string, string> {
  const headers: Record<string, string> = {};
  if (settings.organization) headers['openai-organization'] = settings.organization;
  if (settings.project) headers['openai-project'] = settings.project;
  return headers;
}

export const openAiSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string', description: 'Sent as `Authorization: Bearer`; optional, for keyless OpenAI-compatible servers.' },
    baseUrl: { type: 'string', pattern: '^https?://', description: 'Base URL including `/v1` (default `https://api.openai.com/v1`); any OpenAI-compatible server.' },
    organization: { type: 'string', description: 'Sent as `OpenAI-Organization`.' },
    project: { type: 'string', description: 'Sent as `OpenAI-Project`.' },
    headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra headers sent on every upstream request.' },
  },
};

/** The variables OpenAI's own SDKs read, so a bare `OPENAI_API_KEY` serves OpenAI models. */
export const OPENAI_ENVIRONMENT: readonly EnvironmentVariableV1[] = [
  { name: 'OPENAI_API_KEY', setting: 'apiKey', secret: true, description: 'OpenAI API key, sent as Authorization: Bearer.' },
  { name: 'OPENAI_BASE_URL', setting: 'baseUrl', description: 'Base URL including /v1 (default https://api.openai.com/v1).' },
];

/** OpenAI's answer headers a client may use as they are: the model that answered, processing time, API version. */
export const OPENAI_RELAYED_RESPONSE_HEADERS: readonly string[] = ['openai-model', 'openai-processing-ms', 'openai-version'];
