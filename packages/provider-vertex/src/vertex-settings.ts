import type { EnvironmentVariableV1, JsonSchema } from '@modelgate/core';

export interface VertexSettings {
  /** Whose models this instance serves: `anthropic` (Claude, the default) or `google` (Gemini). */
  publisher?: 'anthropic' | 'google';
  /** The Google Cloud project (`GOOGLE_CLOUD_PROJECT`). */
  project: string;
  /** A region (`us-east5`, `europe-west1`) or `global` (default), `GOOGLE_CLOUD_LOCATION`. */
  location?: string;
  /**
   * A service-account key file (JSON). Unset: `GOOGLE_APPLICATION_CREDENTIALS`, else application
   * default credentials (gcloud's login, the metadata server on Google Cloud).
   */
  keyFile?: string;
  /** The API's origin, for Private Service Connect or a test double (default `https://{location}-aiplatform.googleapis.com`, `https://aiplatform.googleapis.com` for `global`). */
  endpoint?: string;
  /** Output tokens when a chat request names no limit. */
  defaultMaxTokens?: number;
}

export const vertexSettingsSchema: JsonSchema = {
  type: 'object',
  required: ['project'],
  additionalProperties: false,
  properties: {
    publisher: { enum: ['anthropic', 'google'], description: 'Whose models this instance serves: `anthropic` (Claude, default) or `google` (Gemini); one instance per publisher.' },
    project: { type: 'string', pattern: '^[a-z][a-z0-9-]{4,28}[a-z0-9]$', description: 'The Google Cloud project id.' },
    location: { type: 'string', pattern: '^(global|[a-z]+-[a-z]+\\d+)$', description: 'A region (`us-east5`) or `global` (default).' },
    keyFile: { type: 'string', minLength: 1, description: 'A service-account key file; unset: GOOGLE_APPLICATION_CREDENTIALS, else application default credentials.' },
    endpoint: { type: 'string', pattern: '^https?://', description: 'The API origin (default from the location).' },
    defaultMaxTokens: { type: 'integer', minimum: 1, description: 'Output tokens when a chat request names no limit.' },
  },
};

/**
 * The variables Google's SDKs read. The vendor profile needs a project and a service-account key
 * file, so that a machine with only a default project set (gcloud, Cloud Shell) is unaffected.
 */
export const VERTEX_ENVIRONMENT: readonly EnvironmentVariableV1[] = [
  { name: 'GOOGLE_CLOUD_PROJECT', setting: 'project', required: true, example: 'my-project-123', description: 'The Google Cloud project id.' },
  { name: 'GOOGLE_APPLICATION_CREDENTIALS', setting: 'keyFile', required: true, example: '/etc/modelgate/service-account.json', description: 'A service-account key file.' },
  { name: 'GOOGLE_CLOUD_LOCATION', setting: 'location', description: 'A region or global (the default).' },
  // The Gen AI SDK's override of the Vertex origin (Private Service Connect).
  { name: 'GOOGLE_VERTEX_BASE_URL', setting: 'endpoint', description: 'The Vertex AI origin (Private Service Connect).' },
];
