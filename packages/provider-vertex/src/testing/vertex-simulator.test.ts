import { createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServiceAccount } from './google-token-endpoint.js';
import { startVertexSimulator, type VertexSimulator } from './vertex-simulator.js';

// The simulated Google's own rules: the token endpoint's checks of the JWT assertion, and the
// bearer check on the model call, each in Google's words (sources in google-token-endpoint.ts).
let simulator: VertexSimulator;
beforeAll(async () => {
  simulator = await startVertexSimulator({ project: 'test-project', models: { 'claude-haiku-4-5@20251001': 'claude-haiku-4-5' } });
});
afterAll(() => simulator.close());

function assertion(privateKey: string, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
}

async function grant(jwt: string) {
  const response = await fetch(simulator.tokenUri, { method: 'POST', body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jwt }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the simulated Google token endpoint and Vertex', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({ iss: simulator.serviceAccount.keyFile.client_email, scope: 'https://www.googleapis.com/auth/cloud-platform', aud: simulator.tokenUri, iat: now(), exp: now() + 3600 });

  it('issues a token for an assertion signed with the account key, which Vertex then accepts', async () => {
    const issued = await grant(assertion(simulator.serviceAccount.keyFile.private_key!, claims()));
    expect(issued).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 3599 } });
    const call = await fetch(`${simulator.url}/v1/projects/test-project/locations/global/publishers/anthropic/models/claude-haiku-4-5@20251001:rawPredict`, {
      method: 'POST',
      headers: { authorization: `Bearer ${String(issued.body.access_token)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ anthropic_version: 'vertex-2023-10-16', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(call.status).toBe(200);
  });

  it('refuses an assertion signed with another key, or for another audience', async () => {
    const stranger = createServiceAccount(simulator.tokenUri, simulator.serviceAccount.keyFile.client_email);
    expect(await grant(assertion(stranger.keyFile.private_key!, claims()))).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } });
    expect((await grant(assertion(simulator.serviceAccount.keyFile.private_key!, { ...claims(), aud: 'https://oauth2.googleapis.com/token' }))).status).toBe(400);
  });

  it('refuses a token that lives longer than an hour, or has expired', async () => {
    const long = await grant(assertion(simulator.serviceAccount.keyFile.private_key!, { ...claims(), exp: now() + 7200 }));
    expect(long).toMatchObject({ status: 400, body: { error_description: expect.stringContaining('Token must be a short-lived token (60 minutes)') } });
    expect((await grant(assertion(simulator.serviceAccount.keyFile.private_key!, { ...claims(), iat: now() - 7200, exp: now() - 3600 }))).status).toBe(400);
  });

  it('answers a model call without a token it issued with UNAUTHENTICATED', async () => {
    const call = await fetch(`${simulator.url}/v1/projects/test-project/locations/global/publishers/anthropic/models/claude-haiku-4-5@20251001:rawPredict`, {
      method: 'POST',
      headers: { authorization: 'Bearer ya29.made-up', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(call.status).toBe(401);
    expect(await call.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});
