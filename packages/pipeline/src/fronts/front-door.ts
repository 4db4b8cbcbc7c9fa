import type { Readable, Writable } from 'node:stream';
import type { CallContextV1, CompletionUsage, GatewayError, ModelPricingV1, ProviderV1, UpstreamFailureV1, UpstreamRequestV1 } from '@modelgate/core';
import type { AnswerFacts, Exchange } from '../exchange/exchange.js';
import type { StreamTap } from '../pipeline/pipeline-extension.js';
import type { ModelRoute } from '../routing/model-router.js';
import type { RelayOutcome } from '../streaming/relay-outcome.js';
import type { TokenEstimate } from './shared/estimate-tokens.js';
import type { FrontQuery } from './front-query.js';
import type { StateOperation } from './state-operation.js';
import type { RequestTarget } from '../pipeline/model-request-host.js';

/** An error as a front's clients expect it: status, headers and the dialect's envelope. */
export interface RenderedError {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: object;
}

/** What every operation of one client dialect shares: where its key is read from and how its errors look. */
export interface ClientConventions {
  /** Where the key is read from, for docs and messages (e.g. `Authorization: Bearer`). */
  readonly keySources: readonly string[];
  /** The presented key, or a 401 GatewayError in the dialect's own words when there is none (`query`: Gemini's `?key=`). */
  readKey(header: (name: string) => string | undefined, query: (name: string) => string | undefined): string;
  renderError(error: GatewayError): RenderedError;
  /** On a path several fronts answer (`GET /v1/models`), whether a request is this dialect's client's (Anthropic's: `anthropic-version`). */
  claims?(header: (name: string) => string | undefined): boolean;
}

/** What a front's stream relay gets: the upstream's events in, the client's stream out. */
export interface StreamRelayInput {
  readonly upstream: Readable;
  readonly upstreamUrl: string;
  readonly output: Writable;
  /** True once the client has gone; the relay then stops without writing. */
  readonly clientGone: () => boolean;
  /** Largest upstream event accepted (`upstream.maxEventBytes`). */
  readonly maxEventBytes: number;
  /** Longest wait for the next upstream event (`upstream.streamIdleTimeoutMs`). */
  readonly idleTimeoutMs: number;
  /** Silence after which an SSE comment keep-alive goes out (relays that need one). */
  readonly keepAliveIntervalMs: number;
  /** Where the relay tells what each piece it sent carried (`streamChunk`) and, at the end, the usage (`usageReported`). */
  readonly exchange: Exchange;
  /** Extensions' tap (`afterAnswer`): every event the relay writes from the upstream's goes through it. */
  readonly tap?: StreamTap;
  /** Called once the answer is complete, just before its last write. */
  readonly beforeEnd: () => void;
  /** Opens the client's answer, for a plan that holds it (`holdsAnswer`) until its first content. */
  readonly startAnswer: () => void;
}

/** A whole answer as the client gets it, its usage and the vendor-side state it created. */
export interface WholeAnswer extends AnswerFacts {
  readonly body: string | object;
}

/** One request translated for one route: what to send, and how to read what comes back. */
export interface ExchangePlan {
  readonly upstreamRequest: UpstreamRequestV1;
  /** A non-2xx upstream answer as the gateway's error (with its kind). */
  toGatewayError(failure: UpstreamFailureV1): GatewayError;
  /**
   * A whole upstream answer: the client's body (the upstream's text, when relayed verbatim) and its
   * usage. Called within the attempt, so an answer it cannot read fails the attempt.
   */
  answer(text: string): WholeAnswer;
  /**
   * The relay opens the client's answer itself, at its first content (`startAnswer`): an error the
   * vendor sends before any (Anthropic's `overloaded_error` as the first event) then gets its own
   * status, or a retry. Without it the answer opens as soon as the upstream's headers are in.
   */
  readonly holdsAnswer?: boolean;
  /** Headers of the client's stream over the event stream's (Gemini's JSON-array stream is `application/json`). */
  readonly streamHeaders?: Readonly<Record<string, string>>;
  /** Relays the upstream's event stream to the client, telling the exchange what it sent. */
  relay(input: StreamRelayInput): Promise<RelayOutcome>;
}

/**
 * An answer the gateway gives itself, without calling an upstream: a side endpoint the route's
 * provider has no counterpart for (`count_tokens` on a bridged model answers an estimate).
 */
export interface LocalAnswerPlan {
  readonly localAnswer: { readonly body: object; readonly usage: CompletionUsage };
}

/** What `translate` returns: an upstream exchange, or a local answer. */
export type FrontPlan = ExchangePlan | LocalAnswerPlan;

export function isLocalAnswer(plan: FrontPlan): plan is LocalAnswerPlan {
  return 'localAnswer' in plan;
}

/** What the gateway's settings allow one request's key (a front reads only its own). */
export interface FrontPolicy {
  /** `bridge`: the Responses front serves every family through the hub; `refuse`: the OpenAI family alone (400 otherwise). */
  readonly responsesOtherFamilies: 'refuse' | 'bridge';
}

/** One endpoint of a front: its path, key scope, request schema, token estimate and translation. */
export interface FrontOperation<Request extends { model: string } = { model: string }> {
  /** The key scope that guards it, also the usage record's `endpoint`. */
  readonly endpoint: string;
  readonly method: 'POST';
  /** The full path, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /**
   * Client request headers a pass-through translator may relay upstream (lower-case names; the
   * Anthropic front's `anthropic-version` and `anthropic-beta`): `CallContextV1.clientHeaders`.
   */
  readonly relayedRequestHeaders?: readonly string[];
  /** The typed request, or a 400 naming the offending parameter; `target` for a front whose model is in the path. */
  validate(body: unknown, target: RequestTarget): Request;
  /** Whether a provider can serve this operation under the gateway's settings (for the catalog's endpoint list; `translate` refuses the others). */
  serves(provider: ProviderV1, policy?: FrontPolicy): boolean;
  /** Tokens charged up front against TPM: the prompt, plus the most the request may generate. */
  estimateTokens(request: Request, defaultOutputTokens: number | undefined): TokenEstimate;
  /**
   * What in the request the vendor bills beyond the tokens its usage reports, or bills later (a
   * background response, a server-side tool, a priority tier), as a phrase for the refusal; a key
   * with a budget is refused it, since the gateway could not price it. `pricing` is the model's:
   * a tool call its usage counts is priced when it names that tool.
   */
  unpricedPart?(request: Request, pricing: ModelPricingV1 | undefined): string | undefined;
  /** The vendor charges nothing for it (token counting): a model without a price may be reached under a budget. */
  readonly unbilled?: boolean;
  /** The models it is for: `embedding` models (capability `embeddings`), or generation models (the default); the catalog lists it for those. */
  readonly modelKind?: 'embedding' | 'generation';
  /**
   * Picks the route's translator for this operation (a native pass-through for the front's own
   * dialect, or the chat hub) and translates; throws when the route's provider cannot serve it.
   */
  translate(route: ModelRoute, request: Request, call: CallContextV1, policy: FrontPolicy): FrontPlan;
}

/** A client dialect: how its clients authenticate and see errors, the operations it offers, and what it answers itself. */
export interface FrontDoor {
  readonly id: string;
  readonly conventions: ClientConventions;
  readonly operations: readonly FrontOperation[];
  /** Its `GET` endpoints (a model list in its shape, a probe refused in its words). */
  readonly queries?: readonly FrontQuery[];
  /** Its endpoints about vendor-side state by id (a stored response), relayed to where the state lives. */
  readonly stateOperations?: readonly StateOperation[];
}
