import { upstreamProtocolError, type ChatCompletionResponse } from '@modelgate/core';
import { callItem, messageItem, mintItemId, reasoningItem, responseObject, statusOf, type BridgedAnswerContext, type OutputItem } from './responses-output-items.js';

/**
 * A whole chat completion as a Responses object (PROTOCOLS B.2, F.13): the reasoning first (its
 * text as a summary when asked for, what the next turn needs in `encrypted_content`), then the
 * text as a message, then each tool call as a `function_call` (or `custom_tool_call`) item, a
 * call's vendor data (a Gemini signature) in a reasoning item just before it.
 */
export function convertChatToResponse(response: ChatCompletionResponse, context: BridgedAnswerContext): Record<string, unknown> {
  const choice = response.choices[0];
  if (!choice) throw upstreamProtocolError('The upstream answered with no choice.');
  const { message } = choice;
  const output: OutputItem[] = [];
  const details = message.reasoning_details ?? [];
  if ((message.reasoning_content ?? '') !== '' || details.length > 0) output.push(reasoningItem(context, mintItemId('rs'), { text: message.reasoning_content, details }));
  const text = (message.content ?? '') + (message.refusal ?? '');
  if (text !== '') output.push(messageItem(mintItemId('msg'), text, 'completed'));
  for (const call of message.tool_calls ?? []) {
    if (call.extra_content && context.includeEncrypted) output.push(reasoningItem(context, mintItemId('rs'), { call: { id: call.id, extraContent: call.extra_content } }));
    output.push(callItem(context, mintItemId(context.customToolNames.has(call.function.name) ? 'ctc' : 'fc'), call.id, call.function.name, call.function.arguments, 'completed'));
  }
  return responseObject(context, { ...statusOf(choice.finish_reason), output, usage: response.usage });
}
