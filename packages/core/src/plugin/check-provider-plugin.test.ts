import { describe, expect, it } from '@jest/globals';
import { findProviderPluginProblems } from './check-provider-plugin.js';

const plugin = {
  specificationVersion: 'v1',
  id: 'acme',
  family: 'acme',
  settingsSchema: { type: 'object', properties: { apiKey: { type: 'string' }, baseUrl: { type: 'string' } } },
  modelPatterns: ['acme-*'],
  create: () => ({}),
};

describe('findProviderPluginProblems: the optional environment list', () => {
  it('accepts a plugin without one, and well-formed entries naming settings the schema knows', () => {
    expect(findProviderPluginProblems(plugin)).toEqual([]);
    const environment = [
      { name: 'ACME_API_KEY', setting: 'apiKey', secret: true, description: 'the key' },
      { name: 'ACME_BASE_URL', setting: 'baseUrl' },
    ];
    expect(findProviderPluginProblems({ ...plugin, environment })).toEqual([]);
  });

  it('names each malformed entry', () => {
    expect(findProviderPluginProblems({ ...plugin, environment: { ACME_API_KEY: 'apiKey' } })).toEqual(['`environment` must be an array']);
    expect(
      findProviderPluginProblems({
        ...plugin,
        environment: [null, { name: 'ACME API KEY', setting: 'apiKey' }, { name: 'ACME_X', setting: 'region' }, { name: 'A', setting: '', secret: 'yes', description: 3 }],
      }),
    ).toEqual([
      '`environment[0]` must be an object',
      '`environment[1].name` must be an environment variable name',
      "`environment[2].setting` 'region' is not a property of `settingsSchema`",
      '`environment[3].setting` must be a non-empty string',
      '`environment[3].description` must be a string',
      '`environment[3].secret` must be a boolean',
    ]);
  });

  it('does not second-guess a settings schema that lists no properties', () => {
    const open = { ...plugin, settingsSchema: { type: 'object' }, environment: [{ name: 'ACME_REGION', setting: 'region' }] };
    expect(findProviderPluginProblems(open)).toEqual([]);
  });
});
