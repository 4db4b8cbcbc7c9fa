import { runChatConformance } from '@modelgate/conformance';
import { anthropicConformanceUpstream } from '@modelgate/provider-anthropic/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

runChatConformance({
  name: '@modelgate/provider-anthropic',
  provider: { package: '@modelgate/provider-anthropic' },
  model: 'claude-sonnet-4-5',
  startGateway: startConformanceGateway,
  startUpstream: anthropicConformanceUpstream('sk-ant-conformance'),
});
