import type { ResponsesRequest } from '@modelgate/core';
import { randomToken } from '@modelgate/testkit';
import { compactionItem, generatedText } from './plan-response-output.js';
import { inputItems, promptText } from './responses-input-text.js';
import { responsesUsage } from './responses-usage.js';

/** Keeps the conversation's user messages, as `/responses/compact` does (PROTOCOLS C.1). */
function userMessages(request: ResponsesRequest): Array<Record<string, unknown>> {
  return inputItems(request.input)
    .filter((item) => item.role === 'user' && (item.type === undefined || item.type === 'message'))
    .map((item) => ({
      type: 'message',
      role: 'user',
      content: typeof item.content === 'string' ? [{ type: 'input_text', text: item.content }] : item.content,
    }));
}

/** The `response.compaction` object: the user messages, then one `compaction` item standing for the rest. */
export function buildCompactedResponse(request: ResponsesRequest): Record<string, unknown> {
  const compaction = compactionItem(inputItems(request.input).length);
  const prompt = promptText(request);
  return {
    id: `resp_${randomToken()}`,
    object: 'response.compaction',
    created_at: Math.floor(Date.now() / 1000),
    output: [...userMessages(request), compaction],
    usage: responsesUsage(prompt, generatedText(compaction)),
  };
}
