// `@modelgate/provider-anthropic/testing`: the Anthropic Messages simulator, for this package's tests,
// the gateway's demo profile and anyone testing against Anthropic.
import type { DemoModel, ProviderTestingEntry } from '@modelgate/testkit';
import { startAnthropicSimulator, type AnthropicSimulator, type AnthropicSimulatorOptions } from './anthropic-simulator.js';

export { startAnthropicSimulator, type AnthropicSimulator, type AnthropicSimulatorOptions } from './anthropic-simulator.js';
export type { AnthropicScriptedReply, AnthropicScriptedBlock, AnthropicScriptedUsage, AnthropicScriptedStopReason } from './anthropic-reply.js';
export { anthropicErrorBody, anthropicErrorFormat, type AnthropicProblem } from './anthropic-errors.js';
export { validateAnthropicRequest } from './validate-anthropic-request.js';
export { ThinkingLedger } from './thinking-ledger.js';
export { anthropicConformanceUpstream, toAnthropicReply } from './anthropic-conformance-upstream.js';

// The uniform entry every provider's `./testing` offers (`ProviderTestingEntry` in @modelgate/testkit).

export function startSimulator(options?: AnthropicSimulatorOptions): Promise<AnthropicSimulator> {
  return startAnthropicSimulator({ demoToolRule: true, ...options });
}

export const simulatorSettings: ProviderTestingEntry['simulatorSettings'] = (simulator) => ({ baseUrl: simulator.url, apiKey: 'sk-ant-demo-simulator' });

export const demoModels: readonly DemoModel[] = [{ id: 'demo-claude', upstreamModel: 'claude-sonnet-4-5' }];
export { readAnthropicRequest } from './read-anthropic-request.js';
