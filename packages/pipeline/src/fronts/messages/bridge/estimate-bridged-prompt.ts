import type { AnthropicMessagesRequest } from '@modelgate/core';
import { estimateRequestTokens } from '../../shared/estimate-tokens.js';
import { imageSizeOfBase64 } from './image-dimensions.js';
import { openAiImageTokens } from './estimate-image-tokens.js';

interface Walk {
  imageTokens: number;
}

// Image blocks sit in a message's content and in a tool_result's content: each is counted at its
// vendor cost and left out of the text the estimate measures, so its base64 weighs nothing there.
function withoutImages(value: unknown, walk: Walk): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutImages(item, walk));
  if (!value || typeof value !== 'object') return value;
  const block = value as { type?: unknown; source?: { type?: unknown; data?: unknown } };
  if (block.type === 'image') {
    const data = block.source?.type === 'base64' && typeof block.source.data === 'string' ? block.source.data : undefined;
    walk.imageTokens += openAiImageTokens(data === undefined ? undefined : imageSizeOfBase64(data));
    return { type: 'image' };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutImages(item, walk)]));
}

/**
 * A bridged Messages prompt's tokens where the vendor has no counter (OpenAI, DeepSeek): the text
 * by the gateway's estimate (about four characters a token), each image at OpenAI's image cost by
 * its size, read from its header.
 */
export function estimateBridgedPromptTokens(request: AnthropicMessagesRequest): number {
  const walk: Walk = { imageTokens: 0 };
  const messages = withoutImages(request.messages, walk);
  const { promptTokens } = estimateRequestTokens([request.system, messages, request.tools], [0]);
  return promptTokens + walk.imageTokens;
}
