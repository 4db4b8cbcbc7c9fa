import type { AnthropicCacheControl, PromptCachePolicyV1 } from '@modelgate/core';
import type { SentAnthropicRequest } from './sent-anthropic-request.js';

/** Anthropic allows four cache breakpoints per request (tools, system and message blocks together). */
export const MAX_CACHE_BREAKPOINTS = 4;

/** A tool, a system block or a message block, as far as breakpoints go (a thinking block has no `cache_control`). */
interface Markable {
  type?: string;
  text?: string;
  cache_control?: AnthropicCacheControl | null;
}

/** Every block of a request that may carry a breakpoint (a tool result's own blocks too), in the order of Anthropic's cache prefix: tools, system, messages. */
export function breakpointCarriers(body: SentAnthropicRequest): Markable[] {
  const blocks = [...(body.tools ?? []), ...(body.system ?? []), ...body.messages.flatMap((message) => message.content)] as Array<Markable & { content?: unknown }>;
  return blocks.flatMap((block) => (block.type === 'tool_result' && Array.isArray(block.content) ? [block, ...(block.content as Markable[])] : [block]));
}

/**
 * The operator's auto breakpoints (`promptCache.autoBreakpoints`) for a request that brings none:
 * after the last tool, the last system block, and the last block of the previous and the last user
 * turns. The last user turn's writes the conversation so far; the previous one's is where the
 * previous request wrote, so the next turn reads it even when more than Anthropic's 20-block
 * look-back lies between them (an agent's long tool loop). At most four; a client's own
 * breakpoints are left as they are.
 */
export function placeAnthropicCacheBreakpoints(body: SentAnthropicRequest, policy: PromptCachePolicyV1 | undefined): void {
  if (!policy?.autoBreakpoints) return;
  if (breakpointCarriers(body).some((block) => block.cache_control)) return;
  const control: AnthropicCacheControl = policy.ttl === '1h' ? { type: 'ephemeral', ttl: '1h' } : { type: 'ephemeral' };
  const userTurns = body.messages.filter((message) => message.role === 'user' && message.content.length > 0);
  const marked = [body.tools?.at(-1), body.system?.at(-1), userTurns.at(-2)?.content.at(-1), userTurns.at(-1)?.content.at(-1)] as Array<Markable | undefined>;
  for (const block of marked) if (block && cacheable(block)) block.cache_control = control;
}

/** Thinking blocks cannot carry a breakpoint, nor can an empty text block. */
function cacheable(block: Markable): boolean {
  if (block.type === 'thinking' || block.type === 'redacted_thinking') return false;
  return block.type !== 'text' || (block.text ?? '').length > 0;
}
