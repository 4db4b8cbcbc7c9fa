import { createCachedTokenSigner, type UpstreamSignerV1 } from '@modelgate/core';
import { CLOUD_PLATFORM_SCOPE, fetchServiceAccountToken, readServiceAccountKey } from './google-service-account-token.js';

/**
 * Google OAuth access tokens for Vertex, cached and replaced before expiry by the core signer: a
 * service-account key file (the settings' `keyFile`, else `GOOGLE_APPLICATION_CREDENTIALS`) through
 * the JWT bearer grant, anything else through google-auth-library's application default
 * credentials (gcloud's login, workload identity federation, the metadata server), loaded only then.
 */
export function createVertexTokenSigner(keyFile: string | undefined, env: Readonly<Record<string, string | undefined>>): UpstreamSignerV1 {
  const path = keyFile ?? env.GOOGLE_APPLICATION_CREDENTIALS;
  return createCachedTokenSigner({
    vendorName: 'Vertex AI (Google OAuth)',
    async fetchToken(signal) {
      const key = path ? await readServiceAccountKey(path) : undefined;
      if (key) return fetchServiceAccountToken(key, CLOUD_PLATFORM_SCOPE, signal);
      const { GoogleAuth } = await import('google-auth-library');
      const client = await new GoogleAuth({ scopes: [CLOUD_PLATFORM_SCOPE], ...(path && { keyFile: path }) }).getClient();
      const { token } = await client.getAccessToken();
      const expiry = (client as { credentials?: { expiry_date?: number | null } }).credentials?.expiry_date;
      if (!token) throw Object.assign(new Error('no token'), { code: 'NO_TOKEN' });
      return { token, expiresAt: expiry ?? Date.now() + 45 * 60_000 };
    },
  });
}
