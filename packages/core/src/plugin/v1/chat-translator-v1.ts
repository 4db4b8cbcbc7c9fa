import type { GatewayError } from '../../errors/gateway-error.js';
import type { ChatCompletionChunk } from '../../protocol/v1/chat-completion-chunk.js';
import type { ChatCompletionRequest } from '../../protocol/v1/chat-completion-request.js';
import type { ChatCompletionResponse } from '../../protocol/v1/chat-completion-response.js';
import type { CompletionUsage } from '../../protocol/v1/usage.js';
import type { SseEvent } from '../../sse/sse-event.js';
import type { CallContextV1 } from './call-context-v1.js';
import type { UpstreamFailureV1, UpstreamRequestV1 } from './upstream-v1.js';

/** One chunk for the client. `serialized`, when given, is written verbatim (pass-through upstreams skip re-encoding). */
export interface StreamOutputV1 {
  readonly chunk: ChatCompletionChunk;
  readonly serialized?: string;
}

/**
 * Turns one upstream event stream into `chat.completion.chunk`s. The gateway creates one per
 * stream, so the translator may keep state in it. Throwing a GatewayError ends the stream with an
 * error event the client can read; the gateway then writes no `[DONE]`.
 */
export interface StreamTranslatorV1 {
  onEvent(event: SseEvent): readonly StreamOutputV1[];
  /** The upstream closed the stream. Flush anything held back, or throw if the stream was cut short. */
  onEnd(): readonly StreamOutputV1[];
  /**
   * The token counts the upstream reported in the stream so far, whether or not the client asked
   * for a usage chunk (`stream_options.include_usage`): the gateway's limits, budgets and costs use
   * the vendor's numbers whenever it sent them. Optional: without it, a stream that carried no usage
   * chunk is charged an estimate.
   */
  accountedUsage?(): CompletionUsage | undefined;
}

/** A vendor's token counter, as a chat translator exposes it. Pure: no I/O. */
export interface TokenCounterV1 {
  toUpstreamRequest(request: ChatCompletionRequest, call: CallContextV1): UpstreamRequestV1;
  /** The prompt's tokens from the counter's answer; throws when the answer has none. */
  inputTokens(body: unknown): number;
}

/** Translation between `/v1/chat/completions` and one vendor's API. Pure: no I/O. */
export interface ChatTranslatorV1 {
  toUpstreamRequest(request: ChatCompletionRequest, call: CallContextV1): UpstreamRequestV1;
  fromUpstreamResponse(body: unknown, call: CallContextV1): ChatCompletionResponse;
  /**
   * True when `fromUpstreamResponse` returns the upstream's body unchanged (an OpenAI-compatible
   * upstream). The gateway then answers with the upstream's exact bytes instead of re-encoding them.
   */
  readonly relaysResponseVerbatim?: boolean;
  /**
   * With `relaysResponseVerbatim`: the usage to record, from the answer's `usage` member alone
   * (undefined when it has none). The gateway then parses nothing else of the body it relays: it
   * only checks that the body is one complete JSON object whose `choices` is an array. Without
   * it, the whole body is parsed and `fromUpstreamResponse` gives the usage.
   */
  usageOfRelayedResponse?(usage: unknown, call: CallContextV1): CompletionUsage | undefined;
  createStreamTranslator(request: ChatCompletionRequest, call: CallContextV1): StreamTranslatorV1;
  /**
   * The vendor's own token counter, when it has one (Gemini's `:countTokens`): the request that
   * counts a chat request's prompt, and the prompt tokens its answer reports. Without it, a front's
   * count is the gateway's estimate.
   */
  readonly countTokens?: TokenCounterV1;
  toGatewayError(failure: UpstreamFailureV1, call: CallContextV1): GatewayError;
}
