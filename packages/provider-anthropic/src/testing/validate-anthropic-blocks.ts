import { isRecord } from '@modelgate/testkit';
import { sniffImageMediaType } from '../sniff-image-media-type.js';
import { invalidAnthropicRequest, type AnthropicProblem } from './anthropic-errors.js';

// One content block of a request, checked the way Anthropic does, with its wording and its paths
// (`messages.0.content.1.image.source.base64.data`: the block type is part of the path).

export type Block = Record<string, unknown>;

const IMAGE_MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const TOOL_ID = /^[a-zA-Z0-9_-]+$/;

export function blocksOf(content: unknown): Block[] {
  return Array.isArray(content) ? (content as unknown[]).filter(isRecord) : [];
}

export function checkTextBlock(block: Block, path: string): AnthropicProblem | undefined {
  if (typeof block.text !== 'string') return invalidAnthropicRequest(`${path}.text: Field required`);
  if (block.text.trim() === '') return invalidAnthropicRequest(`${path}: text content blocks must contain non-whitespace text`);
  return undefined;
}

/** `cache_control` where a block carries one: `{type: "ephemeral", ttl?: "5m" | "1h"}`. */
export function checkCacheControl(block: Block, path: string): AnthropicProblem | undefined {
  if (block.cache_control === undefined) return undefined;
  const control = block.cache_control;
  if (!isRecord(control) || control.type !== 'ephemeral') return invalidAnthropicRequest(`${path}.cache_control.type: Input should be 'ephemeral'`);
  if (control.ttl !== undefined && control.ttl !== '5m' && control.ttl !== '1h') return invalidAnthropicRequest(`${path}.cache_control.ttl: Input should be '5m' or '1h'`);
  const extra = Object.keys(control).find((key) => key !== 'type' && key !== 'ttl');
  return extra ? invalidAnthropicRequest(`${path}.cache_control.ephemeral.${extra}: Extra inputs are not permitted`) : undefined;
}

function checkImage(block: Block, path: string): AnthropicProblem | undefined {
  const source = isRecord(block.source) ? block.source : {};
  if (source.type === 'base64') {
    if (!IMAGE_MEDIA_TYPES.has(String(source.media_type))) {
      return invalidAnthropicRequest(`${path}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`);
    }
    if (typeof source.data !== 'string' || source.data === '') return invalidAnthropicRequest(`${path}.image.source.base64.data: Field required`);
    if (sniffImageMediaType(source.data) !== source.media_type) {
      return invalidAnthropicRequest(`${path}.image.source.base64.data: Image does not match the provided media type ${String(source.media_type)}`);
    }
    return undefined;
  }
  if (source.type === 'url' && typeof source.url === 'string' && /^https?:\/\//.test(source.url)) return undefined;
  return invalidAnthropicRequest(`${path}.image.source: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'url', 'file'`);
}

function checkToolResult(block: Block, path: string): AnthropicProblem | undefined {
  if (typeof block.tool_use_id !== 'string' || !TOOL_ID.test(block.tool_use_id)) {
    return invalidAnthropicRequest(`${path}.tool_result.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
  }
  for (const [index, inner] of blocksOf(block.content).entries()) {
    const innerPath = `${path}.tool_result.content.${index}`;
    const problem = inner.type === 'text' ? checkTextBlock(inner, innerPath) : inner.type === 'image' ? checkImage(inner, innerPath) : undefined;
    if (problem) return problem;
  }
  return undefined;
}

/** Problems with one block of a `role` message, apart from the ones that need the whole conversation. */
export function checkBlock(block: Block, role: unknown, path: string): AnthropicProblem | undefined {
  const cacheProblem = checkCacheControl(block, path);
  if (cacheProblem) return cacheProblem;
  switch (block.type) {
    case 'text':
      return checkTextBlock(block, path);
    case 'image':
      return checkImage(block, path);
    case 'document':
      return undefined;
    case 'tool_use':
      if (role !== 'assistant') return invalidAnthropicRequest(`${path}: tool_use blocks may only appear in assistant messages`);
      if (typeof block.id !== 'string' || !TOOL_ID.test(block.id)) return invalidAnthropicRequest(`${path}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
      if (!isRecord(block.input)) return invalidAnthropicRequest(`${path}.tool_use.input: Input should be a valid dictionary`);
      return undefined;
    case 'tool_result':
      if (role !== 'user') return invalidAnthropicRequest(`${path}: tool_result blocks may only appear in user messages`);
      return checkToolResult(block, path);
    case 'thinking':
    case 'redacted_thinking':
      if (role !== 'assistant') return invalidAnthropicRequest(`${path}: thinking blocks may only appear in assistant messages`);
      return undefined;
    default:
      return invalidAnthropicRequest(`${path}: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`);
  }
}
