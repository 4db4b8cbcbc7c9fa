import type { ServerResponse } from 'node:http';
import { formatSseData, SSE_DONE, type ChatCompletionChunk, type ChatCompletionRequest } from '@modelgate/core';
import { AutomaticPrefixCache, playPreludeFault, type RecordedRequest, type SimulatorFault, startSimulatorServer, writeEventStream, writeJsonBody, writeJsonReply } from '@modelgate/testkit';
import { buildChatChunks } from './build-chat-chunks.js';
import { buildChatCompletion } from './build-chat-completion.js';
import { checkBearerKey } from './check-bearer-key.js';
import { newCompletionIdentity } from './completion-identity.js';
import { demoChatReply } from './demo-chat-reply.js';
import { estimatePromptTokens, estimateUsage, promptSegments } from './estimate-usage.js';
import { matchOpenAiRoute } from './match-openai-route.js';
import { lastUserText } from './message-text.js';
import type { OpenAiChatReply } from './openai-chat-reply.js';
import { compatibleServerErrorFormat, openAiErrorEnvelope, openAiErrorFormat, requestTooLarge, type OpenAiProblem } from './openai-errors.js';
import type { OpenAiSimulatorEndpoint, OpenAiSimulatorExchange } from './openai-simulator-endpoint.js';
import { DEFAULT_OPENAI_MODELS, modelList, modelNotFound, modelObject } from './openai-simulator-models.js';
import { openAiResponseHeaders } from './openai-response-headers.js';
import { planChoices } from './plan-chat-choices.js';
import { validateChatRequest } from './validate-chat-request.js';

export interface OpenAiSimulatorOptions {
  /** When set, every request must send `Authorization: Bearer <apiKey>`; otherwise any key (or none) is accepted. */
  apiKey?: string;
  /**
   * The ids `/v1/models` lists. When set, chat requests for other models get OpenAI's 404
   * `model_not_found`; when omitted, a few OpenAI ids are listed and any model is served.
   */
  models?: string[];
  /**
   * OpenAI's `x-ratelimit-*` headers on every answer, and a 429 that says its request budget is
   * spent (default true). False for a server that sends none (vLLM, Ollama, DeepSeek): its 429
   * then carries no header at all unless a fault asks for `retryAfterSeconds`.
   */
  rateLimitHeaders?: boolean;
  /**
   * The organisation's tokens-per-minute limit: a chat request whose prompt estimate plus
   * `max_completion_tokens` (or `max_tokens`) times `n` exceeds it on its own gets OpenAI's 429
   * "Request too large" (requestTooLarge). None when omitted.
   */
  tokensPerMinute?: number;
  /**
   * The demo's tool rule (docs/demo.md): an unscripted request whose last user message has text in
   * backticks calls an offered tool with it, and a tool result is quoted back. Off by default: only
   * the gateway's demo profile turns it on, never a test of the vendor's behaviour.
   */
  demoToolRule?: boolean;
}

export interface OpenAiChatSimulator {
  /** Base URL including `/v1`, what an OpenAI client takes as `baseURL`. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** Queues the answer of a coming chat request (FIFO); without one the simulator echoes the last user message. */
  enqueueReply(reply: OpenAiChatReply): void;
  /** Queues a fault for a coming chat request or added endpoint's request (FIFO, one per request). */
  enqueueFault(fault: SimulatorFault): void;
  /** Forgets queued replies and faults and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

function sendProblem(response: ServerResponse, problem: OpenAiProblem, headers: Record<string, string>): void {
  writeJsonBody(response, problem.status, openAiErrorEnvelope(problem), headers);
}

/** The answer when nothing is scripted: deterministic, and shows the request made the round trip. */
function echoReply(request: ChatCompletionRequest): OpenAiChatReply {
  return { kind: 'text', text: `Echo: ${lastUserText(request.messages)}` };
}

function* framed(chunks: Iterable<ChatCompletionChunk>): Generator<string> {
  for (const chunk of chunks) yield formatSseData(JSON.stringify(chunk));
}

/**
 * Starts an OpenAI Chat Completions simulator on 127.0.0.1 (PROTOCOLS A and I), standing in for
 * OpenAI and any OpenAI-compatible server: `POST /v1/chat/completions` (JSON and SSE),
 * `GET /v1/models` and `GET /v1/models/{id}`, plus the `endpoints` a vendor's simulator adds. It
 * validates requests more strictly than OpenAI so translator bugs fail fast, and plays scripted
 * replies and faults.
 */
export async function startOpenAiChatSimulator(
  options: OpenAiSimulatorOptions = {},
  endpoints: readonly OpenAiSimulatorEndpoint[] = [],
): Promise<OpenAiChatSimulator> {
  const replies: OpenAiChatReply[] = [];
  const faults: SimulatorFault[] = [];
  // OpenAI's automatic prompt caching: prefixes of 1,024 tokens and more, read in 128-token steps.
  const promptCache = new AutomaticPrefixCache({ minimumTokens: 1024, incrementTokens: 128, ttlMs: 5 * 60_000 });
  const models = options.models ?? DEFAULT_OPENAI_MODELS;
  const rateLimitHeaders = options.rateLimitHeaders !== false;
  const errorFormat = rateLimitHeaders ? openAiErrorFormat : compatibleServerErrorFormat;

  async function answerChat(request: RecordedRequest, response: ServerResponse, signal: AbortSignal, headers: Record<string, string>) {
    // The key was checked already, as at OpenAI. The fault is taken before validation, so a status
    // fault fires whatever the body is; a stream fault taken by an invalid request is spent.
    const fault = faults.shift();
    if (await playPreludeFault(fault, response, errorFormat, signal, headers)) return;
    const problem = validateChatRequest(request.body);
    if (problem) return sendProblem(response, problem, headers);
    const body = request.body as ChatCompletionRequest;
    if (options.models !== undefined && !options.models.includes(body.model)) return sendProblem(response, modelNotFound(body.model), headers);
    if (options.tokensPerMinute !== undefined) {
      const requested = estimatePromptTokens(body.messages) + (body.max_completion_tokens ?? body.max_tokens ?? 0) * (body.n ?? 1);
      if (requested > options.tokensPerMinute) return sendProblem(response, requestTooLarge(body.model, options.tokensPerMinute, requested), headers);
    }

    const reply = replies.shift() ?? (options.demoToolRule ? demoChatReply(body) : undefined) ?? echoReply(body);
    const choices = planChoices(reply, body.n ?? 1);
    const cached = promptCache.account(`${body.model}\n${JSON.stringify(body.tools ?? [])}`, promptSegments(body.messages));
    const usage = estimateUsage(body.messages, choices, reply.usage, cached);
    const identity = newCompletionIdentity(body.model);
    if (body.stream !== true) {
      await writeJsonReply(response, buildChatCompletion(identity, choices, usage), { fault, format: errorFormat, signal, headers });
      return;
    }
    const includeUsage = body.stream_options?.include_usage === true;
    await writeEventStream(response, {
      // Built lazily, so each chunk is serialized just before it is written.
      events: framed(buildChatChunks(identity, choices, includeUsage ? usage : undefined)),
      terminator: SSE_DONE,
      fault,
      format: errorFormat,
      signal,
      headers,
    });
  }

  function endpointExchange(request: RecordedRequest, response: ServerResponse, signal: AbortSignal, headers: Record<string, string>): OpenAiSimulatorExchange {
    return {
      request,
      response,
      signal,
      headers,
      fault: faults.shift(),
      modelProblem: (model) => (options.models !== undefined && !options.models.includes(model) ? modelNotFound(model) : undefined),
      sendProblem: (problem) => sendProblem(response, problem, headers),
    };
  }

  const server = await startSimulatorServer(async (request, response, signal) => {
    const headers = openAiResponseHeaders(rateLimitHeaders);
    const route = matchOpenAiRoute(request.method, request.path, endpoints);
    if (route === undefined) {
      return sendProblem(response, { status: 404, message: `Invalid URL (${request.method} ${request.path})` }, headers);
    }
    if (options.apiKey !== undefined) {
      const authProblem = checkBearerKey(request.headers, options.apiKey);
      if (authProblem) return sendProblem(response, authProblem, headers);
    }
    switch (route.kind) {
      case 'chat-completions':
        return answerChat(request, response, signal, headers);
      case 'endpoint':
        return route.endpoint.answer(endpointExchange(request, response, signal, headers));
      case 'list-models':
        return writeJsonBody(response, 200, modelList(models), headers);
      case 'retrieve-model':
        if (!models.includes(route.modelId)) return sendProblem(response, modelNotFound(route.modelId), headers);
        return writeJsonBody(response, 200, modelObject(route.modelId), headers);
    }
  });

  return {
    url: `${server.url}/v1`,
    origin: server.url,
    port: server.port,
    requests: server.requests,
    enqueueReply: (reply) => void replies.push(reply),
    enqueueFault: (fault) => void faults.push(fault),
    reset() {
      replies.length = 0;
      faults.length = 0;
      server.requests.length = 0;
    },
    close: () => server.close(),
  };
}
