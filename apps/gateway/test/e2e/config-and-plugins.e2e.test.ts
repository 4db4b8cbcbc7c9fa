import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { loadGatewayConfig } from '../../src/config/load-gateway-config.js';
import { createApp } from '../../src/create-app.js';
import { startGateway } from '../../src/server/start-gateway.js';
import { chat } from '../support/admin-client.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const silent = pino({ level: 'silent' });

async function writeConfig(yaml: string): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'modelgate-config-'));
  const file = join(directory, 'modelgate.yaml');
  await writeFile(file, yaml);
  return file;
}

describe('config file and plugin loading', () => {
  let simulator: Awaited<ReturnType<typeof startOpenAiSimulator>>;
  beforeAll(async () => {
    simulator = await startOpenAiSimulator();
  });
  afterAll(() => simulator.close());

  it('loads YAML, expands env vars (with defaults), loads a package by name and serves it', async () => {
    const file = await writeConfig(`
server:
  port: 0
providers:
  - package: "@modelgate/provider-openai"
    settings:
      baseUrl: "\${SIM_URL}"
      apiKey: "\${SIM_KEY:-sk-default}"
models:
  - id: house-model
    provider: openai
    upstreamModel: gpt-4.1
keys:
  - name: ci
    key: "\${GATEWAY_KEY}"
`);
    const { config } = await loadGatewayConfig(file, { SIM_URL: simulator.url, GATEWAY_KEY: 'mg-config-key-abcdefghijklmnop' });
    expect(config.providers[0]!.settings).toEqual({ baseUrl: simulator.url, apiKey: 'sk-default' });
    const gateway = await startGateway(config, { logger: silent, baseDirectory: fixtures });
    try {
      const response = await chat(`${gateway.url}/v1`, 'mg-config-key-abcdefghijklmnop', { model: 'house-model', messages: [{ role: 'user', content: 'from yaml' }] });
      expect(response.status).toBe(200);
      expect(simulator.requests.at(-1)!.headers.authorization).toBe('Bearer sk-default');
      expect((simulator.requests.at(-1)!.body as { model: string }).model).toBe('gpt-4.1');
    } finally {
      await gateway.close();
    }
  });

  it('keeps `$${` as a literal `${`, never looked up (an unset name is no error), beside an expanded variable', async () => {
    const file = await writeConfig(`
server: { port: 0 }
providers:
  - package: "@modelgate/provider-openai"
    settings:
      baseUrl: "\${SIM_URL}"
      headers:
        x-literal: "$\${NOT_SET_ANYWHERE}"
        x-mixed: "pre-$\${SIM_URL}-\${TAG:-plain}"
keys:
  - { name: ci, key: "mg-escape-key-0123456789abcdef" }
`);
    const { config } = await loadGatewayConfig(file, { SIM_URL: simulator.url });
    const gateway = await startGateway(config, { logger: silent, baseDirectory: fixtures });
    try {
      const response = await chat(`${gateway.url}/v1`, 'mg-escape-key-0123456789abcdef', { model: 'gpt-4.1', messages: [{ role: 'user', content: 'escaped' }] });
      expect(response.status).toBe(200);
      const received = simulator.requests.at(-1)!.headers;
      expect({ literal: received['x-literal'], mixed: received['x-mixed'] }).toEqual({ literal: '${NOT_SET_ANYWHERE}', mixed: 'pre-${SIM_URL}-plain' });
    } finally {
      await gateway.close();
    }
  });

  it('stops with a message naming an unset env var', async () => {
    const file = await writeConfig('providers:\n  - package: "@modelgate/provider-openai"\n    settings: { apiKey: "${MISSING_SECRET}" }\n');
    await expect(loadGatewayConfig(file, {})).rejects.toThrow(/providers\[0\]\.settings\.apiKey uses \$\{MISSING_SECRET\}/);
  });

  it('rejects a config that does not match its schema', async () => {
    const file = await writeConfig('providers: []\nunknownSection: 1\n');
    await expect(loadGatewayConfig(file, {})).rejects.toThrow(/invalid config/);
  });

  it('stops start-up naming a module that is not a plugin', async () => {
    const { config } = await loadGatewayConfig(await writeConfig(`providers:\n  - package: "${join(fixtures, 'not-a-plugin.mjs')}"\n`), {});
    await expect(createApp(config, { logger: silent })).rejects.toThrow(/provider '.*not-a-plugin\.mjs' could not be loaded: .*specificationVersion/);
  });

  it('stops start-up naming a package that is not installed', async () => {
    const { config } = await loadGatewayConfig(await writeConfig('providers:\n  - package: "modelgate-provider-nowhere"\n'), {});
    await expect(createApp(config, { logger: silent, baseDirectory: fixtures })).rejects.toThrow(
      /provider 'modelgate-provider-nowhere' could not be loaded: cannot be resolved/,
    );
  });

  it('stops start-up naming a plugin whose settings are invalid', async () => {
    const { config } = await loadGatewayConfig(
      await writeConfig('providers:\n  - package: "@modelgate/provider-openai"\n    settings: { baseUrl: "ftp://x", colour: "blue" }\n'),
      {},
    );
    await expect(createApp(config, { logger: silent, baseDirectory: fixtures })).rejects.toThrow(
      /provider '@modelgate\/provider-openai' could not be loaded: invalid settings/,
    );
  });

  it('loads a third-party plugin by path relative to the config file and routes by its patterns', async () => {
    const file = await writeConfig(`
server: { port: 0 }
providers:
  - package: "${join(fixtures, 'third-party-plugin.mjs')}"
    settings: { baseUrl: "${simulator.url}" }
keys:
  - { name: t, key: "mg-third-party-key-000000000" }
`);
    const { config } = await loadGatewayConfig(file, {});
    const gateway = await startGateway(config, { logger: silent, baseDirectory: fixtures });
    try {
      const response = await chat(`${gateway.url}/v1`, 'mg-third-party-key-000000000', { model: 'acme-large', messages: [{ role: 'user', content: 'third party' }] });
      expect(response.status).toBe(200);
      expect((simulator.requests.at(-1)!.body as { model: string }).model).toBe('acme-large');
    } finally {
      await gateway.close();
    }
  });
});
