import type {
  CallContextV1,
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatCompletionResponse,
  CompletionUsage,
  GatewayError,
  UpstreamFailureV1,
} from '@modelgate/core';

/** What every hook is told about the call. */
export interface OpenAiCompatibleHookContext {
  readonly call: CallContextV1;
  /** Used in error messages, e.g. "OpenAI" or "DeepSeek". */
  readonly vendorName: string;
}

/** The upstream request a request hook may change: the JSON body and the headers. */
export interface OpenAiCompatibleUpstreamBody {
  readonly body: Record<string, unknown>;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The points where a vendor that is almost OpenAI's protocol differs from it. Every hook is
 * optional; with none, the base relays requests and answers as they are (byte for byte).
 */
export interface OpenAiCompatibleHooks {
  /**
   * Changes the upstream request after the parameter policy ran and `model` was replaced: add or
   * drop fields (DeepSeek: `reasoning_content` back on assistant turns with tool calls), add headers.
   */
  readonly request?: (
    upstream: OpenAiCompatibleUpstreamBody,
    context: OpenAiCompatibleHookContext & { readonly request: ChatCompletionRequest },
  ) => OpenAiCompatibleUpstreamBody;
  /** Changes a whole (non-streamed) answer. With this hook the answer is re-encoded, not relayed verbatim. */
  readonly response?: (response: ChatCompletionResponse, context: OpenAiCompatibleHookContext) => ChatCompletionResponse;
  /**
   * Changes one stream chunk, or drops it (`null`). Return the same object to keep the upstream's
   * exact bytes; a new object is re-encoded. Do not mutate the chunk you are given.
   */
  readonly chunk?: (chunk: ChatCompletionChunk, context: OpenAiCompatibleHookContext) => ChatCompletionChunk | null;
  /**
   * Reads a vendor's usage into OpenAI's shape (DeepSeek: `prompt_cache_hit_tokens` as cached
   * tokens), for the gateway's accounting. A relayed answer or chunk keeps the upstream's bytes;
   * one a response or chunk hook changed is re-encoded with this usage.
   */
  readonly usage?: (usage: CompletionUsage, context: OpenAiCompatibleHookContext) => CompletionUsage;
  /**
   * Maps a vendor's error answer to a GatewayError with the right status and kind; return
   * `undefined` to fall back to the OpenAI envelope mapping.
   */
  readonly error?: (failure: UpstreamFailureV1, context: OpenAiCompatibleHookContext) => GatewayError | undefined;
}
