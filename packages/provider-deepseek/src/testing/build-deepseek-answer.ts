import type { ChatCompletionChunk, ChatCompletionRequest, CompletionUsage, FinishReason } from '@modelgate/core';
import {
  buildChatChunks,
  buildChatCompletion,
  choiceText,
  estimatePromptTokens,
  lastUserText,
  newCompletionIdentity,
  planChoices,
  type CompletionIdentity,
  type PlannedChoice,
} from '@modelgate/provider-openai-compatible/testing';
import { estimateTokens, splitText } from '@modelgate/testkit';
import type { DeepSeekReply } from './deepseek-reply.js';

/** DeepSeek's usage: OpenAI's totals plus cache hits and misses, and no `prompt_tokens_details`. */
export interface DeepSeekUsage extends CompletionUsage {
  prompt_cache_hit_tokens: number;
  prompt_cache_miss_tokens: number;
}

/** One answer, planned once for the JSON body or the stream. */
export interface DeepSeekAnswer {
  readonly identity: CompletionIdentity;
  readonly choice: PlannedChoice;
  /** Absent when the request did not think. */
  readonly reasoning: string | undefined;
  readonly usage: DeepSeekUsage;
}

/** `cachedTokens`: what the simulator's disk cache read (a scripted count wins), never more than the prompt. */
export function planDeepSeekAnswer(reply: DeepSeekReply, request: ChatCompletionRequest, thinking: boolean, cachedTokens = 0): DeepSeekAnswer {
  const [choice] = planChoices(reply.kind === 'text' ? { kind: 'text', text: reply.text } : { kind: 'tool_calls', calls: reply.calls, text: reply.text }, 1);
  // DeepSeek's own finish reason is not OpenAI's; the simulator sends it as DeepSeek does.
  if (reply.kind === 'text' && reply.finishReason) choice!.finishReason = reply.finishReason as FinishReason;
  const reasoning = thinking ? (reply.reasoning ?? `The user wrote: ${lastUserText(request.messages)}`) : undefined;
  const scripted = reply.usage ?? {};
  const promptTokens = scripted.promptTokens ?? estimatePromptTokens(request.messages);
  const reasoningTokens = scripted.reasoningTokens ?? estimateTokens(reasoning ?? '');
  const completionTokens = scripted.completionTokens ?? estimateTokens(choiceText(choice!)) + reasoningTokens;
  const hits = scripted.cachedTokens ?? Math.min(cachedTokens, promptTokens);
  return {
    identity: newCompletionIdentity(request.model),
    choice: choice!,
    reasoning,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_cache_hit_tokens: hits,
      prompt_cache_miss_tokens: promptTokens - hits,
      completion_tokens_details: { reasoning_tokens: reasoningTokens },
    },
  };
}

/** The JSON answer: `reasoning_content` next to `content` (PROTOCOLS G.2). */
export function buildDeepSeekCompletion(answer: DeepSeekAnswer): object {
  const { service_tier: _tier, choices, ...completion } = buildChatCompletion(answer.identity, [answer.choice], answer.usage);
  return {
    ...completion,
    choices: choices.map(({ message, ...choice }) => ({
      ...choice,
      message: {
        role: message.role,
        content: message.content,
        ...(answer.reasoning === undefined ? {} : { reasoning_content: answer.reasoning }),
        ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}),
      },
    })),
  };
}

/** The stream: the reasoning first, in `reasoning_content` deltas, then OpenAI's content and tool-call chunks. */
export function* buildDeepSeekChunks(answer: DeepSeekAnswer, includeUsage: boolean): Generator<ChatCompletionChunk> {
  const { identity, reasoning } = answer;
  if (reasoning !== undefined) {
    const base = { id: identity.id, object: 'chat.completion.chunk' as const, created: identity.created, model: identity.model, system_fingerprint: identity.systemFingerprint };
    const deltas = [{ role: 'assistant' as const, content: null, reasoning_content: '' }, ...splitText(reasoning).map((piece) => ({ content: null, reasoning_content: piece }))];
    for (const delta of deltas) {
      const chunk: ChatCompletionChunk = { ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: null }] };
      yield includeUsage ? { ...chunk, usage: null } : chunk;
    }
  }
  yield* buildChatChunks(identity, [answer.choice], includeUsage ? answer.usage : undefined);
}
