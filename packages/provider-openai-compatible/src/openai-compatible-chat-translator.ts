import {
  openAiCompatibleError,
  upstreamProtocolError,
  type CallContextV1,
  type ChatCompletionResponse,
  type ChatTranslatorV1,
  type CompletionUsage,
} from '@modelgate/core';
import type { OpenAiCompatibleEndpoint } from './openai-compatible-endpoint.js';
import type { OpenAiCompatibleHookContext, OpenAiCompatibleHooks } from './openai-compatible-hooks.js';
import { applyOpenAiCompatibleParameterPolicy, type OpenAiCompatibleParameterPolicySource } from './openai-compatible-parameter-policy.js';
import { OpenAiCompatibleStreamTranslator } from './openai-compatible-stream-translator.js';

export interface OpenAiCompatibleChatOptions {
  readonly endpoint: OpenAiCompatibleEndpoint;
  /** Used in error messages, e.g. "OpenAI" or "DeepSeek". */
  readonly vendorName: string;
  /** Path of the chat endpoint under the base URL. */
  readonly chatPath?: string;
  readonly hooks?: OpenAiCompatibleHooks;
  readonly parameters?: OpenAiCompatibleParameterPolicySource;
}

/**
 * Chat Completions for servers that already speak OpenAI's protocol: the client's body goes out
 * as sent, with only `model` replaced, so fields the gateway does not know still reach the vendor.
 * Vendors with small differences (DeepSeek) give hooks and a parameter policy rather than copy it.
 */
export function createOpenAiCompatibleChatTranslator(options: OpenAiCompatibleChatOptions): ChatTranslatorV1 {
  const url = options.endpoint.url(options.chatPath ?? '/chat/completions');
  const headers = options.endpoint.headers;
  const hooks = options.hooks ?? {};
  const parameters = options.parameters ?? {};
  const contextOf = (call: CallContextV1): OpenAiCompatibleHookContext => ({ call, vendorName: options.vendorName });
  return {
    toUpstreamRequest(request, call) {
      const policy = typeof parameters === 'function' ? parameters(request) : parameters;
      const body = applyOpenAiCompatibleParameterPolicy({ ...request, model: call.upstreamModel }, policy, options.vendorName, call.warn);
      const upstream = hooks.request ? hooks.request({ body, headers }, { ...contextOf(call), request }) : { body, headers };
      return { method: 'POST', url, headers: upstream.headers, body: upstream.body, stream: request.stream === true };
    },
    // A response hook changes the answer, so the client must get the changed one, re-encoded.
    relaysResponseVerbatim: hooks.response === undefined,
    // Relayed verbatim, the answer is read for its usage alone (its vendor's reading applied).
    ...(hooks.response === undefined && {
      // Whatever the vendor sent is handed on: the gateway's accounting checks it (and logs a bad one).
      usageOfRelayedResponse(usage: unknown, call: CallContextV1): CompletionUsage | undefined {
        if (usage === undefined || usage === null) return undefined;
        return hooks.usage ? hooks.usage(usage as CompletionUsage, contextOf(call)) : (usage as CompletionUsage);
      },
    }),
    fromUpstreamResponse(body, call) {
      if (typeof body !== 'object' || body === null || !Array.isArray((body as { choices?: unknown }).choices)) {
        throw upstreamProtocolError(`${options.vendorName} answered with a body that is not a chat completion.`);
      }
      const response = hooks.response ? hooks.response(body as ChatCompletionResponse, contextOf(call)) : (body as ChatCompletionResponse);
      // Under verbatim relay only the gateway's accounting reads this usage; the client gets the upstream's bytes.
      return hooks.usage && response.usage ? { ...response, usage: hooks.usage(response.usage, contextOf(call)) } : response;
    },
    createStreamTranslator(_request, call) {
      return new OpenAiCompatibleStreamTranslator(contextOf(call), hooks);
    },
    toGatewayError(failure, call) {
      return hooks.error?.(failure, contextOf(call)) ?? openAiCompatibleError(failure, options.vendorName);
    },
  };
}
