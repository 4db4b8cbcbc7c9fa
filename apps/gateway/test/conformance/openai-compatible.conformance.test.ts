import { runChatConformance } from '@modelgate/conformance';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

// The compatible base configured alone, against the OpenAI simulator as "any OpenAI-compatible server".
runChatConformance({
  name: '@modelgate/provider-openai-compatible',
  provider: { package: '@modelgate/provider-openai-compatible' },
  model: 'llama-3.1-8b',
  startGateway: startConformanceGateway,
  async startUpstream() {
    const simulator = await startOpenAiSimulator({ apiKey: 'sk-compatible-conformance' });
    return {
      settings: { baseUrl: simulator.url, apiKey: 'sk-compatible-conformance', family: 'local-llm' },
      script(script) {
        switch (script.kind) {
          case 'error':
            return simulator.enqueueFault({ type: 'status', status: script.status });
          case 'text':
          case 'stop-sequence':
            // An OpenAI-compatible server reports a matched stop sequence as a plain `stop`.
            return simulator.enqueueReply({ kind: 'text', text: script.text });
          case 'tool-calls':
            return simulator.enqueueReply({ kind: 'tool_calls', calls: [...script.calls] });
        }
      },
      close: () => simulator.close(),
    };
  },
});
