import type { SignableUpstreamRequestV1, UpstreamSignerV1 } from '@modelgate/core';
import type { BedrockSettings } from './bedrock-settings.js';

interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  readonly expiration?: Date;
}
type CredentialProvider = () => Promise<AwsCredentials>;
interface Signer {
  sign(request: unknown, options?: { signingDate?: Date }): Promise<{ headers: Record<string, string> }>;
}

/** Headers the transport sets itself: never returned, so they are not sent twice. */
const SET_BY_TRANSPORT = new Set(['host']);

/**
 * The static credentials of the settings, or the AWS SDK's default chain (environment, shared
 * config and credentials files, web identity, ECS and EC2 instance metadata), which caches what it
 * got and fetches again before expiry.
 */
async function credentialProvider(settings: BedrockSettings): Promise<CredentialProvider> {
  if (settings.accessKeyId && settings.secretAccessKey) {
    const fixed: AwsCredentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, sessionToken: settings.sessionToken };
    return async () => fixed;
  }
  // Memoized by the SDK: fetched again once they are within five minutes of their expiry.
  const { defaultProvider } = await import('@aws-sdk/credential-provider-node');
  return defaultProvider() as CredentialProvider;
}

/**
 * AWS Signature Version 4 for Bedrock (service `bedrock`), with `@smithy/signature-v4`, over the
 * body exactly as sent; each attempt is signed afresh (its own `x-amz-date`). The libraries load
 * only when a Bedrock provider is configured and signs its first request.
 */
export function createBedrockSigner(settings: BedrockSettings): UpstreamSignerV1 {
  let ready: Promise<Signer> | undefined;
  async function signer(): Promise<Signer> {
    const [{ SignatureV4 }, { Sha256 }, credentials] = await Promise.all([import('@smithy/signature-v4'), import('@aws-crypto/sha256-js'), credentialProvider(settings)]);
    return new SignatureV4({ service: 'bedrock', region: settings.region, credentials, sha256: Sha256 }) as unknown as Signer;
  }
  return {
    async sign(request: SignableUpstreamRequestV1) {
      ready ??= signer().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      const url = new URL(request.url);
      const signed = await (await ready).sign({
        method: request.method,
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port === '' ? undefined : Number(url.port),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { ...request.headers, host: url.host },
        body: request.body,
      });
      const added: Record<string, string> = {};
      for (const [name, value] of Object.entries(signed.headers)) {
        if (!SET_BY_TRANSPORT.has(name.toLowerCase()) && request.headers[name] !== value) added[name] = value;
      }
      return added;
    },
  };
}
