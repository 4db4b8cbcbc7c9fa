import {
  defineProvider,
  unsupportedPassThroughOperation,
  type AnthropicMessagesRequest,
  type CallContextV1,
  type ChatTranslatorV1,
  type PassThroughTranslatorV1,
  type ProviderContextV1,
} from '@modelgate/core';
import anthropicProvider from '@modelgate/provider-anthropic';
import { awsCredentialsInEnvironment } from './aws-credentials-in-environment.js';
import { anthropicModelOfBedrockId, bedrockRuntime, toBedrockAnthropicRequest, type BedrockRuntime } from './bedrock-anthropic-request.js';
import { BEDROCK_CLAUDE_CARDS } from './bedrock-claude-models.js';
import { bedrockError } from './bedrock-error.js';
import { createBedrockEventStreamDecoder } from './bedrock-event-stream-decoder.js';
import { BEDROCK_ENVIRONMENT, bedrockSettingsSchema, type BedrockSettings } from './bedrock-settings.js';
import { createBedrockSigner } from './bedrock-sigv4-signer.js';

/** Claude's model ids on Bedrock, and its cross-region inference profiles (`us.`, `eu.`, `apac.`, `global.`). */
const BEDROCK_CLAUDE_PATTERNS = ['anthropic.claude-*', 'us.anthropic.claude-*', 'eu.anthropic.claude-*', 'apac.anthropic.claude-*', 'global.anthropic.claude-*'];

/** The call as the Anthropic translator should see it: the Anthropic id, so its per-model rules apply. */
const asAnthropicCall = (call: CallContextV1): CallContextV1 => ({ ...call, upstreamModel: anthropicModelOfBedrockId(call.upstreamModel) });

function bedrockChat(chat: ChatTranslatorV1, runtime: BedrockRuntime): ChatTranslatorV1 {
  return {
    ...chat,
    toUpstreamRequest: (request, call) => toBedrockAnthropicRequest(chat.toUpstreamRequest(request, asAnthropicCall(call)), call.upstreamModel, runtime),
    toGatewayError: (failure) => bedrockError(failure),
  };
}

function bedrockMessages(messages: PassThroughTranslatorV1<AnthropicMessagesRequest>, runtime: BedrockRuntime): PassThroughTranslatorV1<AnthropicMessagesRequest> {
  return {
    ...messages,
    toUpstreamRequest(body, call, operation) {
      // InvokeModel has no token counting; Bedrock's CountTokens takes another body (not yet mapped).
      if (operation !== 'create') throw unsupportedPassThroughOperation('anthropic-messages', operation);
      return toBedrockAnthropicRequest(messages.toUpstreamRequest(body, asAnthropicCall(call), operation), call.upstreamModel, runtime);
    },
    toGatewayError: (failure) => bedrockError(failure),
  };
}

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
    const anthropic = anthropicProvider.create({ ...(settings.defaultMaxTokens && { defaultMaxTokens: settings.defaultMaxTokens }) }, context);
    const messages = anthropic.passThrough?.['anthropic-messages'] as PassThroughTranslatorV1<AnthropicMessagesRequest>;
    return {
      chat: bedrockChat(anthropic.chat, runtime),
      models: BEDROCK_CLAUDE_CARDS,
      passThrough: { 'anthropic-messages': bedrockMessages(messages, runtime) },
      signer: createBedrockSigner(settings),
      streamDecoder: createBedrockEventStreamDecoder(),
    };
  },
});
