import { runChatConformance } from '@modelgate/conformance';
import azureOpenAiPlugin from './index.js';
import { azureOpenAiConformanceUpstream } from './testing/index.js';

// The shared suite through the suite's own pipeline host, against the Azure simulator: the v1 API,
// then the classic deployment URLs with an api-version.
runChatConformance({
  name: '@modelgate/provider-azure-openai (v1 API)',
  provider: { plugin: azureOpenAiPlugin },
  model: 'gpt-4.1-mini',
  startUpstream: azureOpenAiConformanceUpstream('gpt-4.1-mini'),
});

runChatConformance({
  name: '@modelgate/provider-azure-openai (classic deployment URLs)',
  provider: { plugin: azureOpenAiPlugin },
  model: 'gpt-4.1-mini',
  startUpstream: azureOpenAiConformanceUpstream('gpt-4.1-mini', { apiVersion: '2024-10-21' }),
});
