import type { GatewayError } from '../../errors/gateway-error.js';
import type { AnthropicMessagesRequest } from '../../protocol/anthropic-messages/anthropic-messages-request.js';
import type { ResponsesRequest } from '../../protocol/v1/responses.js';
import type { CompletionUsage } from '../../protocol/v1/usage.js';
import type { SseEvent } from '../../sse/sse-event.js';
import type { CallContextV1 } from './call-context-v1.js';
import type { UpstreamFailureV1, UpstreamRequestV1 } from './upstream-v1.js';

/**
 * A client dialect a provider may speak natively. `openai-responses` (`/v1/responses` and
 * `/compact`) and `anthropic-messages` (`/v1/messages`) and `google-gemini` (`/v1beta/models/{m}:{operation}`) are the ones the gateway names; the type is
 * open so that a later front needs no contract change.
 */
export type PassThroughDialectV1 = 'openai-responses' | 'anthropic-messages' | 'google-gemini' | (string & {});

/**
 * What one front's endpoint asks of the translator. `create` is the dialect's main endpoint; the
 * others are its side endpoints: `compact` (`/v1/responses/compact`), `input_tokens`
 * (`/v1/responses/input_tokens`), `count_tokens` (`/v1/messages/count_tokens`).
 */
export type PassThroughOperationV1 = 'create' | 'compact' | 'input_tokens' | 'count_tokens' | (string & {});

/** Reads the usage of one relayed event stream. The gateway creates one per stream, so it may keep state. */
export interface StreamUsageReaderV1 {
  /** Sees every event, in order, before it is relayed; never changes it. */
  observe(event: SseEvent): void;
  /** The usage known so far, in the gateway's accounting shape (Anthropic splits it over `message_start` and `message_delta`). */
  readonly usage: CompletionUsage | undefined;
}

/**
 * Same-dialect traffic for a provider whose vendor speaks a front's dialect itself: the client's
 * body goes upstream as sent (the model replaced, the vendor's auth added), and the answer or its
 * event stream comes back byte for byte (ARCHITECTURE.md, "Vendors are plugins…": the
 * pass-through is byte-faithful and cheap). Pure, like every translator: no I/O.
 *
 * The front reads usage from the dialect's own fields; the two readers here are optional, for a
 * vendor whose answers put it elsewhere than the dialect says.
 */
export interface PassThroughTranslatorV1<TRequest = Record<string, unknown>> {
  /**
   * The upstream request for `operation`. `body` has passed the front's request schema. An
   * operation this vendor does not offer throws a `GatewayError` (a 400 naming it).
   */
  toUpstreamRequest(body: TRequest, call: CallContextV1, operation: PassThroughOperationV1): UpstreamRequestV1;
  toGatewayError(failure: UpstreamFailureV1, call: CallContextV1): GatewayError;
  /** Usage of a non-streamed answer (the parsed 2xx body), when the front's own reading would miss it. */
  usageFromResponse?(body: unknown, call: CallContextV1): CompletionUsage | undefined;
  /** A usage reader for one event stream, when the front's own reading would miss it. */
  createStreamUsageReader?(call: CallContextV1): StreamUsageReaderV1;
}

/** The pass-through translators of a provider, by the dialect each speaks. */
export interface PassThroughTranslatorsV1 {
  readonly 'openai-responses'?: PassThroughTranslatorV1<ResponsesRequest>;
  readonly 'anthropic-messages'?: PassThroughTranslatorV1<AnthropicMessagesRequest>;
  readonly [dialect: string]: PassThroughTranslatorV1<ResponsesRequest> | PassThroughTranslatorV1<AnthropicMessagesRequest> | PassThroughTranslatorV1 | undefined;
}
