import { runChatConformance } from '@modelgate/conformance';
import { googleConformanceUpstream } from '@modelgate/provider-google/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

runChatConformance({
  name: '@modelgate/provider-google',
  provider: { package: '@modelgate/provider-google' },
  model: 'gemini-3.8-flash',
  startGateway: startConformanceGateway,
  startUpstream: googleConformanceUpstream('gemini-conformance-key'),
});
