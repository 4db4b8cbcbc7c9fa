import { isRecord } from '@modelgate/testkit';
import { invalidAnthropicRequest, type AnthropicProblem } from './anthropic-errors.js';
import { blocksOf, checkBlock, type Block } from './validate-anthropic-blocks.js';

// The conversation as a whole: shape and alternation, every block, tool_use/tool_result pairing,
// unique tool_use ids, and tools defined whenever tool blocks appear.

function idsOf(blocks: readonly Block[], type: 'tool_use' | 'tool_result'): string[] {
  return blocks.filter((block) => block.type === type).map((block) => String(type === 'tool_use' ? block.id : block.tool_use_id));
}

function checkToolPairing(messages: readonly Block[]): AnthropicProblem | undefined {
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant') {
      const answered = new Set(idsOf(blocksOf(messages[index + 1]?.content), 'tool_result'));
      const missing = idsOf(blocks, 'tool_use').filter((id) => !answered.has(id));
      if (missing.length > 0) {
        return invalidAnthropicRequest(
          `messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
      continue;
    }
    const used = new Set(idsOf(blocksOf(messages[index - 1]?.content), 'tool_use'));
    for (const [position, block] of blocks.entries()) {
      if (block.type === 'tool_result' && !used.has(String(block.tool_use_id))) {
        return invalidAnthropicRequest(
          `messages.${index}.content.${position}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        );
      }
    }
  }
  return undefined;
}

/** Anthropic: "messages.1.content.1: `tool_use` ids must be unique", across the whole conversation. */
function checkUniqueToolIds(messages: readonly Block[]): AnthropicProblem | undefined {
  const seen = new Set<string>();
  for (const [index, message] of messages.entries()) {
    for (const [position, block] of blocksOf(message.content).entries()) {
      if (block.type !== 'tool_use') continue;
      if (seen.has(String(block.id))) return invalidAnthropicRequest(`messages.${index}.content.${position}: \`tool_use\` ids must be unique`);
      seen.add(String(block.id));
    }
  }
  return undefined;
}

function checkToolsDefined(messages: readonly Block[], tools: unknown): AnthropicProblem | undefined {
  const hasToolBlocks = messages.some((message) => blocksOf(message.content).some((block) => block.type === 'tool_use' || block.type === 'tool_result'));
  if (hasToolBlocks && (!Array.isArray(tools) || tools.length === 0)) {
    return invalidAnthropicRequest('Requests which include `tool_use` or `tool_result` blocks must define tools.');
  }
  return undefined;
}

function checkShape(messages: unknown[]): AnthropicProblem | undefined {
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message)) return invalidAnthropicRequest(`messages.${index}: Input should be a valid dictionary`);
    if (message.role !== 'user' && message.role !== 'assistant') return invalidAnthropicRequest(`messages.${index}.role: Input should be 'user' or 'assistant'`);
    if (index > 0 && (messages[index - 1] as Block).role === message.role) {
      return invalidAnthropicRequest(`messages: roles must alternate between "user" and "assistant", but found multiple "${message.role}" roles in a row`);
    }
    if (typeof message.content === 'string') {
      if (message.content.trim() === '') return invalidAnthropicRequest(`messages.${index}: text content blocks must contain non-whitespace text`);
      continue;
    }
    if (!Array.isArray(message.content) || message.content.length === 0) {
      return invalidAnthropicRequest(`messages.${index}: all messages must have non-empty content except for the optional final assistant message`);
    }
    for (const [position, block] of (message.content as unknown[]).entries()) {
      if (!isRecord(block)) return invalidAnthropicRequest(`messages.${index}.content.${position}: Input should be a valid dictionary`);
      const problem = checkBlock(block, message.role, `messages.${index}.content.${position}`);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** The first problem Anthropic reports for `messages` (with the request's `tools`), or undefined. */
export function checkMessages(messages: unknown, tools: unknown): AnthropicProblem | undefined {
  if (!Array.isArray(messages)) return invalidAnthropicRequest('messages: Field required');
  if (messages.length === 0) return invalidAnthropicRequest('messages: at least one message is required');
  const blocks = messages as Block[];
  return checkShape(messages) ?? checkUniqueToolIds(blocks) ?? checkToolPairing(blocks) ?? checkToolsDefined(blocks, tools);
}
