import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import azureOpenAiPlugin from './index.js';
import { startAzureOpenAiSimulator, startEntraIdentityEndpoint, type AzureOpenAiSimulator, type EntraIdentityEndpoint } from './testing/index.js';

const DEPLOYMENT = 'gpt-4.1';
const IDENTITY_HEADER = 'identity-header-secret';

// Entra ID through `@azure/identity`'s real credential chain (DefaultAzureCredential picks the App
// Service managed identity from IDENTITY_ENDPOINT / IDENTITY_HEADER), the provider's signer and the
// pipeline, to an Azure simulator that accepts only the tokens the identity endpoint issued.
describe('Azure OpenAI with Microsoft Entra ID tokens', () => {
  let identity: EntraIdentityEndpoint;
  let simulator: AzureOpenAiSimulator;
  const gateways: ConformanceGateway[] = [];
  beforeAll(async () => {
    identity = await startEntraIdentityEndpoint({ identityHeader: IDENTITY_HEADER });
    simulator = await startAzureOpenAiSimulator({ apiKey: 'unused-key', deployments: { [DEPLOYMENT]: 'gpt-4.1-2025-04-14' }, acceptsBearer: (token) => identity.issued(token) });
    process.env.IDENTITY_ENDPOINT = identity.url;
    process.env.IDENTITY_HEADER = IDENTITY_HEADER;
  });
  afterEach(async () => {
    await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
  });
  afterAll(async () => {
    delete process.env.IDENTITY_ENDPOINT;
    delete process.env.IDENTITY_HEADER;
    await simulator?.close();
    await identity?.close();
  });

  async function gateway(settings: Record<string, unknown> = {}): Promise<ConformanceGateway> {
    const started = await startPipelineGateway({ provider: { plugin: azureOpenAiPlugin }, settings: { endpoint: simulator.url, entraId: true, ...settings }, model: DEPLOYMENT });
    gateways.push(started);
    return started;
  }
  const post = (to: ConformanceGateway) =>
    fetch(`${to.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${to.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: DEPLOYMENT, messages: [{ role: 'user', content: 'Hi' }] }),
    });

  it('sends the token the identity endpoint issued as a bearer (no api-key), fetched once for several requests', async () => {
    const fetchesBefore = identity.requests.length;
    const served = await gateway();
    const statuses = await Promise.all([post(served), post(served), post(served)].map(async (pending) => (await pending).status));
    expect(statuses).toEqual([200, 200, 200]);
    expect(identity.requests.length - fetchesBefore).toBe(1);
    expect(identity.requests.at(-1)!.query).toMatchObject({ 'api-version': '2019-08-01', resource: 'https://cognitiveservices.azure.com' });
    const sent = simulator.requests.slice(-3);
    for (const request of sent) {
      expect(request.headers['api-key']).toBeUndefined();
      expect(identity.issued(/^Bearer (.+)$/.exec(request.headers.authorization!)![1]!)).toBe(true);
    }
  });
  it('a token the credential chain cannot get is a 502 naming neither the token nor the identity secret, and nothing reaches Azure', async () => {
    const before = simulator.requests.length;
    const response = await post(await gateway({ entraScope: 'https://not-registered.example/.default' }));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toContain('upstream_credentials_unavailable');
    expect(text).not.toContain(IDENTITY_HEADER);
    expect(identity.requests.at(-1)!.query.resource).toBe('https://not-registered.example');
    expect(simulator.requests.length).toBe(before);
  });


  it('refuses a key and entraId together, and neither, at start-up', async () => {
    await expect(startPipelineGateway({ provider: { plugin: azureOpenAiPlugin }, settings: { endpoint: simulator.url, apiKey: 'k', entraId: true }, model: DEPLOYMENT })).rejects.toThrow(/invalid settings/);
    await expect(startPipelineGateway({ provider: { plugin: azureOpenAiPlugin }, settings: { endpoint: simulator.url }, model: DEPLOYMENT })).rejects.toThrow(/invalid settings/);
  });
});
