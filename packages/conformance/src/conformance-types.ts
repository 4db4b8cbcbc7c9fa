import type { AnyProviderPluginV1 } from '@modelgate/core';

/** A vendor-neutral scripted upstream answer; each provider's upstream adapter plays it on its simulator. */
export type ConformanceScript =
  | { readonly kind: 'text'; readonly text: string }
  /** The model stopped on `sequence` (Anthropic `stop_sequence`, OpenAI `stop`). */
  | { readonly kind: 'stop-sequence'; readonly text: string; readonly sequence: string }
  | { readonly kind: 'tool-calls'; readonly calls: ReadonlyArray<{ readonly id: string; readonly name: string; readonly arguments: string }> }
  /** The upstream answers this HTTP status with its own error body. */
  | { readonly kind: 'error'; readonly status: number };

/** The provider's simulator, started once per suite. */
export interface ConformanceUpstream {
  /** Provider settings that point the plugin at this upstream. */
  readonly settings: Record<string, unknown>;
  /** Queues the answer to the next request (FIFO). */
  script(script: ConformanceScript): void;
  close(): Promise<void>;
}

/** A running gateway serving `model` through the plugin under test. */
export interface ConformanceGateway {
  /** Base URL including `/v1`. */
  readonly baseUrl: string;
  /** A service key the gateway accepts. */
  readonly apiKey: string;
  close(): Promise<void>;
}

export interface ConformanceGatewayInput {
  readonly provider: { readonly package?: string; readonly plugin?: AnyProviderPluginV1 };
  readonly settings: Record<string, unknown>;
  readonly model: string;
}

export type ConformanceScenario =
  | 'plain-text'
  | 'plain-text-stream'
  | 'system-prompt'
  | 'multi-turn'
  | 'image-input'
  | 'tool-call'
  | 'parallel-tool-calls-stream'
  | 'tool-result-round-trip'
  | 'json-schema'
  | 'stop-sequence'
  | 'usage-in-stream'
  | 'upstream-errors';

export interface ChatConformanceOptions {
  /** Shown in the describe block, e.g. the package name. */
  readonly name: string;
  readonly provider: ConformanceGatewayInput['provider'];
  /** A model id the provider serves. */
  readonly model: string;
  readonly startUpstream: () => Promise<ConformanceUpstream>;
  /**
   * Starts a gateway for the plugin. Injected because the gateway is an application, not a library
   * dependency of the suite (first-party tests pass `@modelgate/gateway`'s startGateway, wrapped).
   */
  readonly startGateway: (input: ConformanceGatewayInput) => Promise<ConformanceGateway>;
  /** Scenarios the vendor cannot support, each with the reason (shown as a skipped test). */
  readonly skip?: ReadonlyArray<{ readonly scenario: ConformanceScenario; readonly reason: string }>;
}
