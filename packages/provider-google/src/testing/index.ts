import type { DemoModel, ProviderTestingEntry } from '@modelgate/testkit';
import { startGoogleSimulator, type GoogleSimulator, type GoogleSimulatorOptions } from './google-simulator.js';

// The Gemini simulator and its helpers, for tests and the demo profile (`@modelgate/provider-google/testing`).
export { startGoogleSimulator, type GoogleSimulator, type GoogleSimulatorOptions } from './google-simulator.js';
export type { GoogleScriptedReply, GoogleScriptedPart, GoogleScriptedUsage } from './google-reply.js';
export type { IssuedSignature, SignatureAnchor } from './google-simulator-signatures.js';
export { checkReturnedSignatures, type ReturnedSignatures } from './check-returned-signatures.js';
export { googleConformanceUpstream } from './google-conformance-upstream.js';

// The uniform entry every provider's `./testing` offers (`ProviderTestingEntry` in @modelgate/testkit).

export function startSimulator(options?: GoogleSimulatorOptions): Promise<GoogleSimulator> {
  return startGoogleSimulator({ demoToolRule: true, ...options });
}

export const simulatorSettings: ProviderTestingEntry['simulatorSettings'] = (simulator) => ({ baseUrl: simulator.url, apiKey: 'gemini-demo-simulator-key' });

export const demoModels: readonly DemoModel[] = [{ id: 'demo-gemini', upstreamModel: 'gemini-3.8-flash' }];
