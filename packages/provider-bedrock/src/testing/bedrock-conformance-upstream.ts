import { readAnthropicRequest, toAnthropicReply } from '@modelgate/provider-anthropic/testing';
import { errorScriptFault, type ConformanceUpstream } from '@modelgate/testkit';
import { startBedrockSimulator } from './bedrock-simulator.js';

/** The Bedrock simulator as the conformance suite's upstream, serving `modelId` (Claude behind it), with static keys. */
export function bedrockConformanceUpstream(modelId: string): () => Promise<ConformanceUpstream> {
  return async () => {
    const credentials = { accessKeyId: 'AKIACONFORMANCE00001', secretAccessKey: 'conformance-secret' };
    const simulator = await startBedrockSimulator({ region: 'us-east-1', credentials: [credentials], models: { [modelId]: 'claude-sonnet-4-5' } });
    return {
      settings: { region: 'us-east-1', endpoint: simulator.url, ...credentials },
      script(script) {
        if (script.kind === 'error') simulator.enqueueFault(errorScriptFault(script));
        else simulator.enqueueReply(toAnthropicReply(script));
      },
      received: () => readAnthropicRequest(simulator.requests.findLast((request) => request.path.startsWith('/model/'))),
      close: () => simulator.close(),
    };
  };
}
