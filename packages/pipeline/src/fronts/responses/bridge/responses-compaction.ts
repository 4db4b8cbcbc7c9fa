import type { ChatCompletionRequest, CompletionUsage } from '@modelgate/core';
import { responsesUsageFromCompletion } from '../responses-usage.js';
import type { ResponsesInputItem } from './bridged-responses-request.js';
import { encodeMinted } from './minted-reasoning.js';
import { mintItemId, type BridgedAnswerContext, type OutputItem } from './responses-output-items.js';

/**
 * What the model is asked when a bridged conversation is compacted: a hand-off summary, which the
 * gateway returns as the one `compaction` item (PROTOCOLS C.3, C.4 option b) and expands back into
 * a user message when the item comes back (convert-responses-input).
 */
export const COMPACTION_PROMPT =
  'Compact the conversation so far into a hand-off summary for another instance of yourself that will continue the work from it. ' +
  'Give the goal, the decisions and their reasons, the state of the work (files changed, commands run and their results), what remains to be done, ' +
  'and anything the user asked to keep in mind. Write the summary only, as plain text, without calling any tool.';

/** Whether a request asks for in-band compaction: its last input item is `compaction_trigger` (PROTOCOLS C.3). */
export function endsWithCompactionTrigger(input: unknown): input is ResponsesInputItem[] {
  return Array.isArray(input) && (input.at(-1) as ResponsesInputItem | undefined)?.type === 'compaction_trigger';
}

/** The hub request as a summarising turn: the prompt after the history, and no tool call wanted. */
export function asCompactionRequest(chat: ChatCompletionRequest): ChatCompletionRequest {
  return { ...chat, messages: [...chat.messages, { role: 'user', content: COMPACTION_PROMPT }], ...(chat.tools && { tool_choice: 'none' as const }) };
}

/** The `compaction` item that carries the summary, readable by this gateway alone. */
export function compactionItem(context: BridgedAnswerContext, summary: string): OutputItem {
  return { id: mintItemId('cmp'), type: 'compaction', encrypted_content: encodeMinted({ minter: context.minter, summary }) };
}

/**
 * `POST /v1/responses/compact`'s answer (PROTOCOLS C.1): a `response.compaction` object whose
 * output is the conversation's user messages, then the one compaction item.
 */
export function compactedResponse(context: BridgedAnswerContext, summary: string, usage: CompletionUsage | undefined): Record<string, unknown> {
  const input = context.request.input;
  const items = typeof input === 'string' ? [{ role: 'user', content: input }] : (input ?? []);
  // As OpenAI returns them: typed messages, text content as input_text parts.
  const userMessages = items
    .filter((item) => (item.type ?? 'message') === 'message' && item.role === 'user')
    .map((item) => ({ type: 'message', role: 'user', content: typeof item.content === 'string' ? [{ type: 'input_text', text: item.content }] : item.content }));
  return {
    id: context.responseId,
    object: 'response.compaction',
    created_at: context.createdAt,
    output: [...userMessages, compactionItem(context, summary)],
    usage: responsesUsageFromCompletion(usage),
  };
}
