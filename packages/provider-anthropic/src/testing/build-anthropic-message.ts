import { estimateTokens, randomToken, splitEvery, splitText } from '@modelgate/testkit';
import type { PromptCacheUsage } from './anthropic-prompt-cache.js';
import type { AnthropicScriptedReply } from './anthropic-reply.js';
import type { ThinkingLedger } from './thinking-ledger.js';

type PlannedBlock =
  | { type: 'text'; text: string; citations?: Array<Record<string, unknown>> }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown>; inputAtStart?: boolean }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'server_tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'web_search_tool_result'; tool_use_id: string; content: Array<Record<string, unknown>> };

/** A scripted reply with ids, signatures, stop reason and usage fixed, shared by the JSON and the stream builders. */
export interface PlannedAnthropicMessage {
  id: string;
  model: string;
  content: PlannedBlock[];
  stopReason: string;
  stopSequence: string | null;
  stopDetails: AnthropicScriptedReply['stopDetails'] | null;
  usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
  /** `cache_creation_input_tokens` split by the breakpoints' time to live. */
  cacheCreation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

/** Tool input fragments are cut this small so even short inputs arrive in several pieces. */
const INPUT_PIECE_LENGTH = 8;

function blockText(block: PlannedBlock): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'thinking') return block.thinking;
  if (block.type === 'tool_use' || block.type === 'server_tool_use') return block.name + JSON.stringify(block.input);
  return '';
}

function planBlock(block: AnthropicScriptedReply['content'][number], ledger: ThinkingLedger): PlannedBlock {
  switch (block.type) {
    case 'tool_use':
      return { ...block, id: block.id ?? `toolu_${randomToken()}` };
    case 'server_tool_use':
      return { ...block, id: block.id ?? `srvtoolu_${randomToken()}` };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: ledger.sign(block.thinking, block.signature) };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: ledger.redact(block.data) };
    default:
      return block;
  }
}

/**
 * `cached` is what the request read from and wrote to the simulator's prompt cache (its
 * breakpoints); scripted counts win over it, and without either the prompt's text is estimated.
 */
export function planAnthropicMessage(reply: AnthropicScriptedReply, model: string, promptText: string, ledger: ThinkingLedger, cached?: PromptCacheUsage): PlannedAnthropicMessage {
  const content = reply.content.map((block) => planBlock(block, ledger));
  const stopReason = reply.stopReason ?? (content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const scripted = reply.usage ?? {};
  const written5m = scripted.cacheCreationInputTokens ?? cached?.written5mTokens ?? 0;
  const written1h = scripted.cacheCreationInputTokens === undefined ? (cached?.written1hTokens ?? 0) : 0;
  return {
    id: `msg_${randomToken()}`,
    model,
    content,
    stopReason,
    stopSequence: stopReason === 'stop_sequence' ? (reply.stopSequence ?? '') : null,
    stopDetails: reply.stopDetails ?? null,
    usage: {
      input_tokens: scripted.inputTokens ?? cached?.inputTokens ?? estimateTokens(promptText) + 3,
      output_tokens: scripted.outputTokens ?? Math.max(1, estimateTokens(content.map(blockText).join(''))),
      cache_creation_input_tokens: written5m + written1h,
      cache_read_input_tokens: scripted.cacheReadInputTokens ?? cached?.readTokens ?? 0,
    },
    cacheCreation: { ephemeral_5m_input_tokens: written5m, ephemeral_1h_input_tokens: written1h },
  };
}

function responseBlock(block: PlannedBlock): Record<string, unknown> {
  if (block.type === 'text') return { type: 'text', text: block.text, citations: block.citations ?? null };
  if (block.type === 'tool_use') return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
  return { ...block };
}

/** Server tool calls as the usage counts them (`web_search_requests`, one per `server_tool_use` block of the tool), or null with none. */
function serverToolUse(plan: PlannedAnthropicMessage): Record<string, number> | null {
  const searches = plan.content.filter((block) => block.type === 'server_tool_use' && block.name === 'web_search').length;
  return searches > 0 ? { web_search_requests: searches } : null;
}

function usageBody(plan: PlannedAnthropicMessage): Record<string, unknown> {
  return { ...plan.usage, cache_creation: plan.cacheCreation, server_tool_use: serverToolUse(plan), service_tier: 'standard' };
}

/** The non-streaming answer (PROTOCOLS D.4). */
export function buildAnthropicMessage(plan: PlannedAnthropicMessage): Record<string, unknown> {
  return {
    id: plan.id,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: plan.content.map(responseBlock),
    stop_reason: plan.stopReason,
    stop_sequence: plan.stopSequence,
    ...(plan.stopDetails ? { stop_details: plan.stopDetails } : {}),
    usage: usageBody(plan),
  };
}

function event(payload: Record<string, unknown>): string {
  return `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;
}

function* toolUseEvents(block: Extract<PlannedBlock, { type: 'tool_use' }>, start: (block: Record<string, unknown>) => string, delta: (body: Record<string, unknown>) => string): Generator<string> {
  if (block.inputAtStart) {
    yield start({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
    return;
  }
  yield start({ type: 'tool_use', id: block.id, name: block.name, input: {} });
  // Anthropic's first fragment is often empty; an input of {} streams no other fragment at all.
  yield delta({ type: 'input_json_delta', partial_json: '' });
  const json = JSON.stringify(block.input);
  if (json !== '{}') for (const piece of splitEvery(json, INPUT_PIECE_LENGTH)) yield delta({ type: 'input_json_delta', partial_json: piece });
}

function* blockEvents(block: PlannedBlock, index: number): Generator<string> {
  const start = (contentBlock: Record<string, unknown>) => event({ type: 'content_block_start', index, content_block: contentBlock });
  const delta = (body: Record<string, unknown>) => event({ type: 'content_block_delta', index, delta: body });
  switch (block.type) {
    case 'text':
      yield start({ type: 'text', text: '' });
      for (const text of splitText(block.text)) yield delta({ type: 'text_delta', text });
      for (const citation of block.citations ?? []) yield delta({ type: 'citations_delta', citation });
      break;
    case 'thinking':
      yield start({ type: 'thinking', thinking: '', signature: '' });
      for (const thinking of splitText(block.thinking)) yield delta({ type: 'thinking_delta', thinking });
      yield delta({ type: 'signature_delta', signature: block.signature });
      break;
    case 'tool_use':
      yield* toolUseEvents(block, start, delta);
      break;
    case 'server_tool_use':
      yield start({ type: 'server_tool_use', id: block.id, name: block.name, input: {} });
      yield delta({ type: 'input_json_delta', partial_json: JSON.stringify(block.input) });
      break;
    default:
      // redacted_thinking and server tool results arrive whole in their start event.
      yield start({ ...block });
  }
  yield event({ type: 'content_block_stop', index });
}

function messageStart(plan: PlannedAnthropicMessage): string {
  const { output_tokens: _output, ...inputUsage } = plan.usage;
  const message = buildAnthropicMessage(plan);
  return event({
    type: 'message_start',
    message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...usageBody(plan), ...inputUsage, output_tokens: 1, server_tool_use: null } },
  });
}

/**
 * The stream (PROTOCOLS D.5): message_start (input and cache usage), a ping, each block's
 * start/deltas/stop, message_delta, message_stop; or, for a scripted `streamError`,
 * message_start, a ping and the error event, before any content.
 */
export function* buildAnthropicEvents(plan: PlannedAnthropicMessage, streamError?: AnthropicScriptedReply['streamError']): Generator<string> {
  yield messageStart(plan);
  yield event({ type: 'ping' });
  if (streamError) {
    yield event({ type: 'error', error: streamError });
    return;
  }
  for (const [index, block] of plan.content.entries()) yield* blockEvents(block, index);
  const delta = { stop_reason: plan.stopReason, stop_sequence: plan.stopSequence, ...(plan.stopDetails ? { stop_details: plan.stopDetails } : {}) };
  // The final counts: server tool calls are known only once the turn is done.
  const toolUse = serverToolUse(plan);
  yield event({ type: 'message_delta', delta, usage: { output_tokens: plan.usage.output_tokens, ...(toolUse && { server_tool_use: toolUse }) } });
  yield event({ type: 'message_stop' });
}
