import { runChatConformance } from '@modelgate/conformance';
import { startConformanceGateway } from '../support/conformance-gateway.js';
import { openAiConformanceUpstream } from '../support/openai-conformance-upstream.js';

runChatConformance({
  name: '@modelgate/provider-openai',
  provider: { package: '@modelgate/provider-openai' },
  model: 'gpt-4.1-mini',
  startGateway: startConformanceGateway,
  startUpstream: openAiConformanceUpstream('sk-openai-conformance'),
});
