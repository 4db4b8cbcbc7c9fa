import { runChatConformance } from '@modelgate/conformance';
import { startConformanceGateway } from '../support/conformance-gateway.js';
import { openAiConformanceUpstream } from '../support/openai-conformance-upstream.js';

// The compatible base configured alone, against the OpenAI simulator as "any OpenAI-compatible server".
runChatConformance({
  name: '@modelgate/provider-openai-compatible',
  provider: { package: '@modelgate/provider-openai-compatible' },
  model: 'llama-3.1-8b',
  startGateway: startConformanceGateway,
  startUpstream: openAiConformanceUpstream('sk-compatible-conformance', { family: 'local-llm' }),
});
