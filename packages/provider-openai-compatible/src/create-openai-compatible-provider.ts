import type { ModelCardV1, ModelPattern, ProviderV1 } from '@modelgate/core';
import { createOpenAiCompatibleChatTranslator } from './openai-compatible-chat-translator.js';
import { createOpenAiCompatibleEmbeddingsTranslator } from './openai-compatible-embeddings-translator.js';
import { createOpenAiCompatibleEndpoint, type OpenAiCompatibleConnection, type OpenAiCompatibleEndpoint } from './openai-compatible-endpoint.js';
import type { OpenAiCompatibleHooks } from './openai-compatible-hooks.js';
import type { OpenAiCompatibleParameterPolicySource } from './openai-compatible-parameter-policy.js';

export interface OpenAiCompatibleProviderOptions {
  readonly connection: OpenAiCompatibleConnection;
  /** Used in error messages, e.g. "OpenAI" or "DeepSeek". */
  readonly vendorName: string;
  /** Headers of the vendor's own (OpenAI's organization and project); they win over `connection.headers`. */
  readonly vendorHeaders?: Readonly<Record<string, string>>;
  /** Path of the chat endpoint under the base URL (default `/chat/completions`). */
  readonly chatPath?: string;
  /** Path of the embeddings endpoint (default `/embeddings`); `false` for a vendor without one (DeepSeek). */
  readonly embeddingsPath?: string | false;
  readonly hooks?: OpenAiCompatibleHooks;
  /** The policy, or a function choosing it per request. */
  readonly parameters?: OpenAiCompatibleParameterPolicySource;
  /** Ask every stream for its usage chunk (default true); see OpenAiCompatibleChatOptions. */
  readonly streamUsage?: boolean;
  readonly models?: readonly ModelCardV1[];
  /** Set only when the instance chooses them (the config plugin); a vendor's descriptor holds its own. */
  readonly family?: string;
  readonly modelPatterns?: readonly ModelPattern[];
}

/** A provider on the compatible base, with the endpoint it resolved, for a vendor's own translators (OpenAI's Responses). */
export interface OpenAiCompatibleProvider extends ProviderV1 {
  readonly endpoint: OpenAiCompatibleEndpoint;
}

/**
 * Builds a provider for a server that speaks OpenAI's Chat Completions, with the vendor's
 * differences as hooks and a parameter policy. OpenAI's plugin, this package's own plugin and the
 * next OpenAI-compatible vendors (DeepSeek) are all built with it.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleProviderOptions): OpenAiCompatibleProvider {
  const endpoint = createOpenAiCompatibleEndpoint(options.connection, options.vendorHeaders);
  const chat = createOpenAiCompatibleChatTranslator({
    endpoint,
    vendorName: options.vendorName,
    chatPath: options.chatPath,
    hooks: options.hooks,
    parameters: options.parameters,
    streamUsage: options.streamUsage,
  });
  const embeddingsPath = options.embeddingsPath ?? '/embeddings';
  return {
    endpoint,
    chat,
    ...(embeddingsPath !== false ? { embeddings: createOpenAiCompatibleEmbeddingsTranslator(endpoint, options.vendorName, embeddingsPath) } : {}),
    ...(options.models ? { models: options.models } : {}),
    ...(options.family ? { family: options.family } : {}),
    ...(options.modelPatterns ? { modelPatterns: options.modelPatterns } : {}),
  };
}
