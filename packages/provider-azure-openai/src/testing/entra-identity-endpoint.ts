import { randomBytes } from 'node:crypto';
import { startSimulatorServer, writeJsonBody, type RecordedRequest } from '@modelgate/testkit';

export interface EntraIdentityEndpoint {
  /** What `IDENTITY_ENDPOINT` takes. */
  readonly url: string;
  /** Every token request, oldest first. */
  readonly requests: RecordedRequest[];
  /** Whether this endpoint issued `token` (and it has not expired): what Azure OpenAI checks. */
  issued(token: string): boolean;
  close(): Promise<void>;
}

// The App Service / Functions managed identity endpoint (learn.microsoft.com, "Managed identities
// for App Service", REST protocol): `GET {IDENTITY_ENDPOINT}?api-version=2019-08-01&resource=<resource>`
// with the `X-IDENTITY-HEADER` secret; it answers `access_token`, `expires_on` (epoch seconds),
// `resource` and `token_type`. `@azure/identity`'s DefaultAzureCredential uses it when
// `IDENTITY_ENDPOINT` and `IDENTITY_HEADER` are set, so the provider's real credential chain runs.
export async function startEntraIdentityEndpoint(options: { identityHeader: string; lifetimeSeconds?: number; resources?: readonly string[] }): Promise<EntraIdentityEndpoint> {
  const resources = new Set(options.resources ?? ['https://cognitiveservices.azure.com']);
  const issued = new Map<string, number>();
  const lifetime = options.lifetimeSeconds ?? 3600;
  const server = await startSimulatorServer((request, response) => {
    if (request.method !== 'GET') return writeJsonBody(response, 405, { statusCode: 405, message: 'Method not allowed' });
    if (request.headers['x-identity-header'] !== options.identityHeader) {
      return writeJsonBody(response, 401, { statusCode: 401, message: 'Unauthorized: the X-IDENTITY-HEADER is missing or invalid.' });
    }
    if (request.query['api-version'] !== '2019-08-01' || !request.query.resource) {
      return writeJsonBody(response, 400, { statusCode: 400, message: 'Bad request: api-version 2019-08-01 and resource are required.' });
    }
    // A resource with no service principal in the tenant: Entra ID's AADSTS500011.
    if (!resources.has(request.query.resource)) {
      return writeJsonBody(response, 400, {
        error: 'invalid_resource',
        error_description: `AADSTS500011: The resource principal named ${request.query.resource} was not found in the tenant.`,
      });
    }
    const token = `entra-${randomBytes(16).toString('hex')}`;
    const expiresOn = Math.floor(Date.now() / 1000) + lifetime;
    issued.set(token, expiresOn * 1000);
    writeJsonBody(response, 200, { access_token: token, expires_on: String(expiresOn), resource: request.query.resource, token_type: 'Bearer', client_id: 'simulated-identity' });
  });
  return {
    url: `${server.url}/msi/token`,
    requests: server.requests,
    issued: (token) => (issued.get(token) ?? 0) > Date.now(),
    close: () => server.close(),
  };
}
