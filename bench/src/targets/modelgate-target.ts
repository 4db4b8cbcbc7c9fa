import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { findFreePort } from '../process/find-free-port.js';
import { spawnPinnedNode } from '../process/spawn-pinned.js';
import { waitForHttp } from '../process/wait-for-http.js';
import type { Scenario } from '../scenarios.js';
import { isSkipped, type BenchTarget, type Skipped, type TargetName } from './bench-target.js';
import type { Checkout, ProviderFamily } from './checkout.js';
import { gatewayClientRequest } from './gateway-client-request.js';
import { CACHE_HIT_ANSWER_HEADERS, MODELGATE_KEY, MODELGATE_MODELS, RETRIED_ANSWER_HEADERS, writeModelgateConfig, type UpstreamTransport } from './modelgate-config.js';

const CLIENT_HEADERS = { authorization: `Bearer ${MODELGATE_KEY}` };

// The same V8 flags as the gateway's `start` script (apps/gateway/package.json): V8 otherwise sizes
// the young generation by the machine's memory, which on this 24 GiB machine costs ~100 MB of RSS
// under load for no measurable throughput.
const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=16'];

const FAMILY_OF_VENDOR: Readonly<Record<Scenario['vendor'], ProviderFamily>> = {
  'openai-chat': 'openai',
  'openai-responses': 'openai',
  'anthropic-messages': 'anthropic',
  gemini: 'google',
};

function missingPlugin(scenario: Scenario, checkout: Checkout): Skipped | undefined {
  const family = FAMILY_OF_VENDOR[scenario.vendor];
  return checkout.plugins[family] ? undefined : { skipped: `skipped: no built provider-${family} in ${checkout.root}` };
}

/**
 * The gateway as users run it, `node apps/gateway/dist/main.js` with a config file
 * (`upstream.transport` set), from this workspace or from a baseline checkout with its own plugins.
 */
export function modelgateTarget(name: TargetName, transport: UpstreamTransport, checkout: Checkout): BenchTarget {
  return {
    name,
    async start({ simulatorUrl, options }) {
      const port = await findFreePort();
      const config = writeModelgateConfig({ port, simulatorUrl, logLevel: options.logLevel, transport, checkout, workers: options.workers });
      const profiling = options.cpuProfileDirectory ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDirectory] : [];
      const gateway = spawnPinnedNode('gateway', [...GATEWAY_NODE_FLAGS, ...profiling, checkout.gatewayMain], { env: { ...process.env, MODELGATE_CONFIG: config } });
      const baseUrl = `http://127.0.0.1:${port}`;
      const stop = async () => {
        await gateway.stop();
        rmSync(dirname(config), { recursive: true, force: true });
      };
      try {
        await waitForHttp(`${baseUrl}/health`, gateway);
      } catch (error) {
        await stop();
        throw error;
      }
      return {
        name,
        pid: gateway.pid,
        isRunning: () => gateway.running(),
        request(scenario, hold = false) {
          const missing = missingPlugin(scenario, checkout);
          if (missing) return missing;
          const request = gatewayClientRequest(baseUrl, scenario, hold, MODELGATE_MODELS, CLIENT_HEADERS);
          if (isSkipped(request)) return request;
          if (scenario.retryOf) return { ...request, expectedHeaders: RETRIED_ANSWER_HEADERS };
          return scenario.cacheHitOf ? { ...request, expectedHeaders: CACHE_HIT_ANSWER_HEADERS } : request;
        },
        stop,
      };
    },
  };
}
