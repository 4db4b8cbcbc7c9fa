import type { AnthropicContentBlockParam, AnthropicMessageParam, AnthropicMessagesRequest } from '@modelgate/core';
import { isCarrier } from '../shared/reasoning-carrier.js';

/** A thinking block the gateway minted for a bridged answer (another family's reasoning), not Claude. */
function isGatewayThinking(block: AnthropicContentBlockParam): boolean {
  if (block.type === 'thinking') return isCarrier(block.signature);
  return block.type === 'redacted_thinking' && isCarrier(block.data);
}

function carriesGatewayThinking(message: AnthropicMessageParam): boolean {
  return message.role === 'assistant' && typeof message.content !== 'string' && message.content.some(isGatewayThinking);
}

function blocksOf(content: AnthropicMessageParam['content']): AnthropicContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/**
 * The request without the thinking blocks the gateway minted when another family answered earlier
 * turns of the conversation (a `/model` switch, a fallback, an alias change): Anthropic checks
 * every thinking signature and answers 400 "Invalid `signature` in `thinking` block" for one it did
 * not issue (anthropic-sdk-python#1598), on every later turn. Another model's reasoning means
 * nothing to Claude, so it is left out, as Anthropic itself may drop earlier turns' thinking. An
 * assistant message left empty goes too, the user messages around it joined into one turn. The
 * request is returned as it is when nothing needs removing.
 */
export function withoutGatewayThinking(request: AnthropicMessagesRequest): AnthropicMessagesRequest {
  if (!request.messages.some(carriesGatewayThinking)) return request;
  const messages: AnthropicMessageParam[] = [];
  for (const message of request.messages) {
    const content = carriesGatewayThinking(message) ? (message.content as AnthropicContentBlockParam[]).filter((block) => !isGatewayThinking(block)) : message.content;
    if (content.length === 0) continue;
    const previous = messages.at(-1);
    if (previous?.role === message.role) messages[messages.length - 1] = { ...previous, content: [...blocksOf(previous.content), ...blocksOf(content)] };
    else messages.push(content === message.content ? message : { ...message, content });
  }
  return { ...request, messages };
}
