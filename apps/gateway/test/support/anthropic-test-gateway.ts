import type OpenAI from 'openai';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from './test-gateway.js';

export const ANTHROPIC_UPSTREAM_KEY = 'sk-ant-upstream-test-key';

export type AnthropicTestGateway = GatewayInFrontOf<AnthropicSimulator>;

/** The Claude model the Anthropic e2e tests ask for. */
export const CLAUDE_TEST_MODEL = 'claude-sonnet-4-5';

/** A function tool with a one-property schema, as the Anthropic e2e tests send it. */
export const WEATHER_TOOL: OpenAI.Chat.ChatCompletionFunctionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

/**
 * A gateway on 127.0.0.1:0 whose Anthropic provider points at a fresh Anthropic simulator; Claude
 * ids route there. `settings` go to the provider, `overrides` to the gateway's config (admin, storage…).
 */
export async function startAnthropicTestGateway(settings: Record<string, unknown> = {}, overrides: Partial<GatewayConfigInput> = {}): Promise<AnthropicTestGateway> {
  const simulator = await startAnthropicSimulator({ apiKey: ANTHROPIC_UPSTREAM_KEY });
  return startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 1024 * 1024, shutdownGraceMs: 5_000 },
    providers: [{ package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: simulator.url, apiKey: ANTHROPIC_UPSTREAM_KEY, ...settings } }],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    ...overrides,
  });
}
