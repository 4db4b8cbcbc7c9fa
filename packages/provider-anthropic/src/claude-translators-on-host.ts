import {
  unsupportedPassThroughOperation,
  type AnthropicMessagesRequest,
  type CallContextV1,
  type ChatTranslatorV1,
  type GatewayError,
  type PassThroughTranslatorV1,
  type ProviderContextV1,
  type UpstreamFailureV1,
  type UpstreamRequestV1,
} from '@modelgate/core';
import { anthropicProvider } from './anthropic-provider.js';

/** What a cloud host (Bedrock, Vertex) changes in a request the Anthropic translators built. */
export interface ClaudeHostRequests {
  /** The Anthropic id behind the host's (`us.anthropic.claude-sonnet-4-5-…` → `claude-sonnet-4-5-…`), so the per-model rules apply. */
  anthropicModelOf(hostModel: string): string;
  /** The Anthropic request as the host takes it: its URL, the model out of the body, its `anthropic_version`. */
  toHostRequest(request: UpstreamRequestV1, hostModel: string): UpstreamRequestV1;
  /** The host's own error reader, where its errors are not in Anthropic's envelope. */
  toGatewayError?(failure: UpstreamFailureV1): GatewayError;
  /**
   * Anthropic's `count_tokens` request as the host takes it, for a host whose counter answers in
   * Anthropic's shape (Vertex's `count-tokens:rawPredict`); absent, counting is refused as unsupported.
   */
  toHostCountTokensRequest?(request: UpstreamRequestV1, hostModel: string): UpstreamRequestV1;
}

export interface ClaudeTranslatorsOnHost {
  readonly chat: ChatTranslatorV1;
  readonly passThrough: { readonly 'anthropic-messages': PassThroughTranslatorV1<AnthropicMessagesRequest> };
}

/**
 * The Anthropic provider's own translators (chat translated, Messages passed through), each
 * request then handed to the host: one place for every cloud host that serves Claude. Token
 * counting goes to the host's counter where it answers in Anthropic's shape, else is refused.
 */
export function createClaudeTranslatorsOnHost(defaultMaxTokens: number | undefined, context: ProviderContextV1, host: ClaudeHostRequests): ClaudeTranslatorsOnHost {
  const anthropic = anthropicProvider.create({ ...(defaultMaxTokens && { defaultMaxTokens }) }, context);
  const messages = anthropic.passThrough?.['anthropic-messages'] as PassThroughTranslatorV1<AnthropicMessagesRequest>;
  const asAnthropicCall = (call: CallContextV1): CallContextV1 => ({ ...call, upstreamModel: host.anthropicModelOf(call.upstreamModel) });
  const errors = host.toGatewayError ? { toGatewayError: host.toGatewayError } : {};
  return {
    chat: {
      ...anthropic.chat,
      toUpstreamRequest: (request, call) => host.toHostRequest(anthropic.chat.toUpstreamRequest(request, asAnthropicCall(call)), call.upstreamModel),
      ...errors,
    },
    passThrough: {
      'anthropic-messages': {
        ...messages,
        toUpstreamRequest(body, call, operation) {
          if (operation === 'count_tokens' && host.toHostCountTokensRequest) {
            return host.toHostCountTokensRequest(messages.toUpstreamRequest(body, asAnthropicCall(call), operation), call.upstreamModel);
          }
          if (operation !== 'create') throw unsupportedPassThroughOperation('anthropic-messages', operation);
          return host.toHostRequest(messages.toUpstreamRequest(body, asAnthropicCall(call), operation), call.upstreamModel);
        },
        ...errors,
      },
    },
  };
}
