import { formatSseData, SSE_DONE, type ChatCompletionChunk, type ChatCompletionRequest } from '@modelgate/core';
import { lastUserText, promptSegments, validateChatRequest, type OpenAiSimulatorExchange } from '@modelgate/provider-openai-compatible/testing';
import { playPreludeFault, writeEventStream, writeJsonReply, type AutomaticPrefixCache } from '@modelgate/testkit';
import { buildDeepSeekChunks, buildDeepSeekCompletion, planDeepSeekAnswer } from './build-deepseek-answer.js';
import { badRequest, deepSeekErrorFormat } from './deepseek-errors.js';
import type { DeepSeekReply } from './deepseek-reply.js';
import { isThinking, validateDeepSeekRequest } from './validate-deepseek-request.js';
import { afterKeepAlives, writeJsonAfterBlankLines } from './write-deepseek-keep-alives.js';

function* framed(chunks: Iterable<ChatCompletionChunk>): Generator<string> {
  for (const chunk of chunks) yield formatSseData(JSON.stringify(chunk));
}

/**
 * `POST /chat/completions` as DeepSeek answers it: OpenAI's validation, then DeepSeek's own
 * refusals; the scripted reply (or an echo) with `reasoning_content` while thinking, DeepSeek's
 * usage fields, and the keep-alives a reply scripts before the answer.
 */
export async function answerDeepSeekChat(exchange: OpenAiSimulatorExchange, nextReply: () => DeepSeekReply | undefined, promptCache: AutomaticPrefixCache): Promise<void> {
  const { request, response, signal, headers, fault } = exchange;
  if (await playPreludeFault(fault, response, deepSeekErrorFormat, signal, headers)) return;
  const problem = validateChatRequest(request.body) ?? validateDeepSeekRequest(request.body as Record<string, unknown>);
  if (problem) return exchange.sendProblem(problem);
  const body = request.body as ChatCompletionRequest;
  if (exchange.modelProblem(body.model)) return exchange.sendProblem(badRequest('Model Not Exist'));

  const reply = nextReply() ?? { kind: 'text', text: `Echo: ${lastUserText(body.messages)}` };
  const cached = promptCache.account(`${body.model}\n${JSON.stringify(body.tools ?? [])}`, promptSegments(body.messages));
  const answer = planDeepSeekAnswer(reply, body, isThinking(request.body as Record<string, unknown>), cached);
  if (body.stream !== true) {
    const completion = buildDeepSeekCompletion(answer);
    // A scripted fault bends the body as at any vendor; keep-alives are for a clean answer.
    if (reply.keepAlives && fault === undefined) return writeJsonAfterBlankLines(response, completion, reply.keepAlives, signal, headers);
    return writeJsonReply(response, completion, { fault, format: deepSeekErrorFormat, signal, headers });
  }
  await writeEventStream(response, {
    events: afterKeepAlives(framed(buildDeepSeekChunks(answer, body.stream_options?.include_usage === true)), reply.keepAlives, signal),
    terminator: SSE_DONE,
    fault,
    format: deepSeekErrorFormat,
    signal,
    headers,
  });
}
