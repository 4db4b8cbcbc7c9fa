import { describe, expect, it } from '@jest/globals';
import { loadGatewayProfile } from './gateway-profile.js';

describe('loadGatewayProfile without a config file', () => {
  // On a terminal: the vendor profile makes up and prints secrets only there (never into a log stream).
  it('treats an empty MODELGATE_API_KEY (or admin token) as unset: a new one is made and printed', async () => {
    const profile = await loadGatewayProfile({ OPENAI_API_KEY: 'sk-from-environment', MODELGATE_API_KEY: '', MODELGATE_ADMIN_TOKEN: '' }, { terminal: true });
    expect(profile.printedKey).toMatch(/^mg-[\w-]{32}$/);
    expect(profile.printedAdminToken).toMatch(/^mg-[\w-]{32}$/);
  });

  it('names what each cloud host needs when there is nothing to serve, and a lone Azure key is not enough (issue 32)', async () => {
    const refused = loadGatewayProfile({ AZURE_OPENAI_API_KEY: 'azure-key-without-endpoint' }, { terminal: true });
    await expect(refused).rejects.toThrow('AZURE_OPENAI_API_KEY with AZURE_OPENAI_ENDPOINT, AWS_REGION, GOOGLE_CLOUD_PROJECT and GOOGLE_APPLICATION_CREDENTIALS');
  });
});
