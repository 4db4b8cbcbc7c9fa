/**
 * A vendor-neutral scripted upstream answer, what the conformance suite asks a simulator for. It
 * lives here, with the other generic pieces, so that a provider's `./testing` entry can offer its
 * adapter (script → its simulator's reply or fault) without depending on the suite itself.
 */
export type ConformanceScript =
  | { readonly kind: 'text'; readonly text: string }
  /** The model stopped on `sequence` (Anthropic `stop_sequence`, OpenAI `stop`). */
  | { readonly kind: 'stop-sequence'; readonly text: string; readonly sequence: string }
  | { readonly kind: 'tool-calls'; readonly calls: ReadonlyArray<{ readonly id: string; readonly name: string; readonly arguments: string }> }
  /** The upstream answers this HTTP status with its own error body. */
  | { readonly kind: 'error'; readonly status: number };

/** A provider's simulator as the conformance suite drives it, started once per suite. */
export interface ConformanceUpstream {
  /** Provider settings that point the plugin at this upstream. */
  readonly settings: Record<string, unknown>;
  /** Queues the answer to the next request (FIFO). */
  script(script: ConformanceScript): void;
  close(): Promise<void>;
}
