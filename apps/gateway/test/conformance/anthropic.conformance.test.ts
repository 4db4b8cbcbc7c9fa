import { runChatConformance, type ConformanceScript } from '@modelgate/conformance';
import { startAnthropicSimulator, type AnthropicScriptedReply } from '@modelgate/provider-anthropic/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

function toAnthropicReply(script: Exclude<ConformanceScript, { kind: 'error' }>): AnthropicScriptedReply {
  switch (script.kind) {
    case 'text':
      return { content: [{ type: 'text', text: script.text }] };
    case 'stop-sequence':
      return { content: [{ type: 'text', text: script.text }], stopReason: 'stop_sequence', stopSequence: script.sequence };
    case 'tool-calls':
      return { content: script.calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: JSON.parse(call.arguments) as Record<string, unknown> })) };
  }
}

runChatConformance({
  name: '@modelgate/provider-anthropic',
  provider: { package: '@modelgate/provider-anthropic' },
  model: 'claude-sonnet-4-5',
  startGateway: startConformanceGateway,
  async startUpstream() {
    const simulator = await startAnthropicSimulator({ apiKey: 'sk-ant-conformance' });
    return {
      settings: { baseUrl: simulator.url, apiKey: 'sk-ant-conformance' },
      script(script) {
        if (script.kind === 'error') simulator.enqueueFault({ type: 'status', status: script.status });
        else simulator.enqueueReply(toAnthropicReply(script));
      },
      close: () => simulator.close(),
    };
  },
});
