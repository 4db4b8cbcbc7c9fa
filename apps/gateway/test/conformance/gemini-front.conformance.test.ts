import { runGeminiConformance } from '@modelgate/conformance';
import { anthropicConformanceUpstream } from '@modelgate/provider-anthropic/testing';
import { deepSeekConformanceUpstream } from '@modelgate/provider-deepseek/testing';
import { googleConformanceUpstream } from '@modelgate/provider-google/testing';
import { startConformanceGateway } from '../support/conformance-gateway.js';

// The Gemini-front conformance suite through the gateway app, per family: Gemini passed through,
// the others bridged through the hub, against the same strict simulators as the chat suite.

runGeminiConformance({
  name: '@modelgate/provider-google (pass-through)',
  provider: { package: '@modelgate/provider-google' },
  model: 'gemini-3.8-flash',
  startGateway: startConformanceGateway,
  startUpstream: googleConformanceUpstream('gemini-conformance-key'),
});

runGeminiConformance({
  name: '@modelgate/provider-anthropic (bridged)',
  provider: { package: '@modelgate/provider-anthropic' },
  model: 'claude-sonnet-4-5',
  startGateway: startConformanceGateway,
  startUpstream: anthropicConformanceUpstream('sk-ant-conformance'),
});

runGeminiConformance({
  name: '@modelgate/provider-deepseek (bridged)',
  provider: { package: '@modelgate/provider-deepseek' },
  model: 'deepseek-v4-pro',
  startGateway: startConformanceGateway,
  startUpstream: deepSeekConformanceUpstream('sk-deepseek-conformance'),
  skip: [{ scenario: 'json-schema', reason: 'DeepSeek only has json_object; the schema is asked for, not enforced' }],
});
