import type { ChatCompletionRequestField } from '../../protocol/v1/chat-completion-request.js';

export type TranslationWarningV1 =
  | { readonly kind: 'dropped-parameter'; readonly parameter: ChatCompletionRequestField | string; readonly reason: string }
  | { readonly kind: 'value-clamped'; readonly parameter: ChatCompletionRequestField; readonly from: number; readonly to: number };

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
}
