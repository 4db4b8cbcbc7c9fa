import { randomBytes } from 'node:crypto';
import { upstreamProtocolError, type AnthropicStopReason, type FinishReason } from '@modelgate/core';

/** The hub's finish reason as Anthropic's stop reason (PROTOCOLS F.7, "OpenAI → upstream vocabulary"). */
export function stopReasonOf(finish: FinishReason | null | undefined): AnthropicStopReason {
  switch (finish) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

/** An Anthropic-style message id for a bridged answer (`msg_` and 24 random hex digits). */
export function mintMessageId(): string {
  return `msg_${randomBytes(12).toString('hex')}`;
}

/** A tool call's arguments as the object `tool_use.input` must be; `{}` for none, a 502 for text that is not an object. */
export function toolInputOf(argumentsText: string | undefined, callId: string): Record<string, unknown> {
  if (argumentsText === undefined || argumentsText.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch (error) {
    throw upstreamProtocolError(`The model's arguments for tool call '${callId}' are not JSON, so they cannot be a tool_use input.`, error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw upstreamProtocolError(`The model's arguments for tool call '${callId}' are not a JSON object, so they cannot be a tool_use input.`);
  }
  return parsed as Record<string, unknown>;
}
