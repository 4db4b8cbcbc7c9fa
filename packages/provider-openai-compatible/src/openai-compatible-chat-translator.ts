import {
  openAiCompatibleError,
  upstreamProtocolError,
  type CallContextV1,
  type ChatCompletionRequest,
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
  /**
   * Ask for the usage chunk on every stream (`stream_options.include_usage`), default true: the
   * gateway bills the vendor's counts, hidden reasoning included, and strips the usage chunk when
   * the client did not ask for it. False only for a server that refuses `stream_options`; its
   * streams are then billed from an estimate of their text.
   */
  readonly streamUsage?: boolean;
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
  const streamUsage = options.streamUsage !== false;
  const contextOf = (call: CallContextV1): OpenAiCompatibleHookContext => ({ call, vendorName: options.vendorName });
  return {
    toUpstreamRequest(request, call) {
      const policy = typeof parameters === 'function' ? parameters(request) : parameters;
      const translated = applyOpenAiCompatibleParameterPolicy({ ...request, model: call.upstreamModel }, policy, options.vendorName, call.warn);
      const body = withStreamUsage(translated, request, streamUsage);
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
    createStreamTranslator(request, call) {
      // Usage the client did not ask for (asked by the gateway, or sent unasked) is counted, not relayed.
      return new OpenAiCompatibleStreamTranslator(contextOf(call), hooks, !clientAskedForUsage(request));
    },
    toGatewayError(failure, call) {
      return hooks.error?.(failure, contextOf(call)) ?? openAiCompatibleError(failure, options.vendorName);
    },
  };
}

function clientAskedForUsage(request: ChatCompletionRequest): boolean {
  return request.stream_options?.include_usage === true;
}

/** A stream's body asks for the usage chunk (the client's other stream options kept). */
function withStreamUsage(body: Record<string, unknown>, request: ChatCompletionRequest, streamUsage: boolean): Record<string, unknown> {
  if (!streamUsage || request.stream !== true || clientAskedForUsage(request)) return body;
  return { ...body, stream_options: { ...request.stream_options, include_usage: true } };
}
