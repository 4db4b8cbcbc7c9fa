import { defineProvider, type ProviderContextV1 } from '@modelgate/core';
import { createClaudeTranslatorsOnHost } from '@modelgate/provider-anthropic';
import { awsCredentialsInEnvironment } from './aws-credentials-in-environment.js';
import { anthropicModelOfBedrockId, bedrockRuntime, toBedrockAnthropicRequest } from './bedrock-anthropic-request.js';
import { BEDROCK_CLAUDE_CARDS } from './bedrock-claude-models.js';
import { bedrockError } from './bedrock-error.js';
import { createBedrockEventStreamDecoder } from './bedrock-event-stream-decoder.js';
import { BEDROCK_ENVIRONMENT, bedrockSettingsSchema, type BedrockSettings } from './bedrock-settings.js';
import { createBedrockSigner } from './bedrock-sigv4-signer.js';

/** Claude's model ids on Bedrock, and its cross-region inference profiles (`us.`, `eu.`, `apac.`, `global.`). */
const BEDROCK_CLAUDE_PATTERNS = ['anthropic.claude-*', 'us.anthropic.claude-*', 'eu.anthropic.claude-*', 'apac.anthropic.claude-*', 'global.anthropic.claude-*'];

/**
 * AWS Bedrock, Claude through InvokeModel / InvokeModelWithResponseStream: the Anthropic provider
 * itself builds each request (chat translated, Messages passed through), which goes to Bedrock
 * with the model in the URL and `anthropic_version: "bedrock-2023-05-31"` in the body. The
 * provider's signer signs it with SigV4 after translation; its stream decoder turns Bedrock's
 * binary event stream back into Anthropic's SSE, so answers and streams read as Anthropic's.
 */
export const bedrockProvider = defineProvider<BedrockSettings>({
  specificationVersion: 'v1',
  id: 'bedrock',
  family: 'anthropic',
  settingsSchema: bedrockSettingsSchema,
  modelPatterns: BEDROCK_CLAUDE_PATTERNS,
  environment: BEDROCK_ENVIRONMENT,
  credentialsInEnvironment: awsCredentialsInEnvironment,
  create(settings, context: ProviderContextV1) {
    const runtime = bedrockRuntime(settings.region, settings.endpoint);
    const claude = createClaudeTranslatorsOnHost(settings.defaultMaxTokens, context, {
      anthropicModelOf: anthropicModelOfBedrockId,
      toHostRequest: (request, hostModel) => toBedrockAnthropicRequest(request, hostModel, runtime),
      toGatewayError: bedrockError,
    });
    return {
      ...claude,
      models: BEDROCK_CLAUDE_CARDS,
      signer: createBedrockSigner(settings),
      streamDecoder: createBedrockEventStreamDecoder(),
    };
  },
});
