import { Sha256 } from '@aws-crypto/sha256-js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SignatureV4 } from '@smithy/signature-v4';
import { startBedrockSimulator, type BedrockSimulator } from './bedrock-simulator.js';

const KEYS = { accessKeyId: 'AKIASIMULATORTEST01', secretAccessKey: 'the-real-secret' };
const MODEL = 'anthropic.claude-haiku-4-5-20251001-v1:0';
const BODY = JSON.stringify({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 20, messages: [{ role: 'user', content: 'Hi' }] });

let simulator: BedrockSimulator;
beforeAll(async () => {
  simulator = await startBedrockSimulator({ region: 'us-west-2', credentials: [KEYS], models: { [MODEL]: 'claude-haiku-4-5' } });
});
afterAll(() => simulator.close());

/** Signs with AWS's own signer (as the SDKs do), then lets the test change what is sent. */
async function send(options: { secret?: string; body?: string; sentBody?: string; date?: Date }) {
  const url = new URL(`${simulator.url}/model/${encodeURIComponent(MODEL)}/invoke`);
  const signer = new SignatureV4({ service: 'bedrock', region: 'us-west-2', credentials: { ...KEYS, secretAccessKey: options.secret ?? KEYS.secretAccessKey }, sha256: Sha256 });
  const signed = await signer.sign(
    { method: 'POST', protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: {}, headers: { host: url.host, 'content-type': 'application/json' }, body: options.body ?? BODY },
    { signingDate: options.date },
  );
  const { host: _host, ...headers } = signed.headers;
  const response = await fetch(url, { method: 'POST', headers, body: options.sentBody ?? options.body ?? BODY });
  return { status: response.status, type: response.headers.get('x-amzn-errortype'), body: (await response.json()) as { message?: string } };
}

describe('the Bedrock simulator verifies SigV4 as AWS does', () => {
  it('accepts a request AWS’s own signer signed', async () => {
    expect((await send({})).status).toBe(200);
  });

  it('refuses a wrong secret with AWS’s 403 and the canonical string it expected', async () => {
    const refused = await send({ secret: 'a-wrong-secret' });
    expect(refused).toMatchObject({ status: 403, type: expect.stringMatching(/^InvalidSignatureException:/) });
    expect(refused.body.message).toMatch(/^The request signature we calculated does not match the signature you provided\. Check your AWS Secret Access Key and signing method\./);
    expect(refused.body.message).toContain(`/model/${encodeURIComponent(encodeURIComponent(MODEL))}/invoke`);
  });

  it('refuses a body changed after signing', async () => {
    const refused = await send({ sentBody: BODY.replace('Hi', 'Ho') });
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringContaining('does not match the signature you provided') } });
  });

  it('refuses a signature dated more than five minutes ago', async () => {
    const refused = await send({ date: new Date(Date.now() - 6 * 60_000) });
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/^Signature expired: \d{8}T\d{6}Z is now earlier than \d{8}T\d{6}Z \(\d{8}T\d{6}Z - 5 min\.\)$/) } });
  });

  it('refuses an unknown access key, and a body with model or stream in it', async () => {
    const response = await fetch(`${simulator.url}/model/x/invoke`, { method: 'POST', body: BODY, headers: { authorization: 'AWS4-HMAC-SHA256 Credential=AKIAUNKNOWN000000000/20261127/us-west-2/bedrock/aws4_request, SignedHeaders=host, Signature=' + '0'.repeat(64) } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'The security token included in the request is invalid.' });
    const withStream = await send({ body: BODY.replace('{', '{"stream":true,') });
    expect(withStream).toMatchObject({ status: 400, body: { message: 'Malformed input request: #: extraneous key [stream] is not permitted, please reformat your input and try again.' } });
  });
});
