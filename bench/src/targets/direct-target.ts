import type { BenchTarget } from './bench-target.js';
import { vendorNativeRequest } from './vendor-native-request.js';

/** No proxy at all: the client talks to the simulator. Everything else is measured against this. */
export const directTarget: BenchTarget = {
  name: 'direct',
  async start({ simulatorUrl }) {
    return {
      name: 'direct',
      pid: undefined,
      isRunning: () => true,
      request: (scenario, hold) => vendorNativeRequest(simulatorUrl, scenario, hold),
      stop: async () => undefined,
    };
  },
};
