import type { AnyProviderPluginV1 } from '@modelgate/core';
import type { ConformanceUpstream } from '@modelgate/testkit';

// The script and the upstream live in @modelgate/testkit: providers' `./testing` entries adapt them.
export type { ConformanceScript, ConformanceUpstream } from '@modelgate/testkit';

/** A running gateway serving `model` through the plugin under test. */
export interface ConformanceGateway {
  /** Base URL including `/v1`. */
  readonly baseUrl: string;
  /** A service key the gateway accepts. */
  readonly apiKey: string;
  close(): Promise<void>;
}

export interface ConformanceGatewayInput {
  /** The plugin itself, or its package name (resolved from the current working directory). */
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
   * Starts the gateway the requests go through. Default: `startPipelineGateway`, the suite's own
   * `node:http` host of `@modelgate/pipeline` (the request path the gateway app runs), so the suite
   * needs no app; a host passes its own to run the suite through itself (the Koa gateway does).
   */
  readonly startGateway?: (input: ConformanceGatewayInput) => Promise<ConformanceGateway>;
  /** Scenarios the vendor cannot support, each with the reason (shown as a skipped test). */
  readonly skip?: ReadonlyArray<{ readonly scenario: ConformanceScenario; readonly reason: string }>;
}

/** The Responses suite takes the chat suite's options; its host must serve the model on `/v1/responses`. */
export type ResponsesConformanceOptions = ChatConformanceOptions;

/** The Gemini-front suite takes the chat suite's options; its host must serve the model on `/v1beta/models/{model}:…`. */
export type GeminiConformanceOptions = ChatConformanceOptions;
