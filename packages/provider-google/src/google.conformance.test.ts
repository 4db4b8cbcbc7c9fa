import { runChatConformance } from '@modelgate/conformance';
import googlePlugin from './index.js';
import { googleConformanceUpstream } from './testing/index.js';

// The shared suite through the suite's own pipeline host, against this package's simulator.
runChatConformance({
  name: '@modelgate/provider-google',
  provider: { plugin: googlePlugin },
  model: 'gemini-3.8-flash',
  startUpstream: googleConformanceUpstream('gemini-conformance-key'),
});
