import type { ServerResponse } from 'node:http';
import type { ResponsesRequest } from '@modelgate/core';
import type { OpenAiProblem } from '../openai-errors.js';
import { openAiErrorFormat } from '../openai-errors.js';
import { playPreludeFault, type RecordedRequest, type SimulatorFault, writeEventStream, writeJsonReply } from '@modelgate/testkit';
import { buildCompactedResponse } from './build-compacted-response.js';
import { buildResponseEvents } from './build-response-events.js';
import { buildResponseObject, newResponseIdentity } from './build-response-object.js';
import { ResponseEventFramer } from './frame-response-events.js';
import { echoResponsesReply, isCompactionRequest, planResponse } from './plan-response.js';
import type { ResponsesReply } from './responses-reply.js';
import { validateResponsesRequest } from './validate-responses-request.js';

/** What the OpenAI simulator hands its Responses endpoints for one request. */
export interface ResponsesExchange {
  readonly request: RecordedRequest;
  readonly response: ServerResponse;
  readonly signal: AbortSignal;
  readonly headers: Record<string, string>;
  /** The fault this request took from the simulator's queue, if any. */
  readonly fault: SimulatorFault | undefined;
  /** The problem to answer instead (a model the simulator does not serve), checked after validation. */
  readonly modelProblem: (model: string) => OpenAiProblem | undefined;
  readonly sendProblem: (problem: OpenAiProblem) => void;
}

/** Plays a prelude fault and validates; returns the body when the request is to be answered. */
async function admit(exchange: ResponsesExchange): Promise<ResponsesRequest | undefined> {
  if (await playPreludeFault(exchange.fault, exchange.response, openAiErrorFormat, exchange.signal, exchange.headers)) return undefined;
  const body = exchange.request.body;
  const problem = validateResponsesRequest(body) ?? exchange.modelProblem((body as ResponsesRequest).model);
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
export async function answerResponses(exchange: ResponsesExchange, nextReply: () => ResponsesReply | undefined): Promise<void> {
  const request = await admit(exchange);
  if (!request) return;
  const reply = isCompactionRequest(request) ? echoResponsesReply(request) : (nextReply() ?? echoResponsesReply(request));
  const final = planResponse(request, reply);
  const identity = newResponseIdentity(request);
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
export async function answerResponsesCompact(exchange: ResponsesExchange): Promise<void> {
  const request = await admit(exchange);
  if (!request) return;
  const { response, fault, signal, headers } = exchange;
  await writeJsonReply(response, buildCompactedResponse(request), { fault, format: openAiErrorFormat, signal, headers });
}
