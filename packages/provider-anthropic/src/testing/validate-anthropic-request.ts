import { isRecord } from '@modelgate/testkit';
import { invalidAnthropicRequest, type AnthropicProblem } from './anthropic-errors.js';

// Checks a `/v1/messages` body the way Anthropic does (PROTOCOLS D.2, D.3, I), with Anthropic's
// wording, so a translator that would fail in production fails the same way in tests.

const TOP_LEVEL_FIELDS = new Set([
  'model', 'max_tokens', 'messages', 'system', 'stop_sequences', 'temperature', 'top_p', 'top_k', 'metadata', 'stream',
  'tools', 'tool_choice', 'thinking', 'output_config', 'service_tier', 'cache_control', 'container', 'inference_geo',
  'context_management', 'mcp_servers',
]);
const IMAGE_MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;
const TOOL_ID = /^[a-zA-Z0-9_-]+$/;

type Block = Record<string, unknown>;

function blocksOf(content: unknown): Block[] {
  return Array.isArray(content) ? (content as Block[]) : [];
}

function checkTextBlock(block: Block, path: string): AnthropicProblem | undefined {
  if (typeof block.text !== 'string') return invalidAnthropicRequest(`${path}.text: Field required`);
  if (block.text.trim() === '') return invalidAnthropicRequest(`${path}: text content blocks must contain non-whitespace text`);
  return undefined;
}

function checkBlock(block: Block, role: string, path: string): AnthropicProblem | undefined {
  switch (block.type) {
    case 'text':
      return checkTextBlock(block, path);
    case 'image': {
      const source = isRecord(block.source) ? block.source : {};
      if (source.type === 'base64') {
        if (!IMAGE_MEDIA_TYPES.has(String(source.media_type))) {
          return invalidAnthropicRequest(`${path}.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`);
        }
        if (typeof source.data !== 'string' || source.data === '') return invalidAnthropicRequest(`${path}.source.base64.data: Field required`);
        return undefined;
      }
      if (source.type === 'url' && typeof source.url === 'string' && /^https?:\/\//.test(source.url)) return undefined;
      return invalidAnthropicRequest(`${path}.source: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'url', 'file'`);
    }
    case 'document':
      return undefined;
    case 'tool_use':
      if (role !== 'assistant') return invalidAnthropicRequest(`${path}: tool_use blocks may only appear in assistant messages`);
      if (typeof block.id !== 'string' || !TOOL_ID.test(block.id)) return invalidAnthropicRequest(`${path}.id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
      if (!isRecord(block.input)) return invalidAnthropicRequest(`${path}.input: Input should be a valid dictionary`);
      return undefined;
    case 'tool_result':
      if (role !== 'user') return invalidAnthropicRequest(`${path}: tool_result blocks may only appear in user messages`);
      if (typeof block.tool_use_id !== 'string' || !TOOL_ID.test(block.tool_use_id)) {
        return invalidAnthropicRequest(`${path}.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
      }
      for (const [index, inner] of blocksOf(block.content).entries()) {
        if (inner.type === 'text') {
          const problem = checkTextBlock(inner, `${path}.content.${index}`);
          if (problem) return problem;
        }
      }
      return undefined;
    case 'thinking':
    case 'redacted_thinking':
      if (role !== 'assistant') return invalidAnthropicRequest(`${path}: thinking blocks may only appear in assistant messages`);
      return undefined;
    default:
      return invalidAnthropicRequest(`${path}: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`);
  }
}

function checkToolPairing(messages: Block[]): AnthropicProblem | undefined {
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant') {
      const uses = blocks.filter((block) => block.type === 'tool_use').map((block) => String(block.id));
      const next = messages[index + 1];
      const answered = new Set(blocksOf(next?.content).filter((block) => block.type === 'tool_result').map((block) => String(block.tool_use_id)));
      const missing = uses.filter((id) => !answered.has(id));
      if (missing.length > 0) {
        return invalidAnthropicRequest(
          `messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
    } else {
      const previous = messages[index - 1];
      const used = new Set(blocksOf(previous?.content).filter((block) => block.type === 'tool_use').map((block) => String(block.id)));
      for (const [position, block] of blocks.entries()) {
        if (block.type === 'tool_result' && !used.has(String(block.tool_use_id))) {
          return invalidAnthropicRequest(
            `messages.${index}.content.${position}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
          );
        }
      }
    }
  }
  return undefined;
}

function checkMessages(messages: unknown): AnthropicProblem | undefined {
  if (!Array.isArray(messages)) return invalidAnthropicRequest('messages: Field required');
  if (messages.length === 0) return invalidAnthropicRequest('messages: at least one message is required');
  for (const [index, message] of (messages as unknown[]).entries()) {
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
  return checkToolPairing(messages as Block[]);
}

function checkTools(body: Record<string, unknown>): AnthropicProblem | undefined {
  const tools = body.tools;
  const names = new Set<string>();
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return invalidAnthropicRequest('tools: Input should be a valid list');
    for (const [index, tool] of (tools as unknown[]).entries()) {
      if (!isRecord(tool) || typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
        return invalidAnthropicRequest(`tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
      }
      if (!isRecord(tool.input_schema) || tool.input_schema.type !== 'object') {
        return invalidAnthropicRequest(`tools.${index}.custom.input_schema.type: Input should be 'object'`);
      }
      const extra = Object.keys(tool).find((key) => !['name', 'description', 'input_schema', 'strict', 'cache_control', 'type'].includes(key));
      if (extra) return invalidAnthropicRequest(`tools.${index}.custom.${extra}: Extra inputs are not permitted`);
      names.add(tool.name);
    }
  }
  const choice = body.tool_choice;
  if (choice === undefined) return undefined;
  if (!isRecord(choice) || !['auto', 'any', 'tool', 'none'].includes(String(choice.type))) {
    return invalidAnthropicRequest("tool_choice: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'");
  }
  if (choice.type === 'tool' && !names.has(String(choice.name))) return invalidAnthropicRequest(`tool_choice.tool.name: tool '${String(choice.name)}' not found in tools`);
  if ((choice.type === 'any' || choice.type === 'tool') && names.size === 0) return invalidAnthropicRequest('tool_choice: may only be specified while providing tools');
  if (choice.type === 'none' && 'disable_parallel_tool_use' in choice) return invalidAnthropicRequest('tool_choice.none.disable_parallel_tool_use: Extra inputs are not permitted');
  return undefined;
}

function checkThinking(body: Record<string, unknown>, maxTokens: number): AnthropicProblem | undefined {
  const thinking = body.thinking;
  if (thinking === undefined || (isRecord(thinking) && thinking.type === 'disabled')) return undefined;
  if (!isRecord(thinking) || thinking.type !== 'enabled') return invalidAnthropicRequest("thinking: Input tag does not match any of the expected tags: 'enabled', 'disabled', 'adaptive'");
  const budget = thinking.budget_tokens;
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1024) return invalidAnthropicRequest('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
  if (budget >= maxTokens) return invalidAnthropicRequest('`max_tokens` must be greater than `thinking.budget_tokens`.');
  if (body.temperature !== undefined && body.temperature !== 1) return invalidAnthropicRequest('`temperature` may only be set to 1 when thinking is enabled.');
  if (body.top_k !== undefined) return invalidAnthropicRequest('`top_k` is not supported when thinking is enabled.');
  if (typeof body.top_p === 'number' && body.top_p < 0.95) return invalidAnthropicRequest('`top_p` must be between 0.95 and 1 when thinking is enabled.');
  if (isRecord(body.tool_choice) && (body.tool_choice.type === 'any' || body.tool_choice.type === 'tool')) {
    return invalidAnthropicRequest('Thinking may not be enabled when tool_choice forces tool use.');
  }
  const messages = body.messages as Block[];
  const lastToolTurn = messages.findLastIndex((message) => message.role === 'assistant' && blocksOf(message.content).some((block) => block.type === 'tool_use'));
  if (lastToolTurn >= 0) {
    const first = blocksOf(messages[lastToolTurn]!.content)[0];
    if (first?.type !== 'thinking' && first?.type !== 'redacted_thinking') {
      return invalidAnthropicRequest(
        `messages.${lastToolTurn}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block.`,
      );
    }
  }
  return undefined;
}

function checkScalars(body: Record<string, unknown>): AnthropicProblem | undefined {
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 1)) {
    return invalidAnthropicRequest('temperature: Input should be less than or equal to 1');
  }
  if (body.top_p !== undefined && (typeof body.top_p !== 'number' || body.top_p < 0 || body.top_p > 1)) return invalidAnthropicRequest('top_p: Input should be less than or equal to 1');
  if (body.stop_sequences !== undefined) {
    if (!Array.isArray(body.stop_sequences) || body.stop_sequences.some((sequence) => typeof sequence !== 'string')) {
      return invalidAnthropicRequest('stop_sequences: Input should be a valid list of strings');
    }
    if ((body.stop_sequences as string[]).some((sequence) => sequence.trim() === '')) return invalidAnthropicRequest('stop_sequences: each stop sequence must contain non-whitespace');
  }
  if (body.system !== undefined && typeof body.system !== 'string') {
    if (!Array.isArray(body.system)) return invalidAnthropicRequest('system: Input should be a valid string or list of text blocks');
    for (const [index, block] of (body.system as unknown[]).entries()) {
      const problem = isRecord(block) && block.type === 'text' ? checkTextBlock(block, `system.${index}`) : invalidAnthropicRequest(`system.${index}.type: Input should be 'text'`);
      if (problem) return problem;
    }
  }
  if (body.metadata !== undefined) {
    if (!isRecord(body.metadata)) return invalidAnthropicRequest('metadata: Input should be a valid dictionary');
    const extra = Object.keys(body.metadata).find((key) => key !== 'user_id');
    if (extra) return invalidAnthropicRequest(`metadata.${extra}: Extra inputs are not permitted`);
  }
  if (body.output_config !== undefined) {
    const format = isRecord(body.output_config) ? body.output_config.format : undefined;
    if (format !== undefined && (!isRecord(format) || format.type !== 'json_schema' || !isRecord(format.schema))) {
      return invalidAnthropicRequest('output_config.format: Input should be {type: "json_schema", schema: {...}}');
    }
  }
  return undefined;
}

/** The first problem Anthropic would report for this body, or undefined when it would accept it. */
export function validateAnthropicRequest(body: unknown): AnthropicProblem | undefined {
  if (!isRecord(body)) return invalidAnthropicRequest('The request body is not valid JSON.');
  const extra = Object.keys(body).find((key) => !TOP_LEVEL_FIELDS.has(key));
  if (extra) return invalidAnthropicRequest(`${extra}: Extra inputs are not permitted`);
  if (typeof body.model !== 'string' || body.model === '') return invalidAnthropicRequest('model: Field required');
  if (body.max_tokens === undefined) return invalidAnthropicRequest('max_tokens: Field required');
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return invalidAnthropicRequest('max_tokens: Input should be a valid integer greater than or equal to 1');
  }
  return checkMessages(body.messages) ?? checkScalars(body) ?? checkTools(body) ?? checkThinking(body, body.max_tokens);
}
