// `@modelgate/provider-azure-openai/testing`: the Azure OpenAI simulator, for this package's tests,
// the gateway's demo profile and anyone testing against Azure OpenAI.
import type { DemoModel, ProviderTestingEntry } from '@modelgate/testkit';
import { startAzureOpenAiSimulator, type AzureOpenAiSimulator } from './azure-openai-simulator.js';

export { startAzureOpenAiSimulator, type AzureOpenAiSimulator, type AzureOpenAiSimulatorOptions } from './azure-openai-simulator.js';
export { PROMPT_FILTERED } from './azure-content-filter.js';

export const DEMO_AZURE_KEY = 'azure-demo-simulator-key';

export function startSimulator(): Promise<AzureOpenAiSimulator> {
  return startAzureOpenAiSimulator({ apiKey: DEMO_AZURE_KEY, deployments: { 'gpt-4.1-mini': 'gpt-4.1-mini-2025-04-14' } });
}

export const simulatorSettings: ProviderTestingEntry['simulatorSettings'] = (simulator) => ({ endpoint: simulator.url, apiKey: DEMO_AZURE_KEY });

export const demoModels: readonly DemoModel[] = [{ id: 'demo-azure-gpt', upstreamModel: 'gpt-4.1-mini' }];
export { azureOpenAiConformanceUpstream } from './azure-openai-conformance-upstream.js';
export { startEntraIdentityEndpoint, type EntraIdentityEndpoint } from './entra-identity-endpoint.js';
