import { errorScriptFault, type ConformanceScript, type ConformanceUpstream, type RecordedRequest, type SimulatorFault } from '@modelgate/testkit';
import type { ScriptedToolCall, ScriptedUsage } from './openai-chat-reply.js';
import { startOpenAiChatSimulator, type OpenAiSimulatorOptions } from './openai-chat-simulator.js';
import { readOpenAiChatRequest } from './read-openai-chat-request.js';

/** A simulator that takes OpenAI-shaped chat replies: OpenAI's, or a vendor's whose replies extend them (DeepSeek's). */
export interface OpenAiShapedSimulator {
  enqueueReply(reply: { kind: 'text'; text: string; usage?: ScriptedUsage } | { kind: 'tool_calls'; calls: ScriptedToolCall[] }): void;
  enqueueFault(fault: SimulatorFault): void;
  readonly requests: readonly RecordedRequest[];
}

/** The last chat request such a simulator received, in the conformance suite's terms. */
export function receivedOpenAiChatRequest(simulator: OpenAiShapedSimulator): ReturnType<ConformanceUpstream['received']> {
  return readOpenAiChatRequest(simulator.requests.findLast((request) => request.path.endsWith('/chat/completions')));
}

/** One conformance script as such a simulator's reply or fault. */
export function playOpenAiConformanceScript(simulator: OpenAiShapedSimulator, script: ConformanceScript): void {
  switch (script.kind) {
    case 'error':
      return simulator.enqueueFault(errorScriptFault(script));
    case 'text':
      return simulator.enqueueReply({ kind: 'text', text: script.text, ...(script.usage && { usage: script.usage }) });
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
 * the provider's (`baseUrl` and `apiKey` point it at the simulator); `simulatorOptions` are the
 * simulator's besides the key (`rateLimitHeaders: false` for a compatible server).
 */
export function openAiConformanceUpstream(
  apiKey: string,
  settings: Record<string, unknown> = {},
  simulatorOptions: Omit<OpenAiSimulatorOptions, 'apiKey'> = {},
): () => Promise<ConformanceUpstream> {
  return async () => {
    const simulator = await startOpenAiChatSimulator({ ...simulatorOptions, apiKey });
    return {
      settings: { baseUrl: simulator.url, apiKey, ...settings },
      script: (script) => playOpenAiConformanceScript(simulator, script),
      received: () => receivedOpenAiChatRequest(simulator),
      close: () => simulator.close(),
    };
  };
}
