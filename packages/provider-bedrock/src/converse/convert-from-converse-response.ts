import { randomUUID } from 'node:crypto';
import { upstreamProtocolError, type ChatCompletionResponse, type FunctionToolCall, type ReasoningDetail } from '@modelgate/core';
import type { ConverseContentBlock, ConverseResponse } from './converse-api-types.js';
import { convertConverseUsage, mapConverseStopReason } from './converse-usage.js';

/** Converse answers carry no id: the gateway mints one in OpenAI's form. */
export function converseChatId(): string {
  return `chatcmpl-${randomUUID().replaceAll('-', '')}`;
}

/** One reasoning block as the hub's detail, tagged with the model that minted it. */
export function converseReasoningDetail(block: ConverseContentBlock & { reasoningContent: unknown }, format: string, index: number): ReasoningDetail | undefined {
  const { reasoningText, redactedContent } = block.reasoningContent as { reasoningText?: { text?: string; signature?: string }; redactedContent?: string };
  if (redactedContent !== undefined) return { type: 'reasoning.encrypted', data: redactedContent, format, index };
  if (reasoningText) return { type: 'reasoning.text', text: reasoningText.text ?? '', signature: reasoningText.signature ?? null, format, index };
  return undefined;
}

/** A Converse answer as a chat completion (PROTOCOLS J.3). */
export function convertFromConverseResponse(body: unknown, created: number, model: string, format: string): ChatCompletionResponse {
  const answer = body as Partial<ConverseResponse>;
  const content = answer.output?.message?.content;
  if (!Array.isArray(content)) throw upstreamProtocolError('Bedrock Converse answered without output.message.content.');
  let text = '';
  let reasoning = '';
  const toolCalls: FunctionToolCall[] = [];
  const details: ReasoningDetail[] = [];
  for (const block of content) {
    if ('text' in block) text += block.text;
    else if ('toolUse' in block) toolCalls.push({ id: block.toolUse.toolUseId, type: 'function', function: { name: block.toolUse.name, arguments: JSON.stringify(block.toolUse.input ?? {}) } });
    else if ('reasoningContent' in block) {
      const detail = converseReasoningDetail(block, format, details.length);
      if (detail) details.push(detail);
      if (detail?.type === 'reasoning.text') reasoning += detail.text;
    }
  }
  return {
    id: converseChatId(),
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text === '' && toolCalls.length > 0 ? null : text,
          refusal: null,
          ...(reasoning ? { reasoning_content: reasoning } : {}),
          ...(details.length > 0 ? { reasoning_details: details } : {}),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: mapConverseStopReason(answer.stopReason),
      },
    ],
    usage: convertConverseUsage(answer.usage),
  };
}
