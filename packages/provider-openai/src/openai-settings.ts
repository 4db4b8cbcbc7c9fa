import type { JsonSchema } from '@modelgate/core';

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

export const openAiSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string' },
    baseUrl: { type: 'string', pattern: '^https?://' },
    organization: { type: 'string' },
    project: { type: 'string' },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
  },
};
