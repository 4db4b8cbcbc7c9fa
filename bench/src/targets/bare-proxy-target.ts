import { fileURLToPath } from 'node:url';
import { readFirstJsonLine, spawnPinnedNode } from '../process/spawn-pinned.js';
import type { BenchTarget } from './bench-target.js';
import { vendorNativeRequest } from './vendor-native-request.js';

const BARE_PROXY_ENTRY = fileURLToPath(new URL('../proxies/run-bare-proxy.js', import.meta.url));

/** The practical floor for any Node proxy: forwards bytes, translates nothing. */
export const bareProxyTarget: BenchTarget = {
  name: 'bare proxy',
  async start({ simulatorUrl }) {
    const proxy = spawnPinnedNode('gateway', [BARE_PROXY_ENTRY, new URL(simulatorUrl).port], { stdout: 'pipe' });
    const { port } = await readFirstJsonLine<{ port: number }>(proxy.child);
    const baseUrl = `http://127.0.0.1:${port}`;
    return {
      name: 'bare proxy',
      pid: proxy.pid,
      isRunning: () => proxy.running(),
      request: (scenario, hold) => vendorNativeRequest(baseUrl, scenario, hold),
      stop: () => proxy.stop(),
    };
  },
};
