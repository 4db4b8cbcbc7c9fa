import { playOpenAiConformanceScript, receivedOpenAiChatRequest } from '@modelgate/provider-openai-compatible/testing';
import type { ConformanceUpstream } from '@modelgate/testkit';
import { startDeepSeekSimulator } from './deepseek-simulator.js';

/** The DeepSeek simulator as the conformance suite's upstream (`startUpstream`): its replies extend OpenAI's, so the scripts play as OpenAI's do. */
export function deepSeekConformanceUpstream(apiKey: string): () => Promise<ConformanceUpstream> {
  return async () => {
    const simulator = await startDeepSeekSimulator({ apiKey });
    return {
      settings: { baseUrl: simulator.url, apiKey },
      script: (script) => playOpenAiConformanceScript(simulator, script),
      received: () => receivedOpenAiChatRequest(simulator),
      close: () => simulator.close(),
    };
  };
}
