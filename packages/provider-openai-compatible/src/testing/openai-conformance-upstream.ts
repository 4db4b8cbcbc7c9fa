import type { ConformanceUpstream } from '@modelgate/testkit';
import { startOpenAiChatSimulator } from './openai-chat-simulator.js';

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
      script(script) {
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
      },
      close: () => simulator.close(),
    };
  };
}
