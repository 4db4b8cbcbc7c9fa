// `@modelgate/provider-openai/testing`: the OpenAI simulator (Chat Completions and the Responses API on
// one server), for this package's tests, the gateway's demo profile and anyone testing against OpenAI.
import type { DemoModel, ProviderTestingEntry } from '@modelgate/testkit';
import { startOpenAiSimulator, type OpenAiSimulator, type OpenAiSimulatorOptions } from './openai-chat-simulator.js';

export { startOpenAiSimulator, type OpenAiSimulator, type OpenAiSimulatorOptions } from './openai-chat-simulator.js';
export type {
  OpenAiChatReply,
  OpenAiTextReply,
  OpenAiToolCallsReply,
  OpenAiRefusalReply,
  ScriptedToolCall,
  ScriptedUsage,
} from './openai-chat-reply.js';
export { openAiErrorEnvelope, openAiErrorFormat, type OpenAiProblem } from './openai-errors.js';
export { DEFAULT_OPENAI_MODELS } from './openai-simulator-models.js';
export { estimatePromptTokens } from './estimate-usage.js';
export type {
  ResponsesReply,
  ResponsesCompletedReply,
  ResponsesIncompleteReply,
  ResponsesFailedReply,
  ScriptedOutputItem,
} from './responses/responses-reply.js';

// The uniform entry every provider's `./testing` offers (`ProviderTestingEntry` in @modelgate/testkit).

export function startSimulator(options?: OpenAiSimulatorOptions): Promise<OpenAiSimulator> {
  return startOpenAiSimulator(options);
}

export const simulatorSettings: ProviderTestingEntry['simulatorSettings'] = (simulator) => ({ baseUrl: simulator.url, apiKey: 'sk-demo-simulator' });

export const demoModels: readonly DemoModel[] = [{ id: 'demo-gpt', upstreamModel: 'gpt-4.1-mini' }];
