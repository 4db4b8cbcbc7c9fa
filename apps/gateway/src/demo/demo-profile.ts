import { randomBytes } from 'node:crypto';
import { startAnthropicSimulator, startOpenAiSimulator } from '@modelgate/testkit';
import type { GatewayConfigInput } from '../config/gateway-config.js';

export interface DemoProfile {
  readonly config: GatewayConfigInput;
  readonly serviceKey: string;
  close(): Promise<void>;
}

export function createServiceKey(): string {
  return `mg-${randomBytes(24).toString('base64url')}`;
}

/**
 * With no vendor key in the environment the gateway serves the bundled simulators, so a newcomer's
 * first request makes a real HTTP round trip offline. The simulator answers "Echo: <your text>".
 */
export async function startDemoProfile(serviceKey = createServiceKey()): Promise<DemoProfile> {
  const openai = await startOpenAiSimulator();
  const anthropic = await startAnthropicSimulator();
  return {
    serviceKey,
    config: {
      providers: [
        { package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: openai.url, apiKey: 'sk-demo-simulator' } },
        { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: anthropic.url, apiKey: 'sk-ant-demo-simulator' } },
      ],
      models: [
        { id: 'demo-gpt', provider: 'openai', upstreamModel: 'gpt-4.1-mini' },
        { id: 'demo-claude', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5' },
      ],
      keys: [{ name: 'demo', key: serviceKey }],
    },
    close: async () => {
      await Promise.all([openai.close(), anthropic.close()]);
    },
  };
}
