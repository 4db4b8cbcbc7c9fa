import { createSign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AccessTokenV1 } from '@modelgate/core';

export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

interface ServiceAccountKey {
  readonly type?: string;
  readonly client_email?: string;
  readonly private_key?: string;
  readonly private_key_id?: string;
  readonly token_uri?: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Reads a key file; undefined when it is not a service account's (authorized_user, external_account: the library's). */
export async function readServiceAccountKey(path: string): Promise<ServiceAccountKey | undefined> {
  const key = JSON.parse(await readFile(path, 'utf8')) as ServiceAccountKey;
  return key.type === 'service_account' ? key : undefined;
}

/**
 * OAuth 2.0 JWT bearer grant for a service account (RFC 7523; Google, "Using OAuth 2.0 for Server
 * to Server Applications"): a JWT signed RS256 with the key, `aud` the key file's `token_uri`,
 * valid an hour, exchanged at that `token_uri` for an access token. Written here rather than taken
 * from google-auth-library because the Node library posts to Google's endpoint whatever the key
 * file's `token_uri` says (Private Service Connect endpoints, and the simulator, need it honoured).
 * Error texts quote the token endpoint's error code, never the key or the assertion.
 */
export async function fetchServiceAccountToken(key: ServiceAccountKey, scope: string, signal: AbortSignal): Promise<AccessTokenV1> {
  const tokenUri = key.token_uri ?? 'https://oauth2.googleapis.com/token';
  if (!key.client_email || !key.private_key) throw Object.assign(new Error('The key file has no client_email or private_key.'), { code: 'INVALID_KEY_FILE' });
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...(key.private_key_id && { kid: key.private_key_id }) }));
  const claims = base64url(JSON.stringify({ iss: key.client_email, scope, aud: tokenUri, iat: now, exp: now + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key.private_key).toString('base64url');
  const response = await fetch(tokenUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${header}.${claims}.${signature}` }),
    signal,
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!response.ok || typeof answer.access_token !== 'string') {
    throw Object.assign(new Error('The token endpoint refused the grant.'), { code: typeof answer.error === 'string' ? answer.error : `HTTP_${response.status}` });
  }
  return { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 };
}
