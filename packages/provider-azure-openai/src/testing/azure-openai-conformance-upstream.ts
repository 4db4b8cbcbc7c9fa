import { playOpenAiConformanceScript, receivedOpenAiChatRequest } from '@modelgate/provider-openai-compatible/testing';
import type { ConformanceUpstream } from '@modelgate/testkit';
import { startAzureOpenAiSimulator } from './azure-openai-simulator.js';

/**
 * The Azure OpenAI simulator as the conformance suite's upstream, serving `deployment` (the model id
 * the suite asks for). `settings` are added to the provider's: `apiVersion` for the classic URLs.
 */
export function azureOpenAiConformanceUpstream(deployment: string, settings: Record<string, unknown> = {}): () => Promise<ConformanceUpstream> {
  return async () => {
    const apiKey = 'azure-conformance-key';
    const simulator = await startAzureOpenAiSimulator({ apiKey, deployments: { [deployment]: `${deployment}-2025-04-14` } });
    return {
      settings: { endpoint: simulator.url, apiKey, ...settings },
      script: (script) => playOpenAiConformanceScript(simulator, script),
      received: () => receivedOpenAiChatRequest(simulator),
      close: () => simulator.close(),
    };
  };
}
