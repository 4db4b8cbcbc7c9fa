import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from './test-gateway.js';

export const ANTHROPIC_UPSTREAM_KEY = 'sk-ant-upstream-test-key';

export type AnthropicTestGateway = GatewayInFrontOf<AnthropicSimulator>;

/** A gateway on 127.0.0.1:0 whose Anthropic provider points at a fresh Anthropic simulator; Claude ids route there. */
export async function startAnthropicTestGateway(settings: Record<string, unknown> = {}): Promise<AnthropicTestGateway> {
  const simulator = await startAnthropicSimulator({ apiKey: ANTHROPIC_UPSTREAM_KEY });
  return startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 1024 * 1024, shutdownGraceMs: 5_000 },
    providers: [{ package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: simulator.url, apiKey: ANTHROPIC_UPSTREAM_KEY, ...settings } }],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
  });
}
