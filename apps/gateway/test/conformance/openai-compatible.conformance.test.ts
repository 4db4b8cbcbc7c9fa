import { runChatConformance } from '@modelgate/conformance';
import { openAiConformanceUpstream } from '@modelgate/provider-openai-compatible/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

// The compatible base configured alone, against the OpenAI simulator as "any OpenAI-compatible server"
// (a local one: no rate-limit headers).
runChatConformance({
  name: '@modelgate/provider-openai-compatible',
  provider: { package: '@modelgate/provider-openai-compatible' },
  model: 'llama-3.1-8b',
  startGateway: startConformanceGateway,
  startUpstream: openAiConformanceUpstream('sk-compatible-conformance', { family: 'local-llm' }, { rateLimitHeaders: false }),
});
