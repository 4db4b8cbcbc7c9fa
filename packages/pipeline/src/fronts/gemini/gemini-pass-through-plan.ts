import type { CallContextV1, CompletionUsage, PassThroughTranslatorV1 } from '@modelgate/core';
import { relayVerbatimStream } from '../../streaming/relay-verbatim-stream.js';
import type { ExchangePlan } from '../front-door.js';
import { NO_USAGE } from '../shared/token-count-plan.js';
import { estimateTokensFromCharacters } from '../shared/estimate-tokens.js';
import { parseUpstreamAnswer, readRelayedMembers } from '../shared/relayed-answer.js';
import { verbatimRelayOptions } from '../shared/verbatim-relay-options.js';
import { withoutGatewaySignatures } from './gemini-foreign-signatures.js';
import type { GeminiFrontRequest } from './gemini-request.js';
import { GeminiStreamFraming } from './gemini-stream-framing.js';
import { GeminiStreamTracker } from './gemini-stream-tracker.js';

interface EmbedRequest {
  readonly content?: { readonly parts?: ReadonlyArray<{ readonly text?: unknown }> };
}

/** Embeddings report no tokens on the Gemini API: the gateway's estimate of the texts (about four characters a token), as on `/v1/embeddings`. */
function embeddingUsage(request: GeminiFrontRequest): CompletionUsage {
  const requests = (request.operation === 'batchEmbedContents' ? request.body.requests : [request.body]) as readonly EmbedRequest[];
  const characters = requests.flatMap((one) => one.content?.parts ?? []).reduce((sum, part) => sum + (typeof part.text === 'string' ? part.text.length : 0), 0);
  const tokens = estimateTokensFromCharacters(characters);
  return { prompt_tokens: tokens, completion_tokens: 0, total_tokens: tokens };
}

/**
 * Same-dialect traffic for a provider that speaks the Gemini API (PROTOCOLS E): the body goes to
 * the same operation of the deployment's model as the client sent it (the signatures the gateway
 * minted for another family taken out), and the answer comes back as Gemini's own bytes: a whole
 * answer untouched, a stream event by event, framed as SSE or as one JSON array as the client asked.
 * Counting is unbilled; an embedding's usage is the gateway's estimate.
 */
export function geminiPassThroughPlan(translator: PassThroughTranslatorV1, request: GeminiFrontRequest, call: CallContextV1): ExchangePlan {
  const { operation } = request;
  const generates = operation === 'generateContent' || operation === 'streamGenerateContent';
  const body = generates ? withoutGatewaySignatures(request.body) : request.body;
  return {
    upstreamRequest: translator.toUpstreamRequest(body, call, operation),
    toGatewayError: (failure) => translator.toGatewayError(failure, call),
    answer(text) {
      if (operation === 'countTokens') return { body: text, usage: (readRelayedMembers(text, []), NO_USAGE) };
      if (operation === 'embedContent' || operation === 'batchEmbedContents') return { body: text, usage: (readRelayedMembers(text, []), embeddingUsage(request)) };
      return { body: text, usage: translator.usageFromResponse?.(parseUpstreamAnswer(text), call) };
    },
    streamHeaders: GeminiStreamFraming.headersFor(request.sse),
    relay(input) {
      const framing = new GeminiStreamFraming(request.sse);
      const tracker = new GeminiStreamTracker(framing, translator.createStreamUsageReader?.(call));
      const frame = request.sse ? undefined : { events: (events: readonly { data: string }[]) => events.map((event) => framing.element(event.data)).join(''), end: () => framing.end() };
      return relayVerbatimStream({ ...verbatimRelayOptions(input, tracker), dialect: 'Gemini', frame });
    },
  };
}
