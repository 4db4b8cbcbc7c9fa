import { errorScriptFault, type ConformanceScript, type ConformanceUpstream } from '@modelgate/testkit';
import type { AnthropicScriptedReply } from './anthropic-reply.js';
import { startAnthropicSimulator } from './anthropic-simulator.js';
import { readAnthropicRequest } from './read-anthropic-request.js';

/** One conformance script as an Anthropic simulator reply (also played by the simulators of hosts of Claude). */
export function toAnthropicReply(script: Exclude<ConformanceScript, { kind: 'error' }>): AnthropicScriptedReply {
  switch (script.kind) {
    case 'text':
      return {
        content: [{ type: 'text', text: script.text }],
        ...(script.usage && { usage: { inputTokens: script.usage.promptTokens, outputTokens: script.usage.completionTokens } }),
      };
    case 'stop-sequence':
      return { content: [{ type: 'text', text: script.text }], stopReason: 'stop_sequence', stopSequence: script.sequence };
    case 'tool-calls':
      return { content: script.calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: JSON.parse(call.arguments) as Record<string, unknown> })) };
  }
}

/** The Anthropic simulator as the conformance suite's upstream (`startUpstream`), requiring `apiKey`. */
export function anthropicConformanceUpstream(apiKey: string): () => Promise<ConformanceUpstream> {
  return async () => {
    const simulator = await startAnthropicSimulator({ apiKey });
    return {
      settings: { baseUrl: simulator.url, apiKey },
      script(script) {
        if (script.kind === 'error') simulator.enqueueFault(errorScriptFault(script));
        else simulator.enqueueReply(toAnthropicReply(script));
      },
      received: () => readAnthropicRequest(simulator.requests.findLast((request) => request.path === '/v1/messages')),
      close: () => simulator.close(),
    };
  };
}
