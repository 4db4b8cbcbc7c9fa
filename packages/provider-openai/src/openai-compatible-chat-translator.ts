import {
  openAiCompatibleError,
  upstreamProtocolError,
  type ChatCompletionResponse,
  type ChatTranslatorV1,
} from '@modelgate/core';
import { OpenAiChatStreamTranslator } from './openai-chat-stream-translator.js';
import type { OpenAiUpstreamEndpoint } from './openai-upstream-endpoint.js';

export interface OpenAiCompatibleChatOptions {
  readonly endpoint: OpenAiUpstreamEndpoint;
  /** Used in error messages, e.g. "OpenAI" or "DeepSeek". */
  readonly vendorName: string;
  /** Path of the chat endpoint under the base URL. */
  readonly chatPath?: string;
}

/**
 * Chat Completions for servers that already speak OpenAI's protocol: the client's body goes out
 * as sent, with only `model` replaced, so fields the gateway does not know still reach the vendor.
 * Vendors with small differences (DeepSeek) compose this translator rather than copy it.
 */
export function createOpenAiCompatibleChatTranslator(options: OpenAiCompatibleChatOptions): ChatTranslatorV1 {
  const url = options.endpoint.url(options.chatPath ?? '/chat/completions');
  const headers = options.endpoint.headers;
  return {
    toUpstreamRequest(request, call) {
      return { method: 'POST', url, headers, body: { ...request, model: call.upstreamModel }, stream: request.stream === true };
    },
    relaysResponseVerbatim: true,
    fromUpstreamResponse(body) {
      if (typeof body !== 'object' || body === null || !Array.isArray((body as { choices?: unknown }).choices)) {
        throw upstreamProtocolError(`${options.vendorName} answered with a body that is not a chat completion.`);
      }
      return body as ChatCompletionResponse;
    },
    createStreamTranslator() {
      return new OpenAiChatStreamTranslator(options.vendorName);
    },
    toGatewayError(failure) {
      return openAiCompatibleError(failure, options.vendorName);
    },
  };
}
