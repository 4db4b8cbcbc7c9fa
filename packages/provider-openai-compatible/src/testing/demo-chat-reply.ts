import { isRecord, planDemoStep, type DemoToolOffer, type DemoTurn } from '@modelgate/testkit';
import type { OpenAiTextReply, OpenAiToolCallsReply } from './openai-chat-reply.js';
import { contentText } from './message-text.js';

interface LooseMessage {
  role?: unknown;
  content?: unknown;
}

/** The turn since the model last spoke: a tool result if it holds one (the client may add text beside it), else the user's message. */
function lastTurn(messages: readonly LooseMessage[]): DemoTurn | undefined {
  const sinceModel = messages.slice(messages.findLastIndex((message) => message.role === 'assistant') + 1);
  const result = sinceModel.findLast((message) => message.role === 'tool');
  if (result) return { kind: 'tool_result', text: contentText(result.content) };
  const user = sinceModel.findLast((message) => message.role === 'user');
  return user ? { kind: 'user', text: contentText(user.content) } : undefined;
}

function offeredTools(tools: unknown): DemoToolOffer[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: unknown) =>
    isRecord(tool) && tool.type === 'function' && isRecord(tool.function) && typeof tool.function.name === 'string'
      ? [{ name: tool.function.name, parameters: tool.function.parameters }]
      : [],
  );
}

/**
 * The demo's answer to a Chat Completions request (`planDemoStep`, @modelgate/testkit): a tool call
 * or a quoted tool result, or undefined to echo. Only simulators started with `demoToolRule` use it.
 */
export function demoChatReply(body: unknown): OpenAiTextReply | OpenAiToolCallsReply | undefined {
  if (!isRecord(body)) return undefined;
  const turn = Array.isArray(body.messages) ? lastTurn(body.messages as LooseMessage[]) : undefined;
  const step = turn && planDemoStep(turn, offeredTools(body.tools));
  if (!step) return undefined;
  if (step.kind === 'text') return { kind: 'text', text: step.text };
  return { kind: 'tool_calls', calls: [{ name: step.name, arguments: JSON.stringify(step.input) }] };
}
