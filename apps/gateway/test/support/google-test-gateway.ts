import { startGoogleSimulator, type GoogleSimulator } from '@modelgate/provider-google/testing';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from './test-gateway.js';

export const GOOGLE_UPSTREAM_KEY = 'gemini-upstream-test-key';

export type GoogleTestGateway = GatewayInFrontOf<GoogleSimulator>;

/**
 * A gateway on 127.0.0.1:0 whose Google provider points at a fresh Gemini simulator; Gemini ids
 * route there. `apiVersion` picks the simulator's path: `v1beta` (JSON Schema fields) or `v1` (the
 * legacy schema subset only).
 */
export async function startGoogleTestGateway(settings: Record<string, unknown> = {}, apiVersion: 'v1beta' | 'v1' = 'v1beta'): Promise<GoogleTestGateway> {
  const simulator = await startGoogleSimulator({ apiKey: GOOGLE_UPSTREAM_KEY });
  return startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 1024 * 1024, shutdownGraceMs: 5_000 },
    providers: [{ package: '@modelgate/provider-google', id: 'google', settings: { baseUrl: `${simulator.origin}/${apiVersion}`, apiKey: GOOGLE_UPSTREAM_KEY, ...settings } }],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
  });
}
