import { runChatConformance } from '@modelgate/conformance';
import { openAiConformanceUpstream } from '@modelgate/provider-openai/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

runChatConformance({
  name: '@modelgate/provider-openai',
  provider: { package: '@modelgate/provider-openai' },
  model: 'gpt-4.1-mini',
  startGateway: startConformanceGateway,
  startUpstream: openAiConformanceUpstream('sk-openai-conformance'),
});
