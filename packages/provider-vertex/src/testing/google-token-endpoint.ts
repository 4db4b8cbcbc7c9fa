import { createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { writeJsonBody, type RecordedRequest } from '@modelgate/testkit';

/** A service account the simulated Google knows: its key file (to hand to the gateway) and public key. */
export interface SimulatedServiceAccount {
  readonly keyFile: Record<string, string>;
  readonly publicKey: KeyObject;
}

/** Makes a service account with a fresh RSA key, whose key file's `token_uri` is the simulator's. */
export function createServiceAccount(tokenUri: string, email = 'modelgate@test-project.iam.gserviceaccount.com'): SimulatedServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    keyFile: {
      type: 'service_account',
      project_id: 'test-project',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: email,
      client_id: '100000000000000000001',
      token_uri: tokenUri,
    },
    publicKey,
  };
}

// Google's OAuth 2.0 token endpoint for the JWT bearer grant ("Using OAuth 2.0 for Server to
// Server Applications", error responses): 400 `invalid_grant` with these descriptions.
const INVALID_SIGNATURE = { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' };
const BAD_TIMEFRAME = {
  error: 'invalid_grant',
  error_description: 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
};
const UNSUPPORTED_GRANT = { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' };

/** Answers one token request: verifies the assertion's RS256 signature, issuer, audience and times, then issues an hour's token. */
export function answerTokenRequest(request: RecordedRequest, response: ServerResponse, accounts: readonly SimulatedServiceAccount[], tokenUri: string, issue: (token: string, expiresAt: number) => void): void {
  const form = new URLSearchParams(request.rawBody);
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return writeJsonBody(response, 400, { ...UNSUPPORTED_GRANT, error_description: `Invalid grant_type: ${form.get('grant_type') ?? ''}` });
  const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
  let parsed: { iss?: string; aud?: string; iat?: number; exp?: number; scope?: string };
  try {
    parsed = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    return writeJsonBody(response, 400, INVALID_SIGNATURE);
  }
  const account = accounts.find((candidate) => candidate.keyFile.client_email === parsed.iss);
  const valid = account !== undefined && createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(account.publicKey, Buffer.from(signature ?? '', 'base64url'));
  if (!valid || parsed.aud !== tokenUri) return writeJsonBody(response, 400, INVALID_SIGNATURE);
  const now = Math.floor(Date.now() / 1000);
  if (typeof parsed.iat !== 'number' || typeof parsed.exp !== 'number' || parsed.exp - parsed.iat > 3600 || parsed.exp < now || parsed.iat > now + 300) {
    return writeJsonBody(response, 400, BAD_TIMEFRAME);
  }
  const token = `ya29.${randomBytes(24).toString('base64url')}`;
  issue(token, Date.now() + 3599_000);
  writeJsonBody(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
}
