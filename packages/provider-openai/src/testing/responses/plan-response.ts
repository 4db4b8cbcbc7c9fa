import type { ResponsesRequest } from '@modelgate/core';
import type { ResponseState } from './build-response-object.js';
import { compactionItem, generatedText, planOutputItem, type PlanOptions } from './plan-response-output.js';
import type { ResponsesReply } from './responses-reply.js';
import { endsWithCompactionTrigger, inputItems, lastUserInputText, promptText } from './responses-input-text.js';
import { responsesUsage } from './responses-usage.js';

export type FinalResponseState = ResponseState & { status: 'completed' | 'incomplete' | 'failed' };

/** The answer when nothing is scripted: deterministic, and shows the request made the round trip. */
export function echoResponsesReply(request: ResponsesRequest): ResponsesReply {
  return { kind: 'completed', items: [{ type: 'message', text: `Echo: ${lastUserInputText(request.input)}` }] };
}

/** Whether the simulator answers this request by compacting it (exactly one `compaction` item, PROTOCOLS C.3). */
export function isCompactionRequest(request: ResponsesRequest): boolean {
  return endsWithCompactionTrigger(request.input);
}

/** The final state of a response: a compaction for a `compaction_trigger`, otherwise the scripted reply. */
export function planResponse(request: ResponsesRequest, reply: ResponsesReply): FinalResponseState {
  const prompt = promptText(request);
  if (isCompactionRequest(request)) {
    const item = compactionItem(inputItems(request.input).length - 1);
    return { status: 'completed', output: [item], usage: responsesUsage(prompt, generatedText(item)) };
  }
  if (reply.kind === 'failed') {
    return { status: 'failed', output: [], usage: null, error: { code: reply.code, message: reply.message } };
  }
  const include = Array.isArray(request.include) ? request.include : [];
  const options: PlanOptions = { includeEncryptedReasoning: include.includes('reasoning.encrypted_content') };
  const output = (reply.items ?? []).map((item) => planOutputItem(item, options));
  const usage = responsesUsage(prompt, output.map(generatedText).join(''), reply.usage);
  if (reply.kind === 'incomplete') return { status: 'incomplete', output, usage, incompleteReason: reply.reason };
  return { status: 'completed', output, usage };
}
