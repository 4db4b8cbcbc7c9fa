import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { MAIN_SCRIPT, spawnGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

const SERVICE_KEY = 'mg-private-files-key-0123456789abcd';

async function modeOf(path: string): Promise<string> {
  return ((await stat(path)).mode & 0o777).toString(8);
}

describe("the data directory, the store and the spool are the gateway user's alone (issue 27)", () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  let gateway: GatewayProcess;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-private-'));
    simulator = await startOpenAiSimulator({ apiKey: 'sk-private-files' });
    // A data directory that does not exist yet, under the usual umask (022): the gateway creates it all.
    gateway = await spawnGatewayProcess(['-e', 'process.umask(0o022); await import(process.argv[1])', MAIN_SCRIPT], {
      env: { PORT: '0', MODELGATE_DATA_DIR: join(directory, 'data'), OPENAI_API_KEY: 'sk-private-files', OPENAI_BASE_URL: simulator.url, MODELGATE_API_KEY: SERVICE_KEY },
    });
  });
  afterAll(async () => {
    await gateway?.terminate();
    await simulator.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('creates them 0700 and 0600', async () => {
    const answer = await fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(answer.status).toBe(200);
    const data = join(directory, 'data');
    expect(await modeOf(data)).toBe('700');
    const entries = await readdir(data, { recursive: true });
    expect(entries).toEqual(expect.arrayContaining(['modelgate.sqlite', 'usage-spool']));
    expect(entries.some((entry) => entry.startsWith('usage-spool/'))).toBe(true);
    const modes = Object.fromEntries(await Promise.all(entries.map(async (entry) => [entry, await modeOf(join(data, entry))] as const)));
    for (const [entry, mode] of Object.entries(modes)) {
      const isDirectory = (await stat(join(data, entry))).isDirectory();
      expect({ entry, mode }).toEqual({ entry, mode: isDirectory ? '700' : '600' });
    }
  });
});
