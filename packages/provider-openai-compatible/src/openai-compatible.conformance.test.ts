import { runChatConformance } from '@modelgate/conformance';
import openAiCompatiblePlugin from './index.js';
import { openAiConformanceUpstream } from './testing/index.js';

// The compatible base configured alone, against the OpenAI chat simulator as "any OpenAI-compatible server"
// (a local one: no rate-limit headers).
runChatConformance({
  name: '@modelgate/provider-openai-compatible',
  provider: { plugin: openAiCompatiblePlugin },
  model: 'llama-3.1-8b',
  startUpstream: openAiConformanceUpstream('sk-compatible-conformance', { family: 'local-llm' }, { rateLimitHeaders: false }),
});
