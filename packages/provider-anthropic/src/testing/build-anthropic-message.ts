import { estimateTokens, randomToken, splitEvery, splitText } from '@modelgate/testkit';
import type { AnthropicScriptedReply } from './anthropic-reply.js';

type PlannedBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature: string };

/** A scripted reply with ids, stop reason and usage fixed, shared by the JSON and the stream builders. */
export interface PlannedAnthropicMessage {
  id: string;
  model: string;
  content: PlannedBlock[];
  stopReason: string;
  stopSequence: string | null;
  usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
}

/** Tool input fragments are cut this small so even short inputs arrive in several pieces. */
const INPUT_PIECE_LENGTH = 8;

function blockText(block: PlannedBlock): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'thinking') return block.thinking;
  return block.name + JSON.stringify(block.input);
}

export function planAnthropicMessage(reply: AnthropicScriptedReply, model: string, promptText: string): PlannedAnthropicMessage {
  const content = reply.content.map((block): PlannedBlock => {
    if (block.type === 'tool_use') return { type: 'tool_use', id: block.id ?? `toolu_${randomToken()}`, name: block.name, input: block.input };
    if (block.type === 'thinking') return { type: 'thinking', thinking: block.thinking, signature: block.signature ?? `Eq${randomToken(40)}` };
    return block;
  });
  const stopReason = reply.stopReason ?? (content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const scripted = reply.usage ?? {};
  return {
    id: `msg_${randomToken()}`,
    model,
    content,
    stopReason,
    stopSequence: stopReason === 'stop_sequence' ? (reply.stopSequence ?? '') : null,
    usage: {
      input_tokens: scripted.inputTokens ?? estimateTokens(promptText) + 3,
      output_tokens: scripted.outputTokens ?? Math.max(1, estimateTokens(content.map(blockText).join(''))),
      cache_creation_input_tokens: scripted.cacheCreationInputTokens ?? 0,
      cache_read_input_tokens: scripted.cacheReadInputTokens ?? 0,
    },
  };
}

function responseBlock(block: PlannedBlock): Record<string, unknown> {
  return block.type === 'text' ? { type: 'text', text: block.text, citations: null } : { ...block };
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
    usage: { ...plan.usage, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 }, server_tool_use: null, service_tier: 'standard' },
  };
}

function event(payload: Record<string, unknown>): string {
  return `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;
}

function* blockEvents(block: PlannedBlock, index: number): Generator<string> {
  const delta = (body: Record<string, unknown>) => event({ type: 'content_block_delta', index, delta: body });
  if (block.type === 'text') {
    yield event({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    for (const text of splitText(block.text)) yield delta({ type: 'text_delta', text });
  } else if (block.type === 'thinking') {
    yield event({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    for (const thinking of splitText(block.thinking)) yield delta({ type: 'thinking_delta', thinking });
    yield delta({ type: 'signature_delta', signature: block.signature });
  } else {
    yield event({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
    // Anthropic's first fragment is often empty; an input of {} streams no other fragment at all.
    yield delta({ type: 'input_json_delta', partial_json: '' });
    const json = JSON.stringify(block.input);
    if (json !== '{}') for (const piece of splitEvery(json, INPUT_PIECE_LENGTH)) yield delta({ type: 'input_json_delta', partial_json: piece });
  }
  yield event({ type: 'content_block_stop', index });
}

/** The stream (PROTOCOLS D.5): message_start, a ping, each block's start/deltas/stop, message_delta, message_stop. */
export function* buildAnthropicEvents(plan: PlannedAnthropicMessage): Generator<string> {
  const { output_tokens: outputTokens, ...inputUsage } = plan.usage;
  const message = buildAnthropicMessage(plan);
  yield event({
    type: 'message_start',
    message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...inputUsage, output_tokens: 1 } },
  });
  yield event({ type: 'ping' });
  for (const [index, block] of plan.content.entries()) yield* blockEvents(block, index);
  yield event({ type: 'message_delta', delta: { stop_reason: plan.stopReason, stop_sequence: plan.stopSequence }, usage: { output_tokens: outputTokens } });
  yield event({ type: 'message_stop' });
}
