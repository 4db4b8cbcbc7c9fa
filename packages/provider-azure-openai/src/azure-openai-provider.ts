import { defineProvider, storedResponseRequest, type ChatTranslatorV1, type ProviderContextV1, type ResponsesTranslatorV1 } from '@modelgate/core';
import openAiProvider from '@modelgate/provider-openai';
import { azureDeploymentCards } from './azure-openai-deployment-cards.js';
import { createEntraIdSigner } from './azure-entra-id-signer.js';
import { azureOpenAiError } from './azure-openai-error.js';
import { AZURE_OPENAI_DEFAULT_ENTRA_SCOPE, AZURE_OPENAI_ENVIRONMENT, azureOpenAiSettingsSchema, type AzureOpenAiSettings } from './azure-openai-settings.js';
import { azureOpenAiUrls, type AzureOpenAiUrls } from './azure-openai-urls.js';

/** OpenAI's chat translator on Azure: the classic URLs name the deployment in the path; Azure's errors. */
function azureChat(chat: ChatTranslatorV1, urls: AzureOpenAiUrls): ChatTranslatorV1 {
  const deployment = urls.deployment;
  return {
    ...chat,
    ...(deployment && { toUpstreamRequest: (request, call) => ({ ...chat.toUpstreamRequest(request, call), url: deployment(call.upstreamModel, '/chat/completions') }) }),
    toGatewayError: (failure) => azureOpenAiError(failure),
  };
}

/** OpenAI's Responses translator on Azure: the classic URLs carry the api-version; Azure's errors. */
function azureResponses(responses: ResponsesTranslatorV1, urls: AzureOpenAiUrls): ResponsesTranslatorV1 {
  return {
    toUpstreamRequest: (request, call) => ({ ...responses.toUpstreamRequest(request, call), url: urls.api.url('/responses') }),
    toUpstreamCompactRequest: (request, call) => ({ ...responses.toUpstreamCompactRequest(request, call), url: urls.api.url('/responses/compact') }),
    toUpstreamStoredResponseRequest: (operation) => storedResponseRequest(urls.api.url, urls.api.headers, operation),
    toGatewayError: (failure) => azureOpenAiError(failure),
  };
}

/**
 * Azure OpenAI: OpenAI's models on an Azure resource, spoken to with the OpenAI provider itself
 * (its chat translator on the compatible base, its Responses pass-through, its catalog and
 * parameter policy), in the URL shape the settings choose (the v1 API, or the classic deployment
 * URLs with an api-version), with a key (`api-key`) or Entra ID tokens (the provider's signer). A
 * model id is a deployment name. Answers are relayed verbatim, Azure's content-filter annotations
 * included; its errors are mapped to kinds by azureOpenAiError.
 */
export const azureOpenAiProvider = defineProvider<AzureOpenAiSettings>({
  specificationVersion: 'v1',
  id: 'azure-openai',
  family: 'openai',
  settingsSchema: azureOpenAiSettingsSchema,
  modelPatterns: openAiProvider.modelPatterns,
  environment: AZURE_OPENAI_ENVIRONMENT,
  create(settings, context: ProviderContextV1) {
    const urls = azureOpenAiUrls(settings);
    // No apiKey: OpenAI's would go out as `Authorization: Bearer`; Azure's key is among the headers.
    const openAi = openAiProvider.create({ baseUrl: urls.base, headers: { ...urls.api.headers } }, context);
    return {
      chat: azureChat(openAi.chat, urls),
      responses: azureResponses(openAi.responses!, urls),
      // Not embedding models: Azure's embeddings (deployment URLs) are not served by this provider yet.
      models: azureDeploymentCards((openAi.models ?? []).filter((card) => card.capabilities?.embeddings !== true), settings.deployments),
      ...(settings.entraId && { signer: createEntraIdSigner(settings.entraScope ?? AZURE_OPENAI_DEFAULT_ENTRA_SCOPE) }),
    };
  },
});
