import { runChatConformance } from '@modelgate/conformance';
import bedrockPlugin from './index.js';
import { bedrockConformanceUpstream } from './testing/index.js';

// The shared suite through the suite's own pipeline host, against the Bedrock simulator (every
// request SigV4-verified, every stream in AWS's event stream framing).
runChatConformance({
  name: '@modelgate/provider-bedrock',
  provider: { plugin: bedrockPlugin },
  model: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
  startUpstream: bedrockConformanceUpstream('global.anthropic.claude-sonnet-4-5-20250929-v1:0'),
});
