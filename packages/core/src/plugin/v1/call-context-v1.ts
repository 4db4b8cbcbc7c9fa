import type { ChatCompletionRequestField } from '../../protocol/v1/chat-completion-request.js';

export type TranslationWarningV1 =
  | { readonly kind: 'dropped-parameter'; readonly parameter: ChatCompletionRequestField | string; readonly reason: string }
  | { readonly kind: 'value-clamped'; readonly parameter: ChatCompletionRequestField; readonly from: number; readonly to: number };

/**
 * The operator's prompt-caching policy for a model (its `promptCache` in the config). A translator
 * whose vendor caches at explicit breakpoints (Anthropic's `cache_control`) places them itself for
 * a request that brings none: after the tools, the system prompt and the last user turn, within
 * the vendor's limit. Vendors that cache prefixes on their own ignore it.
 */
export interface PromptCachePolicyV1 {
  readonly autoBreakpoints: boolean;
  /** How long the vendor keeps what the breakpoints write (`5m` is Anthropic's default; `1h` costs more to write). */
  readonly ttl?: '5m' | '1h';
}

/** Per-request facts a translator may use. Routing, not the provider, decides the upstream model. */
export interface CallContextV1 {
  readonly requestId: string;
  /** The id the client asked for (after alias resolution this is the public id). */
  readonly publicModel: string;
  /** The model name the upstream expects. */
  readonly upstreamModel: string;
  /** Report a documented, policy-allowed change to the request; the gateway logs it and sets a response header. */
  readonly warn: (warning: TranslationWarningV1) => void;
  /**
   * Headers of the client's request that its front relays to an upstream speaking the front's own
   * dialect, by lower-case name (the Anthropic Messages front: `anthropic-version`,
   * `anthropic-beta`). Only pass-through translators read them; absent or empty elsewhere.
   */
  readonly clientHeaders?: Readonly<Record<string, string>>;
  /** The model's prompt-caching policy, when the operator set one. */
  readonly promptCache?: PromptCachePolicyV1;
}
