import type { ChatCompletionChunk, ChatCompletionResponse } from '@modelgate/core';
import { convertDeepSeekUsage } from './convert-deepseek-usage.js';
import { throwOnDeepSeekResourceShortage } from './deepseek-resource-shortage.js';

/**
 * A whole answer: `reasoning_content` stays next to `content` as DeepSeek sent it; the usage gains
 * OpenAI's `cached_tokens`, so the answer is re-encoded (this also drops the blank lines DeepSeek
 * writes ahead of the body while it waits).
 */
export function convertFromDeepSeekResponse(response: ChatCompletionResponse): ChatCompletionResponse {
  for (const choice of response.choices) throwOnDeepSeekResourceShortage(choice.finish_reason);
  return response.usage ? { ...response, usage: convertDeepSeekUsage(response.usage) } : response;
}

/**
 * One stream chunk: relayed as DeepSeek's own bytes (its `reasoning_content` deltas included), except
 * the usage chunk, re-encoded with OpenAI's `cached_tokens`.
 */
export function convertFromDeepSeekChunk(chunk: ChatCompletionChunk): ChatCompletionChunk {
  for (const choice of chunk.choices) throwOnDeepSeekResourceShortage(choice.finish_reason);
  if (!chunk.usage) return chunk;
  const usage = convertDeepSeekUsage(chunk.usage);
  return usage === chunk.usage ? chunk : { ...chunk, usage };
}
