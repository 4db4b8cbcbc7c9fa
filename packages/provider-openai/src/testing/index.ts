// `@modelgate/provider-openai/testing`: the OpenAI simulator (Chat Completions and the Responses API on
// one server), for this package's tests, the gateway's demo profile and anyone testing against OpenAI.
// The Chat Completions part is the compatible base's (`@modelgate/provider-openai-compatible/testing`),
// re-exported here so OpenAI's tests need one import.
import type { OpenAiSimulatorOptions } from '@modelgate/provider-openai-compatible/testing';
import type { DemoModel, ProviderTestingEntry } from '@modelgate/testkit';
import { startOpenAiSimulator, type OpenAiSimulator } from './openai-simulator.js';

export { startOpenAiSimulator, type OpenAiSimulator } from './openai-simulator.js';
export {
  DEFAULT_OPENAI_MODELS,
  estimatePromptTokens,
  openAiConformanceUpstream,
  openAiErrorEnvelope,
  openAiErrorFormat,
  type OpenAiChatReply,
  type OpenAiProblem,
  type OpenAiRefusalReply,
  type OpenAiSimulatorOptions,
  type OpenAiTextReply,
  type OpenAiToolCallsReply,
  type ScriptedToolCall,
  type ScriptedUsage,
} from '@modelgate/provider-openai-compatible/testing';
export type {
  ResponsesReply,
  ResponsesCompletedReply,
  ResponsesIncompleteReply,
  ResponsesFailedReply,
  ScriptedOutputItem,
} from './responses/responses-reply.js';

// The uniform entry every provider's `./testing` offers (`ProviderTestingEntry` in @modelgate/testkit).

export function startSimulator(options?: OpenAiSimulatorOptions): Promise<OpenAiSimulator> {
  return startOpenAiSimulator({ demoToolRule: true, ...options });
}

export const simulatorSettings: ProviderTestingEntry['simulatorSettings'] = (simulator) => ({ baseUrl: simulator.url, apiKey: 'sk-demo-simulator' });

export const demoModels: readonly DemoModel[] = [{ id: 'demo-gpt', upstreamModel: 'gpt-4.1-mini' }];
