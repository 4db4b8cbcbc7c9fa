import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../process/find-free-port.js';
import { spawnPinnedNode } from '../process/spawn-pinned.js';
import { waitForHttp } from '../process/wait-for-http.js';
import type { Scenario } from '../scenarios.js';
import { HOLD_MODEL, LONG_MODEL } from '../simulator/simulator-routes.js';
import type { BenchTarget } from './bench-target.js';
import { gatewayClientRequest } from './gateway-client-request.js';
import { PORTKEY_SERVER } from './workspace-paths.js';

const MUTABLE_HEADERS_SHIM = fileURLToPath(new URL('../proxies/portkey-mutable-headers-shim.js', import.meta.url));

/**
 * Portkey 1.15.2's request logger calls `.json()` on a Gemini stream's answer and prints the failure
 * with its stack on every such request ("Error processing log"); its stderr goes here instead of
 * through the bench's output.
 */
export const PORTKEY_LOG = fileURLToPath(new URL('../../results/portkey-stderr.log', import.meta.url));

let logOpenedThisRun = false;

/** The log, emptied at the run's first start of Portkey and added to at its restart. */
function openPortkeyLog(): number {
  mkdirSync(dirname(PORTKEY_LOG), { recursive: true });
  const descriptor = openSync(PORTKEY_LOG, logOpenedThisRun ? 'a' : 'w');
  logOpenedThisRun = true;
  writeSync(descriptor, `--- Portkey started ${new Date().toISOString()}\n`);
  return descriptor;
}

const PORTKEY_MODELS = { openai: 'gpt-bench', anthropic: 'claude-bench', gemini: 'gemini-bench', hold: HOLD_MODEL, openaiLong: LONG_MODEL, anthropicLong: LONG_MODEL };

/**
 * Portkey's provider for each vendor, its key, and where that provider lives. Portkey's `google`
 * provider adds `/v1beta/models/…` to the host itself, and sends the key as `?key=`.
 */
function portkeyRoute(vendor: Scenario['vendor'], simulatorUrl: string): { provider: string; key: string; customHost: string } {
  switch (vendor) {
    case 'anthropic-messages':
      return { provider: 'anthropic', key: 'sk-ant-bench', customHost: `${simulatorUrl}/v1` };
    case 'gemini':
      return { provider: 'google', key: 'bench-google-key', customHost: simulatorUrl };
    default:
      return { provider: 'openai', key: 'sk-bench', customHost: `${simulatorUrl}/v1` };
  }
}

/**
 * Portkey's open-source gateway (its Node server), told per request which provider to speak and
 * where that provider lives (`x-portkey-custom-host`: the simulator on 127.0.0.1, never the internet).
 */
export const portkeyTarget: BenchTarget = {
  name: 'portkey',
  async start({ simulatorUrl }) {
    const port = await findFreePort();
    const log = openPortkeyLog();
    const gateway = spawnPinnedNode('gateway', ['--import', MUTABLE_HEADERS_SHIM, PORTKEY_SERVER, `--port=${port}`, '--headless'], {
      env: { ...process.env, NODE_ENV: 'production' },
      stderr: log,
    });
    closeSync(log);
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(`${baseUrl}/`, gateway);
    } catch (error) {
      await gateway.stop();
      throw new Error(`${(error as Error).message} (its stderr: ${PORTKEY_LOG})`);
    }
    return {
      name: 'portkey',
      pid: gateway.pid,
      isRunning: () => gateway.running(),
      request(scenario, hold = false) {
        const { provider, key, customHost } = portkeyRoute(scenario.vendor, simulatorUrl);
        const headers = { authorization: `Bearer ${key}`, 'x-portkey-provider': provider, 'x-portkey-custom-host': customHost };
        return gatewayClientRequest(baseUrl, scenario, hold, PORTKEY_MODELS, headers);
      },
      stop: () => gateway.stop(),
    };
  },
};
