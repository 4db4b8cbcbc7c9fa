import type { ConformanceScript, ConformanceUpstream, SimulatorFault } from '@modelgate/testkit';
import type { ScriptedToolCall } from './openai-chat-reply.js';
import { startOpenAiChatSimulator } from './openai-chat-simulator.js';

/** A simulator that takes OpenAI-shaped chat replies: OpenAI's, or a vendor's whose replies extend them (DeepSeek's). */
export interface OpenAiShapedSimulator {
  enqueueReply(reply: { kind: 'text'; text: string } | { kind: 'tool_calls'; calls: ScriptedToolCall[] }): void;
  enqueueFault(fault: SimulatorFault): void;
}

/** One conformance script as such a simulator's reply or fault. */
export function playOpenAiConformanceScript(simulator: OpenAiShapedSimulator, script: ConformanceScript): void {
  switch (script.kind) {
    case 'error':
      return simulator.enqueueFault({ type: 'status', status: script.status });
    case 'text':
    case 'stop-sequence':
      // OpenAI (and a compatible server) reports a matched stop sequence as a plain `stop`.
      return simulator.enqueueReply({ kind: 'text', text: script.text });
    case 'tool-calls':
      return simulator.enqueueReply({ kind: 'tool_calls', calls: [...script.calls] });
  }
}

/**
 * The OpenAI chat simulator as the conformance suite's upstream (`startUpstream`): for OpenAI itself
 * and for the compatible base standing in for any OpenAI-compatible server. `settings` are added to
 * the provider's (`baseUrl` and `apiKey` point it at the simulator).
 */
export function openAiConformanceUpstream(apiKey: string, settings: Record<string, unknown> = {}): () => Promise<ConformanceUpstream> {
  return async () => {
    const simulator = await startOpenAiChatSimulator({ apiKey });
    return {
      settings: { baseUrl: simulator.url, apiKey, ...settings },
      script: (script) => playOpenAiConformanceScript(simulator, script),
      close: () => simulator.close(),
    };
  };
}
