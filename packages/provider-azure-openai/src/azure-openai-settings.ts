import type { EnvironmentVariableV1, JsonSchema } from '@modelgate/core';

export interface AzureOpenAiSettings {
  /** The resource's endpoint, `https://<resource>.openai.azure.com` (a trailing `/openai` or `/openai/v1` is accepted). */
  endpoint: string;
  /** The resource's key, sent as `api-key`. Either this or `entraId`. */
  apiKey?: string;
  /** Microsoft Entra ID bearer tokens from the Azure credential chain instead of a key (`@azure/identity`'s DefaultAzureCredential). */
  entraId?: true;
  /** The token scope for `entraId` (default `https://cognitiveservices.azure.com/.default`). */
  entraScope?: string;
  /**
   * Set: the classic deployment URLs, `/openai/deployments/{deployment}/chat/completions?api-version=…`
   * (the model id routing chose is the deployment name). Unset: the v1 API, `/openai/v1/...`, which
   * takes no api-version and the deployment name as `model`.
   */
  apiVersion?: string;
  /**
   * Deployment name → the OpenAI model it deploys (`my-gpt-41: gpt-4.1`), so a deployment not named
   * after its model gets that model's card: limits and prices (needed by keys with a budget).
   */
  deployments?: Record<string, string>;
  /** Extra headers sent on every upstream request. */
  headers?: Record<string, string>;
}

export const AZURE_OPENAI_DEFAULT_ENTRA_SCOPE = 'https://cognitiveservices.azure.com/.default';

export const azureOpenAiSettingsSchema: JsonSchema = {
  type: 'object',
  required: ['endpoint'],
  additionalProperties: false,
  // A key or Entra ID, not both: Azure would take whichever it reads first, and the operator could not tell which.
  oneOf: [{ required: ['apiKey'] }, { required: ['entraId'] }],
  properties: {
    endpoint: { type: 'string', pattern: '^https?://', description: 'The resource endpoint, `https://<resource>.openai.azure.com`.' },
    apiKey: { type: 'string', minLength: 1, description: 'The resource key, sent as `api-key`. Either this or `entraId: true`.' },
    entraId: { const: true, description: 'Microsoft Entra ID bearer tokens from the Azure credential chain (environment, workload identity, managed identity, Azure CLI) instead of a key.' },
    entraScope: { type: 'string', description: 'The token scope for `entraId` (default `https://cognitiveservices.azure.com/.default`).' },
    apiVersion: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}(-preview)?$',
      description: 'Set: the classic deployment URLs with this `api-version` (e.g. `2024-10-21`). Unset: the v1 API (`/openai/v1`), which needs none.',
    },
    deployments: {
      type: 'object',
      additionalProperties: { type: 'string', minLength: 1 },
      description: 'Deployment name → the OpenAI model it deploys (`my-gpt-41: gpt-4.1`): the deployment gets that model\'s card (limits, prices).',
    },
    headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra headers sent on every upstream request.' },
  },
};

/** The variables Azure's own samples and SDKs read. */
export const AZURE_OPENAI_ENVIRONMENT: readonly EnvironmentVariableV1[] = [
  { name: 'AZURE_OPENAI_API_KEY', setting: 'apiKey', secret: true, description: 'Azure OpenAI resource key, sent as api-key.' },
  { name: 'AZURE_OPENAI_ENDPOINT', setting: 'endpoint', required: true, example: 'https://my-resource.openai.azure.com', description: 'https://<resource>.openai.azure.com' },
  { name: 'AZURE_OPENAI_API_VERSION', setting: 'apiVersion', description: 'Set for the classic deployment URLs; unset for the v1 API.' },
];
