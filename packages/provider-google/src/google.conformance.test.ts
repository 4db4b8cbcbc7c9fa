import { runChatConformance, runGeminiConformance } from '@modelgate/conformance';
import googlePlugin from './index.js';
import { googleConformanceUpstream } from './testing/index.js';

// The shared suite through the suite's own pipeline host, against this package's simulator.
runChatConformance({
  name: '@modelgate/provider-google',
  provider: { plugin: googlePlugin },
  model: 'gemini-3.8-flash',
  startUpstream: googleConformanceUpstream('gemini-conformance-key'),
});

// The Gemini front's suite: Gemini's own requests relayed as sent (the `google-gemini` pass-through).
runGeminiConformance({
  name: '@modelgate/provider-google',
  provider: { plugin: googlePlugin },
  model: 'gemini-3.8-flash',
  startUpstream: googleConformanceUpstream('gemini-conformance-key'),
});
