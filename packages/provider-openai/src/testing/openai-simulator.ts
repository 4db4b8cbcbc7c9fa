import { openAiEmbeddingsEndpoint, startOpenAiChatSimulator, type OpenAiChatSimulator, type OpenAiSimulatorOptions } from '@modelgate/provider-openai-compatible/testing';
import { answerInputTokens, answerResponses, answerResponsesCompact } from './responses/answer-responses.js';
import { demoResponsesReply } from './responses/demo-responses-reply.js';
import { OrganisationResponses } from './responses/organisation-responses.js';
import { storedResponseEndpoints } from './responses/stored-response-endpoints.js';
import type { ResponsesReply } from './responses/responses-reply.js';

export interface OpenAiSimulator extends OpenAiChatSimulator {
  /**
   * Queues the answer of a coming `POST /v1/responses` (FIFO); without one the simulator echoes the
   * last user message. Requests ending in `compaction_trigger` are compacted and take no reply.
   */
  enqueueResponsesReply(reply: ResponsesReply): void;
}

/**
 * Starts an OpenAI simulator on 127.0.0.1 (PROTOCOLS A, B, C and I): the compatible base's Chat
 * Completions simulator (`POST /v1/chat/completions`, `GET /v1/models`, `GET /v1/models/{id}`) with
 * the Responses API added, `POST /v1/responses` (JSON and named-event SSE) and
 * `POST /v1/responses/compact`, `POST /v1/responses/input_tokens` and the stored responses (read,
 * delete, cancel, input items), and `POST /v1/embeddings`, on the same key check and fault queue.
 * One instance is one organisation: it chains and reads only the responses it stored itself, and
 * reads only the blobs it minted.
 */
export async function startOpenAiSimulator(options: OpenAiSimulatorOptions = {}): Promise<OpenAiSimulator> {
  const responsesReplies: ResponsesReply[] = [];
  const organisation = new OrganisationResponses();
  const nextResponsesReply = (body: unknown) => responsesReplies.shift() ?? (options.demoToolRule ? demoResponsesReply(body) : undefined);
  const chat = await startOpenAiChatSimulator(options, [
    { method: 'POST', path: '/v1/responses', answer: (exchange) => answerResponses(exchange, () => nextResponsesReply(exchange.request.body), organisation) },
    { method: 'POST', path: '/v1/responses/compact', answer: (exchange) => answerResponsesCompact(exchange, organisation) },
    { method: 'POST', path: '/v1/responses/input_tokens', answer: (exchange) => answerInputTokens(exchange, organisation) },
    ...storedResponseEndpoints(organisation),
    openAiEmbeddingsEndpoint,
  ]);
  return {
    ...chat,
    enqueueResponsesReply: (reply) => void responsesReplies.push(reply),
    reset() {
      responsesReplies.length = 0;
      organisation.clear();
      chat.reset();
    },
  };
}
