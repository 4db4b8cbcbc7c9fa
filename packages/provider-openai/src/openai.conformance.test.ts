import { runChatConformance } from '@modelgate/conformance';
import openAiPlugin from './index.js';
import { openAiConformanceUpstream } from './testing/index.js';

// The shared suite through the suite's own pipeline host, against the OpenAI simulator.
runChatConformance({
  name: '@modelgate/provider-openai',
  provider: { plugin: openAiPlugin },
  model: 'gpt-4.1-mini',
  startUpstream: openAiConformanceUpstream('sk-openai-conformance'),
});
