import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { findFreePort } from '../process/find-free-port.js';
import { PROXY_CORE, spawnPinnedNode } from '../process/spawn-pinned.js';
import { waitForHttp } from '../process/wait-for-http.js';
import { isSkipped, type BenchTarget } from './bench-target.js';
import { gatewayClientRequest } from './gateway-client-request.js';
import { MODELGATE_KEY, MODELGATE_MODELS, RETRIED_ANSWER_HEADERS, writeModelgateConfig } from './modelgate-config.js';
import { GATEWAY_MAIN } from './workspace-paths.js';

const CLIENT_HEADERS = { authorization: `Bearer ${MODELGATE_KEY}` };

// The same V8 flags as the gateway's `start` script (apps/gateway/package.json): V8 otherwise sizes
// the young generation by the machine's memory, which on this 24 GiB machine costs ~100 MB of RSS
// under load for no measurable throughput.
const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=16'];

/** The gateway as users run it: `node apps/gateway/dist/main.js` with a config file. */
export const modelgateTarget: BenchTarget = {
  name: 'modelgate',
  async start({ simulatorUrl, options, anthropicPluginPath }) {
    const port = await findFreePort();
    const config = writeModelgateConfig({ port, simulatorUrl, logLevel: options.logLevel, anthropicPluginPath });
    const profiling = options.cpuProfileDirectory ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDirectory] : [];
    const gateway = spawnPinnedNode(PROXY_CORE, [...GATEWAY_NODE_FLAGS, ...profiling, GATEWAY_MAIN], { env: { ...process.env, MODELGATE_CONFIG: config } });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/health`, gateway);
    return {
      name: 'modelgate',
      pid: gateway.pid,
      request(scenario, hold = false) {
        if (scenario.vendor === 'anthropic-messages' && !anthropicPluginPath) return { skipped: 'skipped: provider not present' };
        const request = gatewayClientRequest(baseUrl, scenario, hold, MODELGATE_MODELS, CLIENT_HEADERS);
        return scenario.retryOf && !isSkipped(request) ? { ...request, expectedHeaders: RETRIED_ANSWER_HEADERS } : request;
      },
      async stop() {
        await gateway.stop();
        rmSync(dirname(config), { recursive: true, force: true });
      },
    };
  },
};
