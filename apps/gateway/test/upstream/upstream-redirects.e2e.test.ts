import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authorized, UPSTREAM_KEY } from '../support/test-gateway.js';
import { answerNormally, chatRequest, responsesRequest, startFakeUpstream, startGatewayBefore, type FakeUpstream, type GatewayBeforeUpstream } from './fake-upstream.js';

// An upstream (or whoever sits at its address) that answers with a redirect must not be able to
// send the prompt and the vendor key to another server, nor pass that server's answer off as the
// completion.
describe('upstream redirects are never followed', () => {
  let elsewhere: FakeUpstream;
  let redirecting: FakeUpstream;
  let harness: GatewayBeforeUpstream;
  const statuses = [301, 302, 303, 307, 308];
  let nextStatus = 307;

  beforeAll(async () => {
    elsewhere = await startFakeUpstream(answerNormally);
    redirecting = await startFakeUpstream((request, response) => {
      response.writeHead(nextStatus, { location: `http://127.0.0.1:${elsewhere.port}${request.url}?token=s3cr3t-token` });
      response.end();
    });
    harness = await startGatewayBefore(redirecting);
  });
  afterAll(async () => {
    await harness.close();
    await elsewhere.close();
  });

  const cases: Array<[string, string, string]> = [
    ['chat', '/chat/completions', chatRequest(false)],
    ['streamed chat', '/chat/completions', chatRequest(true)],
    ['responses', '/responses', responsesRequest(false)],
    ['streamed responses', '/responses', responsesRequest(true)],
  ];

  it.each(cases)('%s: 502 upstream_redirect for every 3xx, each request sent to the configured upstream once, and the other server gets nothing', async (_name, path, body) => {
    const requestsBefore = redirecting.requests.length;
    for (const status of statuses) {
      nextStatus = status;
      const response = await fetch(`${harness.baseUrl}${path}`, { method: 'POST', body, headers: authorized() });
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      const { error } = (await response.json()) as { error: { type: string; code: string; message: string } };
      expect(error.type).toBe('server_error');
      expect(error.code).toBe('upstream_redirect');
      expect(error.message).toContain(`127.0.0.1:${redirecting.port}`);
      expect(error.message).toContain(String(status));
      expect(error.message).not.toContain('s3cr3t-token');
      expect(error.message).not.toContain(UPSTREAM_KEY);
    }
    const sent = redirecting.requests.slice(requestsBefore);
    expect(sent).toHaveLength(statuses.length);
    expect(sent.every((request) => request.headers.authorization === `Bearer ${UPSTREAM_KEY}`)).toBe(true);
    expect(elsewhere.connections).toBe(0);
    expect(elsewhere.requests).toHaveLength(0);
  });
});
