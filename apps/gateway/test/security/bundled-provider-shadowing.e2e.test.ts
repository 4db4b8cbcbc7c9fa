import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

const SERVICE_KEY = 'mg-shadowing-key-0123456789abcdefgh';

describe("no node_modules above the config can stand in for a bundled provider (issue 27)", () => {
  let root: string;
  let simulator: OpenAiSimulator;
  let gateway: GatewayProcess;
  const marker = () => join(root, 'impostor-loaded');

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'modelgate-shadowing-'));
    // An impostor two folders above the config, where Node's own lookup would find it first.
    const impostor = join(root, 'node_modules', '@modelgate', 'provider-openai');
    await mkdir(impostor, { recursive: true });
    await writeFile(join(impostor, 'package.json'), JSON.stringify({ name: '@modelgate/provider-openai', type: 'module', exports: './index.js' }));
    await writeFile(join(impostor, 'index.js'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker())}, 'loaded');\nexport default {};\n`);
    const configDirectory = join(root, 'etc', 'modelgate');
    await mkdir(configDirectory, { recursive: true });
    simulator = await startOpenAiSimulator({ apiKey: 'sk-shadowing' });
    gateway = await startGatewayProcess(configDirectory, 'shadowing', {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: 'sk-shadowing' } }],
      keys: [{ name: 'k', key: SERVICE_KEY }],
    });
  }, 30_000);
  afterAll(async () => {
    await gateway?.terminate();
    await simulator.close();
    await rm(root, { recursive: true, force: true });
  });

  it('loads the bundled @modelgate/provider-openai, never the impostor', async () => {
    expect(existsSync(marker())).toBe(false);
    const answer = await fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(answer.status).toBe(200);
    expect(simulator.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4.1-mini' });
  });
});
