import { runChatConformance } from '@modelgate/conformance';
import anthropicPlugin from './index.js';
import { anthropicConformanceUpstream } from './testing/index.js';

// The shared suite through the suite's own pipeline host, against this package's simulator.
runChatConformance({
  name: '@modelgate/provider-anthropic',
  provider: { plugin: anthropicPlugin },
  model: 'claude-sonnet-4-5',
  startUpstream: anthropicConformanceUpstream('sk-ant-conformance'),
});
