import { isRecord, planDemoStep, type DemoToolOffer, type DemoTurn } from '@modelgate/testkit';
import type { ResponsesCompletedReply } from './responses-reply.js';
import { inputItems } from './responses-input-text.js';

/** Output items the model produced; the client's turn is what follows the last of them. */
const MODEL_ITEM_TYPES = new Set(['function_call', 'custom_tool_call', 'reasoning', 'compaction']);

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('') : '';
}

/** The turn since the model last spoke: a tool's output if it holds one, else the user's message. */
function lastTurn(input: unknown): DemoTurn | undefined {
  const items = inputItems(input);
  const sinceModel = items.slice(items.findLastIndex((item) => item.role === 'assistant' || MODEL_ITEM_TYPES.has(String(item.type))) + 1);
  const output = sinceModel.findLast((item) => item.type === 'function_call_output' || item.type === 'custom_tool_call_output');
  if (output) return { kind: 'tool_result', text: partsText(output.output) };
  const user = sinceModel.findLast((item) => item.role === 'user');
  return user ? { kind: 'user', text: partsText(user.content) } : undefined;
}

function offeredTools(tools: unknown): DemoToolOffer[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: unknown) => (isRecord(tool) && tool.type === 'function' && typeof tool.name === 'string' ? [{ name: tool.name, parameters: tool.parameters }] : []));
}

/**
 * The demo's answer to a Responses request (`planDemoStep`, @modelgate/testkit): a `function_call`
 * or a quoted tool output, or undefined to echo. Only simulators started with `demoToolRule` use it.
 */
export function demoResponsesReply(body: unknown): ResponsesCompletedReply | undefined {
  if (!isRecord(body)) return undefined;
  const turn = lastTurn(body.input);
  const step = turn && planDemoStep(turn, offeredTools(body.tools));
  if (!step) return undefined;
  if (step.kind === 'text') return { kind: 'completed', items: [{ type: 'message', text: step.text }] };
  return { kind: 'completed', items: [{ type: 'function_call', name: step.name, arguments: JSON.stringify(step.input) }] };
}
