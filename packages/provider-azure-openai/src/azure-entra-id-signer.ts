import { createCachedTokenSigner, type UpstreamSignerV1 } from '@modelgate/core';

/**
 * Microsoft Entra ID bearer tokens for Azure OpenAI, from `@azure/identity`'s credential chain
 * (environment, workload identity, managed identity, Azure CLI), which is loaded only when a
 * provider is configured with `entraId`. The core signer caches each token and replaces it before
 * it expires; Azure's library refreshes its own credentials below that.
 */
export function createEntraIdSigner(scope: string): UpstreamSignerV1 {
  let credential: Promise<{ getToken(scope: string, options: { abortSignal: AbortSignal }): Promise<{ token: string; expiresOnTimestamp: number; refreshAfterTimestamp?: number } | null> }> | undefined;
  return createCachedTokenSigner({
    vendorName: 'Azure OpenAI (Microsoft Entra ID)',
    async fetchToken(signal) {
      credential ??= import('@azure/identity').then(({ DefaultAzureCredential }) => new DefaultAzureCredential());
      const token = await (await credential).getToken(scope, { abortSignal: signal });
      if (!token) throw new Error('no token');
      return { token: token.token, expiresAt: token.expiresOnTimestamp };
    },
  });
}
