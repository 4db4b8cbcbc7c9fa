import { describe, expect, it } from '@jest/globals';
import { settingsFromEnvironment } from './settings-from-environment.js';
import type { EnvironmentVariableV1 } from './v1/provider-plugin-v1.js';

const KEYED: readonly EnvironmentVariableV1[] = [
  { name: 'ACME_API_KEY', setting: 'apiKey', secret: true },
  { name: 'ACME_BASE_URL', setting: 'baseUrl' },
];
const KEYLESS: readonly EnvironmentVariableV1[] = [{ name: 'LOCAL_BASE_URL', setting: 'baseUrl' }];

describe('settingsFromEnvironment', () => {
  it('fills settings from every set variable once the secrets are all set', () => {
    expect(settingsFromEnvironment(KEYED, { ACME_API_KEY: 'k' })).toEqual({ apiKey: 'k' });
    expect(settingsFromEnvironment(KEYED, { ACME_API_KEY: 'k', ACME_BASE_URL: 'http://127.0.0.1:9/v1', OTHER: 'x' })).toEqual({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
  });

  it('does not enable a plugin whose secret is missing or empty', () => {
    expect(settingsFromEnvironment(KEYED, { ACME_BASE_URL: 'http://127.0.0.1:9/v1' })).toBeUndefined();
    expect(settingsFromEnvironment(KEYED, { ACME_API_KEY: '' })).toBeUndefined();
  });

  it('takes variables that fill the same setting as alternatives, the first declared that is set winning', () => {
    const either: readonly EnvironmentVariableV1[] = [
      { name: 'FIRST_API_KEY', setting: 'apiKey', secret: true },
      { name: 'SECOND_API_KEY', setting: 'apiKey', secret: true },
    ];
    expect(settingsFromEnvironment(either, { SECOND_API_KEY: 's' })).toEqual({ apiKey: 's' });
    expect(settingsFromEnvironment(either, { FIRST_API_KEY: 'f', SECOND_API_KEY: 's' })).toEqual({ apiKey: 'f' });
    expect(settingsFromEnvironment(either, { FIRST_API_KEY: '' })).toBeUndefined();
  });

  it('enables a keyless plugin when any of its variables is set, and never one that declares none', () => {
    expect(settingsFromEnvironment(KEYLESS, {})).toBeUndefined();
    expect(settingsFromEnvironment(KEYLESS, { LOCAL_BASE_URL: 'http://127.0.0.1:9/v1' })).toEqual({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect(settingsFromEnvironment(undefined, { ACME_API_KEY: 'k' })).toBeUndefined();
    expect(settingsFromEnvironment([], { ACME_API_KEY: 'k' })).toBeUndefined();
  });

  it('needs every required variable too: a key without its endpoint enables nothing (issue 32)', () => {
    const hosted: readonly EnvironmentVariableV1[] = [
      { name: 'HOST_API_KEY', setting: 'apiKey', secret: true },
      { name: 'HOST_ENDPOINT', setting: 'endpoint', required: true },
      { name: 'HOST_VERSION', setting: 'apiVersion' },
    ];
    expect(settingsFromEnvironment(hosted, { HOST_API_KEY: 'k' })).toBeUndefined();
    expect(settingsFromEnvironment(hosted, { HOST_ENDPOINT: 'https://h' })).toBeUndefined();
    expect(settingsFromEnvironment(hosted, { HOST_API_KEY: 'k', HOST_ENDPOINT: 'https://h' })).toEqual({ apiKey: 'k', endpoint: 'https://h' });
    // Required without a secret (a region): enabled by the required ones alone, not by an optional one.
    const regional: readonly EnvironmentVariableV1[] = [{ name: 'HOST_REGION', setting: 'region', required: true }, { name: 'HOST_OPTION', setting: 'option' }];
    expect(settingsFromEnvironment(regional, { HOST_OPTION: 'x' })).toBeUndefined();
    expect(settingsFromEnvironment(regional, { HOST_REGION: 'us-east-1' })).toEqual({ region: 'us-east-1' });
  });
});
