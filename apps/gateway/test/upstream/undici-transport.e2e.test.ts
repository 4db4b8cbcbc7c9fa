import { afterAll, describe, expect, it } from '@jest/globals';
import { TEST_TRANSPORT_VARIABLE } from '../support/test-transport.js';
import { authorized } from '../support/test-gateway.js';
import { answerNormally, chatRequest, startFakeUpstream, startGatewayBefore, type GatewayBeforeUpstream } from './fake-upstream.js';

// The representative part of the e2e suite again, on the undici transport (`upstream.transport:
// undici`): every upstream behaviour (time-outs, stale connections, redirects, size limits,
// retries and fallbacks), the official OpenAI and Anthropic clients, the verbatim relay, and how
// requests end when a client leaves. The rest of the suite runs on got, the default. Every
// gateway these files start reads the variable (test/support/test-transport.ts); the files' own
// tests are registered here, under this file's name.
process.env[TEST_TRANSPORT_VARIABLE] = 'undici';

await import('./upstream-timeouts.e2e.test.js');
await import('./upstream-stale-connections.e2e.test.js');
await import('./upstream-redirects.e2e.test.js');
await import('./upstream-size-limits.e2e.test.js');
await import('./resilience.e2e.test.js');
await import('../e2e/openai-client.e2e.test.js');
await import('../e2e/anthropic-client.e2e.test.js');
await import('../e2e/verbatim-relay.e2e.test.js');
await import('../usage/request-endings.e2e.test.js');

describe('the transport under these tests', () => {
  let harness: GatewayBeforeUpstream | undefined;
  afterAll(() => harness?.close());

  it('is undici: the upstream sees no user-agent (got sends its own)', async () => {
    const upstream = await startFakeUpstream(answerNormally);
    harness = await startGatewayBefore(upstream);
    const response = await fetch(`${harness.baseUrl}/chat/completions`, { method: 'POST', body: chatRequest(), headers: authorized() });
    expect(response.status).toBe(200);
    expect(upstream.requests[0]!.headers['user-agent']).toBeUndefined();
  });
});
