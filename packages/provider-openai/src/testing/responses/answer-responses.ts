import type { ResponsesRequest } from '@modelgate/core';
import { openAiErrorFormat, type OpenAiSimulatorExchange } from '@modelgate/provider-openai-compatible/testing';
import { estimateTokens, playPreludeFault, writeEventStream, writeJsonReply } from '@modelgate/testkit';
import { buildCompactedResponse } from './build-compacted-response.js';
import { buildResponseEvents } from './build-response-events.js';
import { buildResponseObject, newResponseIdentity } from './build-response-object.js';
import { ResponseEventFramer } from './frame-response-events.js';
import type { OrganisationResponses } from './organisation-responses.js';
import { echoResponsesReply, isCompactionRequest, planResponse } from './plan-response.js';
import type { ResponsesReply } from './responses-reply.js';
import { promptText } from './responses-input-text.js';
import { validateResponsesRequest } from './validate-responses-request.js';
import { storedInputItems } from './stored-input-items.js';

/** Plays a prelude fault and validates; returns the body when the request is to be answered. */
async function admit(exchange: OpenAiSimulatorExchange, organisation?: OrganisationResponses): Promise<ResponsesRequest | undefined> {
  if (await playPreludeFault(exchange.fault, exchange.response, openAiErrorFormat, exchange.signal, exchange.headers)) return undefined;
  const body = exchange.request.body;
  const request = body as ResponsesRequest;
  const problem =
    validateResponsesRequest(body) ?? exchange.modelProblem(request.model) ?? organisation?.previousResponseProblem(request) ?? organisation?.foreignBlobProblem(request);
  if (problem) {
    exchange.sendProblem(problem);
    return undefined;
  }
  return body as ResponsesRequest;
}

/**
 * `POST /v1/responses` (PROTOCOLS B, C.3): JSON, or the full named-event stream with `stream: true`.
 * A request ending in `compaction_trigger` is answered with one `compaction` item and takes no
 * scripted reply; any other request takes the next scripted reply (`nextReply`) or echoes.
 */
export async function answerResponses(exchange: OpenAiSimulatorExchange, nextReply: () => ResponsesReply | undefined, organisation?: OrganisationResponses): Promise<void> {
  const request = await admit(exchange, organisation);
  if (!request) return;
  const reply = isCompactionRequest(request) ? echoResponsesReply(request) : (nextReply() ?? echoResponsesReply(request));
  const final = planResponse(request, reply);
  const identity = newResponseIdentity(request);
  organisation?.remember(identity.id, request, {
    response: buildResponseObject(identity, final),
    inputItems: storedInputItems(request.input),
    events: () => buildResponseEvents(identity, final),
  });
  organisation?.rememberBlobs(final.output);
  const { response, fault, signal, headers } = exchange;
  if (request.stream !== true) {
    await writeJsonReply(response, buildResponseObject(identity, final), { fault, format: openAiErrorFormat, signal, headers });
    return;
  }
  const framer = new ResponseEventFramer();
  // No terminator: the stream ends after its terminal event, and the connection closes (PROTOCOLS B.3).
  await writeEventStream(response, { events: framer.frame(buildResponseEvents(identity, final)), fault, format: framer.errorFormat, signal, headers });
}

/** `POST /v1/responses/compact` (PROTOCOLS C.1): the `response.compaction` object, never streamed. */
export async function answerResponsesCompact(exchange: OpenAiSimulatorExchange, organisation?: OrganisationResponses): Promise<void> {
  const request = await admit(exchange, organisation);
  if (!request) return;
  const { response, fault, signal, headers } = exchange;
  const compacted = buildCompactedResponse(request);
  organisation?.rememberBlobs(compacted.output as unknown[]);
  await writeJsonReply(response, compacted, { fault, format: openAiErrorFormat, signal, headers });
}

/**
 * `POST /v1/responses/input_tokens`: `{object: "response.input_tokens", input_tokens}`, the count
 * the same request's usage would report (openai-node `responses.inputTokens.count`).
 */
export async function answerInputTokens(exchange: OpenAiSimulatorExchange, organisation?: OrganisationResponses): Promise<void> {
  const request = await admit(exchange, organisation);
  if (!request) return;
  const { response, fault, signal, headers } = exchange;
  await writeJsonReply(response, { object: 'response.input_tokens', input_tokens: estimateTokens(promptText(request)) }, { fault, format: openAiErrorFormat, signal, headers });
}
