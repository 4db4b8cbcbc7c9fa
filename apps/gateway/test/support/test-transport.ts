import type { UpstreamTransportKind } from '@modelgate/pipeline';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';

/** The variable that runs the e2e tests on another upstream transport (`got` or `undici`). */
export const TEST_TRANSPORT_VARIABLE = 'MODELGATE_TEST_TRANSPORT';

/**
 * `input` with the upstream transport MODELGATE_TEST_TRANSPORT names, unless the test chose one
 * itself: the e2e tests run on the default transport, and a representative part of them again on
 * undici (test/upstream/undici-transport.e2e.test.ts).
 */
export function withTestTransport(input: GatewayConfigInput): GatewayConfigInput {
  const transport = process.env[TEST_TRANSPORT_VARIABLE] as UpstreamTransportKind | undefined;
  if (!transport || input.upstream?.transport) return input;
  return { ...input, upstream: { ...input.upstream, transport } };
}
