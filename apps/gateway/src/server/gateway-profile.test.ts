import { describe, expect, it } from '@jest/globals';
import { loadGatewayProfile } from './gateway-profile.js';

describe('loadGatewayProfile without a config file', () => {
  it('treats an empty MODELGATE_API_KEY (or admin token) as unset: a new one is made and printed', async () => {
    const profile = await loadGatewayProfile({ OPENAI_API_KEY: 'sk-from-environment', MODELGATE_API_KEY: '', MODELGATE_ADMIN_TOKEN: '' });
    expect(profile.printedKey).toMatch(/^mg-[\w-]{32}$/);
    expect(profile.printedAdminToken).toMatch(/^mg-[\w-]{32}$/);
  });
});
