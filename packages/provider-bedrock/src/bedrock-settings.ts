import type { EnvironmentVariableV1, JsonSchema } from '@modelgate/core';

export interface BedrockSettings {
  /** The AWS region of the Bedrock runtime, e.g. `us-east-1` (`AWS_REGION`). */
  region: string;
  /**
   * Static credentials; when absent, the AWS SDK's default chain (environment, shared config and
   * credentials files with `AWS_PROFILE`, web identity, ECS and EC2 instance metadata) supplies them.
   */
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
  /** The runtime's origin, for a VPC endpoint or a test double (default `https://bedrock-runtime.<region>.amazonaws.com`). */
  endpoint?: string;
  /** Output tokens when a chat request names no limit (Bedrock, like Anthropic, requires `max_tokens`). */
  defaultMaxTokens?: number;
}

export const bedrockSettingsSchema: JsonSchema = {
  type: 'object',
  required: ['region'],
  additionalProperties: false,
  // Static credentials come as a pair (the session token is optional), or not at all (the chain).
  dependentRequired: { accessKeyId: ['secretAccessKey'], secretAccessKey: ['accessKeyId'], sessionToken: ['accessKeyId'] },
  properties: {
    region: { type: 'string', pattern: '^[a-z]{2}(-[a-z]+)+-\\d$', description: 'The AWS region of the Bedrock runtime, e.g. `us-east-1`.' },
    accessKeyId: { type: 'string', minLength: 16, description: 'Static credentials; without them the AWS default credential chain is used.' },
    secretAccessKey: { type: 'string', minLength: 1, description: 'The secret of `accessKeyId`.' },
    sessionToken: { type: 'string', minLength: 1, description: 'For temporary credentials.' },
    endpoint: { type: 'string', pattern: '^https?://', description: 'The runtime origin (default `https://bedrock-runtime.<region>.amazonaws.com`).' },
    defaultMaxTokens: { type: 'integer', minimum: 1, description: 'Output tokens when a chat request names no limit.' },
  },
};

/** The variables AWS's SDKs read for the region; credentials come from the SDK's own chain. */
export const BEDROCK_ENVIRONMENT: readonly EnvironmentVariableV1[] = [
  { name: 'AWS_REGION', setting: 'region', required: true, example: 'us-east-1', description: 'The AWS region of the Bedrock runtime.' },
  // The SDKs' service-specific endpoint variable (AWS SDKs and Tools reference, "Service-specific endpoints"), then the global one.
  { name: 'AWS_ENDPOINT_URL_BEDROCK_RUNTIME', setting: 'endpoint', description: 'The Bedrock runtime origin (a VPC endpoint).' },
  { name: 'AWS_ENDPOINT_URL', setting: 'endpoint', description: 'The origin of every AWS service, Bedrock included.' },
];
