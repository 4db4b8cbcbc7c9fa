import { isRecord, planDemoStep, type DemoToolOffer, type DemoTurn } from '@modelgate/testkit';
import { contentText } from './anthropic-content-text.js';
import type { AnthropicScriptedBlock, AnthropicScriptedReply } from './anthropic-reply.js';

/** The last user message: a tool result if it holds one (Claude Code adds reminders beside it), else its text. */
function lastTurn(messages: unknown): DemoTurn | undefined {
  const last = Array.isArray(messages) ? messages.at(-1) : undefined;
  if (!isRecord(last) || last.role !== 'user') return undefined;
  const blocks = Array.isArray(last.content) ? last.content.filter(isRecord) : [];
  const result = blocks.findLast((block) => block.type === 'tool_result');
  if (result) return { kind: 'tool_result', text: contentText(result.content) };
  return { kind: 'user', text: contentText(last.content) };
}

/** Client tools (`input_schema`); server tools (`web_search_…`, `bash_…`) carry a `type` and no schema. */
function offeredTools(tools: unknown): DemoToolOffer[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: unknown) => (isRecord(tool) && typeof tool.name === 'string' && isRecord(tool.input_schema) ? [{ name: tool.name, parameters: tool.input_schema }] : []));
}

/**
 * The demo's answer to a Messages request (`planDemoStep`, @modelgate/testkit): a `tool_use` or a
 * quoted tool result, led by a thinking block when the request enables thinking (which Anthropic
 * then requires back before the tool_use), or undefined to echo. Only simulators started with
 * `demoToolRule` use it.
 */
export function demoAnthropicReply(body: unknown): AnthropicScriptedReply | undefined {
  if (!isRecord(body)) return undefined;
  const turn = lastTurn(body.messages);
  const step = turn && planDemoStep(turn, offeredTools(body.tools));
  if (!step) return undefined;
  const thinking = isRecord(body.thinking) && body.thinking.type !== 'disabled';
  const lead: AnthropicScriptedBlock[] = thinking ? [{ type: 'thinking', thinking: 'The demo tool rule decides this step.' }] : [];
  if (step.kind === 'text') return { content: [...lead, { type: 'text', text: step.text }] };
  return { content: [...lead, { type: 'tool_use', name: step.name, input: { ...step.input } }] };
}
