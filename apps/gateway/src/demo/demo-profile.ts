import { randomBytes } from 'node:crypto';
import type { StartedSimulator } from '@modelgate/testkit';
import type { GatewayConfigInput, ModelConfig, ProviderConfig } from '../config/gateway-config.js';
import { profileProviders } from '../plugins/bundled-providers.js';
import { loadProviderTestingEntry } from './load-provider-testing-entry.js';

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
 * Each bundled provider brings its simulator, settings and demo models from its `./testing` entry.
 */
export async function startDemoProfile(serviceKey = createServiceKey()): Promise<DemoProfile> {
  const simulators: StartedSimulator[] = [];
  const close = async () => {
    await Promise.all(simulators.map((simulator) => simulator.close()));
  };
  const providers: ProviderConfig[] = [];
  const models: ModelConfig[] = [];
  try {
    for (const bundled of profileProviders()) {
      const testing = await loadProviderTestingEntry(bundled.package);
      const simulator = await testing.startSimulator();
      simulators.push(simulator);
      providers.push({ package: bundled.package, id: bundled.id, settings: { ...testing.simulatorSettings(simulator) } });
      models.push(...testing.demoModels.map((model) => ({ id: model.id, provider: bundled.id, upstreamModel: model.upstreamModel })));
    }
  } catch (error) {
    await close();
    throw error;
  }
  // The demo shows every agent on every family: Codex speaks only the Responses API, which other
  // families reach through the opt-in bridge (docs/codex-cli.md), so the demo turns it on.
  return { serviceKey, config: { providers, models, keys: [{ name: 'demo', key: serviceKey }], responses: { otherFamilies: 'bridge' } }, close };
}
