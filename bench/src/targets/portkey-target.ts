import { fileURLToPath } from 'node:url';
import { findFreePort } from '../process/find-free-port.js';
import { PROXY_CORE, spawnPinnedNode } from '../process/spawn-pinned.js';
import { waitForHttp } from '../process/wait-for-http.js';
import { HOLD_MODEL } from '../simulator/simulator-routes.js';
import type { BenchTarget } from './bench-target.js';
import { gatewayClientRequest } from './gateway-client-request.js';
import { PORTKEY_SERVER } from './workspace-paths.js';

const MUTABLE_HEADERS_SHIM = fileURLToPath(new URL('../proxies/portkey-mutable-headers-shim.js', import.meta.url));

const PORTKEY_MODELS = { openai: 'gpt-bench', anthropic: 'claude-bench', hold: HOLD_MODEL };

/**
 * Portkey's open-source gateway (its Node server), told per request which provider to speak and
 * where that provider lives (`x-portkey-custom-host`: the simulator on 127.0.0.1, never the internet).
 */
export const portkeyTarget: BenchTarget = {
  name: 'portkey',
  async start({ simulatorUrl }) {
    const port = await findFreePort();
    const gateway = spawnPinnedNode(PROXY_CORE, ['--import', MUTABLE_HEADERS_SHIM, PORTKEY_SERVER, `--port=${port}`, '--headless'], {
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/`, gateway);
    const customHost = `${simulatorUrl}/v1`;
    return {
      name: 'portkey',
      pid: gateway.pid,
      request(scenario, hold = false) {
        const provider = scenario.vendor === 'anthropic-messages' ? 'anthropic' : 'openai';
        const headers = {
          authorization: provider === 'anthropic' ? 'Bearer sk-ant-bench' : 'Bearer sk-bench',
          'x-portkey-provider': provider,
          'x-portkey-custom-host': customHost,
        };
        return gatewayClientRequest(baseUrl, scenario, hold, PORTKEY_MODELS, headers);
      },
      stop: () => gateway.stop(),
    };
  },
};
