import { pino } from 'pino';
import type { ConformanceGateway, ConformanceGatewayInput } from '@modelgate/conformance';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { startGateway } from '../../src/server/start-gateway.js';
import { TEST_SERVICE_KEY } from './test-gateway.js';

/** The gateway the conformance suite drives: one provider instance, the model routed to it, silent logs. */
export async function startConformanceGateway(input: ConformanceGatewayInput): Promise<ConformanceGateway> {
  const config = parseGatewayConfig(
    {
      server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 2_000 },
      providers: [{ ...input.provider, id: 'under-test', settings: input.settings }],
      models: [{ id: input.model, provider: 'under-test' }],
      keys: [{ name: 'conformance', key: TEST_SERVICE_KEY }],
      // The Responses suite runs on every family: other families through the Responses bridge.
      responses: { otherFamilies: 'bridge' },
    },
    {},
    'conformance',
  );
  const gateway = await startGateway(config, { logger: pino({ level: 'silent' }), baseDirectory: process.cwd() });
  return { baseUrl: `${gateway.url}/v1`, apiKey: TEST_SERVICE_KEY, close: () => gateway.close() };
}
