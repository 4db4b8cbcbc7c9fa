import OpenAI from 'openai';
import type { FourSimulators } from './messages-front-gateway.js';
import { TEST_SERVICE_KEY } from './test-gateway.js';

/** One model id per bridged family, as the Responses bridge's tests ask for them. */
export const BRIDGED_RESPONSES_MODELS = {
  anthropic: 'claude-sonnet-4-5',
  google: 'gemini-3.8-flash',
  deepseek: 'deepseek-v4-pro',
} as const;

export type BridgedResponsesFamily = keyof typeof BRIDGED_RESPONSES_MODELS;

/** The official OpenAI client, pointed at the gateway. */
export function openAiClient(gatewayUrl: string, apiKey = TEST_SERVICE_KEY): OpenAI {
  return new OpenAI({ baseURL: `${gatewayUrl}/v1`, apiKey, maxRetries: 0 });
}

/** Exact counts a family's simulator reports, in the gateway's terms (prompt includes cached). */
export interface ScriptedCounts {
  readonly prompt: number;
  readonly cached: number;
  readonly completion: number;
}

/** Queues a text answer with these counts on the family's simulator. */
export function scriptAnswer(simulators: FourSimulators, family: BridgedResponsesFamily, text: string, counts?: ScriptedCounts): void {
  if (family === 'anthropic') {
    const usage = counts && { inputTokens: counts.prompt - counts.cached, cacheReadInputTokens: counts.cached, outputTokens: counts.completion };
    simulators.anthropic.enqueueReply({ content: [{ type: 'text', text }], ...(usage && { usage }) });
  } else if (family === 'google') {
    const usage = counts && { promptTokenCount: counts.prompt, cachedContentTokenCount: counts.cached, candidatesTokenCount: counts.completion };
    simulators.google.enqueueReply({ parts: [{ text }], ...(usage && { usage }) });
  } else {
    // DeepSeek thinks by default: none of its completion counted as reasoning, so the counts stay exact.
    const usage = counts && { promptTokens: counts.prompt, cachedTokens: counts.cached, completionTokens: counts.completion, reasoningTokens: 0 };
    simulators.deepseek.enqueueReply({ kind: 'text', text, ...(usage && { usage }) });
  }
}

/** Queues an answer calling one tool with this input on the family's simulator. */
export function scriptCall(simulators: FourSimulators, family: BridgedResponsesFamily, call: { id: string; name: string; input: Record<string, unknown> }): void {
  if (family === 'anthropic') simulators.anthropic.enqueueReply({ content: [{ type: 'tool_use', id: call.id, name: call.name, input: call.input }] });
  else if (family === 'google') simulators.google.enqueueReply({ parts: [{ functionCall: { id: call.id, name: call.name, args: call.input } }] });
  else simulators.deepseek.enqueueReply({ kind: 'tool_calls', calls: [{ id: call.id, name: call.name, arguments: JSON.stringify(call.input) }] });
}

/** The body of the last request the family's simulator received. */
export function lastUpstreamBody(simulators: FourSimulators, family: BridgedResponsesFamily): Record<string, unknown> {
  return simulators[family].requests.at(-1)!.body as Record<string, unknown>;
}

/** The tool results of the last upstream request, each family's way (tool_result blocks, functionResponse parts, tool messages). */
export function upstreamToolResults(simulators: FourSimulators, family: BridgedResponsesFamily): Array<{ id: string | undefined; content: unknown }> {
  const body = lastUpstreamBody(simulators, family);
  if (family === 'anthropic') {
    const messages = body.messages as Array<{ content: unknown }>;
    return messages.flatMap((message) =>
      Array.isArray(message.content) ? (message.content as Array<{ type: string; tool_use_id?: string; content?: unknown }>).filter((block) => block.type === 'tool_result').map((block) => ({ id: block.tool_use_id, content: block.content })) : [],
    );
  }
  if (family === 'google') {
    const contents = body.contents as Array<{ parts: Array<{ functionResponse?: { id?: string; response: unknown } }> }>;
    return contents.flatMap((content) => content.parts.flatMap((part) => (part.functionResponse ? [{ id: part.functionResponse.id, content: part.functionResponse.response }] : [])));
  }
  const messages = body.messages as Array<{ role: string; tool_call_id?: string; content: unknown }>;
  return messages.filter((message) => message.role === 'tool').map((message) => ({ id: message.tool_call_id, content: message.content }));
}
