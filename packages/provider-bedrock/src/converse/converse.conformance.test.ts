import { runChatConformance } from '@modelgate/conformance';
import bedrockConversePlugin from './index.js';
import { converseConformanceUpstream } from '../testing/index.js';

// The shared suite through the suite's own pipeline host, against the Converse simulator (every
// request SigV4-verified and checked by Bedrock's Converse validation, every stream in AWS's event
// stream framing).
runChatConformance({
  name: '@modelgate/provider-bedrock/converse',
  provider: { plugin: bedrockConversePlugin },
  model: 'us.amazon.nova-pro-v1:0',
  startUpstream: converseConformanceUpstream('us.amazon.nova-pro-v1:0'),
});
