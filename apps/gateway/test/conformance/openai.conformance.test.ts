import { runChatConformance } from '@modelgate/conformance';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

runChatConformance({
  name: '@modelgate/provider-openai',
  provider: { package: '@modelgate/provider-openai' },
  model: 'gpt-4.1-mini',
  startGateway: startConformanceGateway,
  async startUpstream() {
    const simulator = await startOpenAiSimulator({ apiKey: 'sk-openai-conformance' });
    return {
      settings: { baseUrl: simulator.url, apiKey: 'sk-openai-conformance' },
      script(script) {
        switch (script.kind) {
          case 'error':
            return simulator.enqueueFault({ type: 'status', status: script.status });
          case 'text':
          case 'stop-sequence':
            // OpenAI reports a matched stop sequence as a plain `stop`.
            return simulator.enqueueReply({ kind: 'text', text: script.text });
          case 'tool-calls':
            return simulator.enqueueReply({ kind: 'tool_calls', calls: [...script.calls] });
        }
      },
      close: () => simulator.close(),
    };
  },
});
