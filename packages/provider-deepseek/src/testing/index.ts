// `@modelgate/provider-deepseek/testing`: the DeepSeek simulator, for this package's tests, the
// gateway's demo profile and anyone testing against DeepSeek.
import type { DemoModel, ProviderTestingEntry } from '@modelgate/testkit';
import { startDeepSeekSimulator, type DeepSeekSimulator, type DeepSeekSimulatorOptions } from './deepseek-simulator.js';

export { startDeepSeekSimulator, DEEPSEEK_SIMULATOR_MODELS, type DeepSeekSimulator, type DeepSeekSimulatorOptions } from './deepseek-simulator.js';
export type { DeepSeekReply, DeepSeekTextReply, DeepSeekToolCallsReply, DeepSeekKeepAlives, DeepSeekScriptedUsage } from './deepseek-reply.js';
export { deepSeekErrorFormat } from './deepseek-errors.js';
export { validateDeepSeekRequest } from './validate-deepseek-request.js';
export { DEEPSEEK_KEEP_ALIVE_COMMENT } from './write-deepseek-keep-alives.js';
export { deepSeekConformanceUpstream } from './deepseek-conformance-upstream.js';

// The uniform entry every provider's `./testing` offers (`ProviderTestingEntry` in @modelgate/testkit).

export function startSimulator(options?: DeepSeekSimulatorOptions): Promise<DeepSeekSimulator> {
  return startDeepSeekSimulator({ demoToolRule: true, ...options });
}

export const simulatorSettings: ProviderTestingEntry['simulatorSettings'] = (simulator) => ({ baseUrl: simulator.url, apiKey: 'sk-demo-simulator' });

export const demoModels: readonly DemoModel[] = [{ id: 'demo-deepseek', upstreamModel: 'deepseek-v4-pro' }];
