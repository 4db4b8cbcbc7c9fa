import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startDeepSeekSimulator, type DeepSeekSimulator } from '@modelgate/provider-deepseek/testing';
import { MAIN_SCRIPT, spawnGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

const SERVICE_KEY = 'mg-operator-chosen-key-deepseek-123456';

function chat(url: string, key: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

// `npm start` (the built entry, no config file) with DeepSeek bundled: the demo profile serves
// demo-deepseek from the DeepSeek simulator; DEEPSEEK_API_KEY alone serves DeepSeek itself.
describe('DeepSeek in the profiles of npm start', () => {
  let directory: string;
  let gateway: GatewayProcess | undefined;
  let simulator: DeepSeekSimulator;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-deepseek-'));
    simulator = await startDeepSeekSimulator({ apiKey: 'sk-deepseek-from-environment' });
  });
  afterEach(async () => {
    await gateway?.terminate();
    gateway = undefined;
  });
  afterAll(async () => {
    await simulator.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('the demo profile serves demo-deepseek, thinking, from the bundled simulator', async () => {
    gateway = await spawnGatewayProcess([MAIN_SCRIPT], { name: 'demo', env: { PORT: '0', MODELGATE_DEMO: '1', MODELGATE_DATA_DIR: join(directory, 'demo') } });
    const key = /Service key \(shown once\): (mg-\S+)/.exec(gateway.output())![1]!;
    const response = await chat(gateway.url, key, { model: 'demo-deepseek', messages: [{ role: 'user', content: 'offline DeepSeek' }] });
    expect(response.status).toBe(200);
    const message = ((await response.json()) as { choices: Array<{ message: { content: string; reasoning_content?: string } }> }).choices[0]!.message;
    expect(message).toEqual({ role: 'assistant', content: 'Echo: offline DeepSeek', reasoning_content: 'The user wrote: offline DeepSeek' });
  });

  it('DEEPSEEK_API_KEY alone serves DeepSeek’s own ids with that key', async () => {
    gateway = await spawnGatewayProcess([MAIN_SCRIPT], {
      name: 'vendor',
      env: { PORT: '0', MODELGATE_DATA_DIR: join(directory, 'vendor'), DEEPSEEK_API_KEY: 'sk-deepseek-from-environment', DEEPSEEK_BASE_URL: simulator.url, MODELGATE_API_KEY: SERVICE_KEY },
    });
    const response = await chat(gateway.url, SERVICE_KEY, { model: 'deepseek-v4-pro', messages: [{ role: 'user', content: 'real vendor path' }] });
    expect(response.status).toBe(200);
    expect(simulator.requests.at(-1)!.headers.authorization).toBe('Bearer sk-deepseek-from-environment');
    expect(simulator.requests.at(-1)!.body).toMatchObject({ model: 'deepseek-v4-pro', thinking: { type: 'enabled' } });
  });
});
