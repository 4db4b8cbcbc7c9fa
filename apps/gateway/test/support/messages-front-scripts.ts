import type { FourSimulators, MessagesTestFamily } from './messages-front-gateway.js';

/** A tool call as a test scripts it, whatever the family. */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/** A tool result as it reached an upstream, in neutral terms. */
export interface SentToolResult {
  readonly id: string | undefined;
  readonly content: unknown;
}

type BridgedFamily = Exclude<MessagesTestFamily, 'anthropic'>;

/** Queues a text answer on the family's simulator. */
export function scriptText(simulators: FourSimulators, family: BridgedFamily, text: string): void {
  if (family === 'google') simulators.google.enqueueReply({ parts: [{ text }] });
  else simulators[family].enqueueReply({ kind: 'text', text });
}

/** Queues an answer that calls tools (in parallel when several) on the family's simulator. */
export function scriptToolCalls(simulators: FourSimulators, family: BridgedFamily, calls: readonly ScriptedCall[]): void {
  if (family === 'google') {
    simulators.google.enqueueReply({ parts: calls.map((call) => ({ functionCall: { id: call.id, name: call.name, args: call.input } })) });
    return;
  }
  simulators[family].enqueueReply({ kind: 'tool_calls', calls: calls.map((call) => ({ id: call.id, name: call.name, arguments: JSON.stringify(call.input) })) });
}

/** The body of the last request the family's simulator received. */
export function lastBody(simulators: FourSimulators, family: BridgedFamily): Record<string, unknown> {
  return simulators[family].requests.at(-1)!.body as Record<string, unknown>;
}

/** The tool results of the last request, in order, as each family carries them (tool messages, functionResponse parts). */
export function sentToolResults(simulators: FourSimulators, family: BridgedFamily): SentToolResult[] {
  const body = lastBody(simulators, family);
  if (family === 'google') {
    const contents = body.contents as Array<{ parts: Array<{ functionResponse?: { id?: string; response: unknown } }> }>;
    return contents.flatMap((content) => content.parts.flatMap((part) => (part.functionResponse ? [{ id: part.functionResponse.id, content: part.functionResponse.response }] : [])));
  }
  const messages = body.messages as Array<{ role: string; tool_call_id?: string; content: unknown }>;
  return messages.filter((message) => message.role === 'tool').map((message) => ({ id: message.tool_call_id, content: message.content }));
}
