import type { AssistantMessage, ChatMessage, ReasoningDetail } from '@modelgate/core';

export interface RestoredReasoning {
  readonly messages: ChatMessage[];
  /** Indexes of the assistant turns that went out with the placeholder. */
  readonly placeholderAt: number[];
}

/** A detail written for DeepSeek, or for nobody in particular (OpenRouter's `unknown`); never another vendor's. */
function isDeepSeekText(detail: ReasoningDetail): detail is Extract<ReasoningDetail, { type: 'reasoning.text' }> {
  const format = detail.format;
  return detail.type === 'reasoning.text' && (format === undefined || format === null || format === 'unknown' || format.startsWith('deepseek'));
}

/** The turn's reasoning as the client kept it: `reasoning_content`, else the text of its `reasoning_details`. */
function keptReasoning(message: AssistantMessage): string | undefined {
  if (typeof message.reasoning_content === 'string' && message.reasoning_content.length > 0) return message.reasoning_content;
  const text = (message.reasoning_details ?? []).filter(isDeepSeekText).map((detail) => detail.text).join('');
  return text.length > 0 ? text : undefined;
}

/**
 * DeepSeek's round trip (PROTOCOLS G.2): every assistant turn of a tool loop (one with tool calls,
 * or one answering tool results since the last user message) must carry its `reasoning_content` in
 * every later request, or DeepSeek answers 400, whatever the thinking mode of the request. Many
 * OpenAI clients drop the field: it is taken from `reasoning_details` when the client kept that
 * (the hub extension), else the placeholder is sent and the turn reported. `reasoning_details`
 * itself is the gateway's extension, not DeepSeek's, and never goes out.
 */
export function restoreDeepSeekReasoningContent(messages: readonly ChatMessage[], placeholder: string): RestoredReasoning {
  const placeholderAt: number[] = [];
  let inToolLoop = false;
  const restored = messages.map((message, index): ChatMessage => {
    if (message.role === 'user') inToolLoop = false;
    if (message.role === 'tool') inToolLoop = true;
    if (message.role !== 'assistant') return message;
    const { reasoning_details: _details, ...sent } = message;
    if ((message.tool_calls?.length ?? 0) > 0) inToolLoop = true;
    if (!inToolLoop) return message.reasoning_details === undefined ? message : sent;
    const reasoning = keptReasoning(message);
    if (reasoning === undefined) placeholderAt.push(index);
    return { ...sent, reasoning_content: reasoning ?? placeholder };
  });
  return { messages: restored, placeholderAt };
}
