import { openAiCompatibleProvider } from './openai-compatible-provider.js';

export default openAiCompatibleProvider;
export type { OpenAiCompatibleSettings } from './openai-compatible-settings.js';
export {
  createOpenAiCompatibleProvider,
  type OpenAiCompatibleProvider,
  type OpenAiCompatibleProviderOptions,
} from './create-openai-compatible-provider.js';
export type { OpenAiCompatibleConnection, OpenAiCompatibleEndpoint } from './openai-compatible-endpoint.js';
export type { OpenAiCompatibleHookContext, OpenAiCompatibleHooks, OpenAiCompatibleUpstreamBody } from './openai-compatible-hooks.js';
export type {
  OpenAiCompatibleParameterPolicy,
  OpenAiCompatibleParameterPolicySource,
  OpenAiCompatibleParameterRule,
} from './openai-compatible-parameter-policy.js';
