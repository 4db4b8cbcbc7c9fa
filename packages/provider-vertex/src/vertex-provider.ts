import { defineProvider, type ProviderContextV1 } from '@modelgate/core';
import { createClaudeTranslatorsOnHost } from '@modelgate/provider-anthropic';
import googleProvider from '@modelgate/provider-google';
import { anthropicModelOfVertexId, toVertexAnthropicRequest, toVertexCountTokensRequest, toVertexGeminiRequest, vertexPublisherModels } from './vertex-anthropic-request.js';
import { vertexClaudeCards } from './vertex-claude-models.js';
import { VERTEX_ENVIRONMENT, vertexSettingsSchema, type VertexSettings } from './vertex-settings.js';
import { createVertexTokenSigner } from './vertex-token-signer.js';

/** Claude's model ids on Vertex carry their version after `@` (`claude-sonnet-4-5@20250929`); Gemini's are the Gemini API's. */
const VERTEX_CLAUDE_PATTERNS = ['claude-*@*'];
const VERTEX_GEMINI_PATTERNS = ['gemini-*'];

/**
 * Google Vertex AI, Claude through `rawPredict` / `streamRawPredict`: the Anthropic provider itself
 * builds each request (chat translated, Messages passed through), sent to Vertex with the model in
 * the URL and `anthropic_version: "vertex-2023-10-16"` in the body, with a Google OAuth token the
 * provider's signer adds (cached, refreshed). Vertex answers and streams as Anthropic does, and its
 * errors in Anthropic's envelope, so the Anthropic provider reads them. With `publisher: google`,
 * Gemini at `publishers/google` with the Google provider's translator, unchanged but for the URL
 * and the bearer token (Vertex takes the Gemini API's body, and the `skip_thought_signature_validator`
 * sentinel the translator sends).
 */
export const vertexProvider = defineProvider<VertexSettings>({
  specificationVersion: 'v1',
  id: 'vertex',
  family: 'anthropic',
  settingsSchema: vertexSettingsSchema,
  modelPatterns: VERTEX_CLAUDE_PATTERNS,
  environment: VERTEX_ENVIRONMENT,
  create(settings, context: ProviderContextV1) {
    const publishers = vertexPublisherModels(settings.project, settings.location, settings.endpoint);
    const signer = createVertexTokenSigner(settings.keyFile, context.env);
    if (settings.publisher === 'google') {
      const gemini = googleProvider.create({}, context);
      // Vertex's countTokens takes another body than the Gemini API's: counted by the gateway's estimate.
      const { countTokens: _geminiApiCounter, ...geminiChat } = gemini.chat;
      return {
        family: 'google',
        modelPatterns: VERTEX_GEMINI_PATTERNS,
        // Not the embedding model: Vertex embeds through `:predict`, which this provider does not speak yet.
        models: gemini.models?.filter((card) => card.capabilities?.embeddings !== true),
        chat: { ...geminiChat, toUpstreamRequest: (request, call) => toVertexGeminiRequest(gemini.chat.toUpstreamRequest(request, call), call.upstreamModel, publishers) },
        signer,
      };
    }
    const claude = createClaudeTranslatorsOnHost(settings.defaultMaxTokens, context, {
      anthropicModelOf: anthropicModelOfVertexId,
      toHostRequest: (request, hostModel) => toVertexAnthropicRequest(request, hostModel, publishers),
      toHostCountTokensRequest: (request, hostModel) => toVertexCountTokensRequest(request, hostModel, publishers),
    });
    return {
      ...claude,
      models: vertexClaudeCards(settings.location ?? 'global'),
      signer,
    };
  },
});
