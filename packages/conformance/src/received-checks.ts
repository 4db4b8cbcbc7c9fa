import { expect } from '@jest/globals';
import type { ReceivedRequest, ReceivedToolResult } from '@modelgate/testkit';

/**
 * Checks of what reached the vendor, in the neutral terms each provider's adapter reads from its
 * simulator (`ConformanceUpstream.received()`): the suite's requests must arrive whole, not only
 * be answered.
 */

/** The conversation's texts with their roles, in order, leaving out messages that carry none (tool results). */
export function spokenTurns(received: ReceivedRequest): Array<[string, string]> {
  return received.messages.filter((message) => message.text !== '').map((message) => [message.role, message.text]);
}

export function expectSystemPrompt(received: ReceivedRequest, text: string): void {
  expect({ system: received.system.join('\n') }).toEqual({ system: expect.stringContaining(text) });
  expect(spokenTurns(received).map(([, spoken]) => spoken)).not.toContain(text);
}

export function expectImage(received: ReceivedRequest, base64: string): void {
  expect(received.messages.flatMap((message) => message.images)).toContain(base64);
}

export function expectTool(received: ReceivedRequest, name: string, property: string): void {
  const tool = received.tools.find((candidate) => candidate.name === name);
  expect({ tool: name, parameters: tool?.parameters }).toEqual({ tool: name, parameters: expect.objectContaining({ properties: expect.objectContaining({ [property]: expect.anything() }) }) });
}

/**
 * The assistant's calls, then every result in the order given, each paired with its call by id
 * and, where the dialect names functions in results, by name: none lost, none rewritten.
 */
export function expectToolRoundTrip(
  received: ReceivedRequest,
  calls: ReadonlyArray<{ readonly id: string; readonly name: string; readonly arguments: string }>,
  results: ReadonlyArray<{ readonly callId: string; readonly content: string }>,
): void {
  const sentCalls = received.messages.flatMap((message) => message.toolCalls);
  expect(sentCalls.map((call) => [call.name, call.arguments])).toEqual(calls.map((call) => [call.name, JSON.parse(call.arguments) as unknown]));
  const sentResults: ReceivedToolResult[] = received.messages.flatMap((message) => message.toolResults);
  expect(sentResults.map((result) => result.content)).toEqual(results.map((result) => result.content));
  results.forEach((expected, index) => {
    const sent = sentResults[index]!;
    const call = calls.find((candidate) => candidate.id === expected.callId)!;
    // A result names its call by id, or (Gemini before ids) by function name: at least one of them.
    expect({ result: index, paired: sent.callId !== undefined || sent.name !== undefined }).toEqual({ result: index, paired: true });
    if (sent.callId !== undefined) {
      expect(sent.callId).toBe(sentCalls[calls.indexOf(call)]?.id ?? expected.callId);
    }
    if (sent.name !== undefined) expect(sent.name).toBe(call.name);
  });
  // Each result comes after the message holding its call.
  const callMessage = received.messages.findIndex((message) => message.toolCalls.length > 0);
  const firstResult = received.messages.findIndex((message) => message.toolResults.length > 0);
  expect(callMessage).toBeGreaterThanOrEqual(0);
  expect(firstResult).toBeGreaterThan(callMessage);
}

/** The schema arrived to be enforced: its properties and required fields, whatever subset the vendor takes. */
export function expectResponseSchema(received: ReceivedRequest, schema: { properties: object; required: readonly string[] }): void {
  const sent = received.responseSchema as { properties?: object; required?: string[] } | undefined;
  expect({ properties: Object.keys(sent?.properties ?? {}).sort(), required: [...(sent?.required ?? [])].sort() }).toEqual({
    properties: Object.keys(schema.properties).sort(),
    required: [...schema.required].sort(),
  });
}
