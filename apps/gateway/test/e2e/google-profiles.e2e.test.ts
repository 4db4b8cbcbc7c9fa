import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGoogleSimulator, type GoogleSimulator } from '@modelgate/provider-google/testing';
import { MAIN_SCRIPT, spawnGatewayProcess } from '../support/gateway-process.js';

const SERVICE_KEY = 'mg-operator-chosen-key-123456';
const dataDirectory = mkdtempSync(join(tmpdir(), 'modelgate-google-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

/** Runs `npm start`'s entry with `env` and asks it for `model`; resolves with the answer's text and what the process printed. */
async function askMain(env: Record<string, string>, model: string, text: string, key = SERVICE_KEY): Promise<{ content: string; output: string }> {
  const gateway = await spawnGatewayProcess([MAIN_SCRIPT], { name: 'main', env: { PORT: '0', MODELGATE_DATA_DIR: dataDirectory, MODELGATE_API_KEY: key, ...env } });
  try {
    const response = await fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: text }] }),
    });
    const body = (await response.json()) as { choices?: Array<{ message: { content: string } }> };
    expect({ status: response.status, body }).toMatchObject({ status: 200 });
    return { content: body.choices![0]!.message.content, output: gateway.output() };
  } finally {
    expect(await gateway.terminate()).toBe(0);
  }
}

// `npm start` with Google's variables serves Gemini through the plugin's declared environment;
// without any vendor key the demo profile serves demo-gemini from the bundled simulator.
describe('the process entry with Gemini (npm start)', () => {
  let simulator: GoogleSimulator;
  beforeAll(async () => {
    simulator = await startGoogleSimulator();
  });
  afterAll(() => simulator.close());

  it.each([
    ['GEMINI_API_KEY', { GEMINI_API_KEY: 'gemini-key-from-env' }, 'gemini-key-from-env'],
    ['GOOGLE_API_KEY', { GOOGLE_API_KEY: 'google-key-from-env' }, 'google-key-from-env'],
    ['both, GOOGLE_API_KEY winning as in Google’s SDKs', { GEMINI_API_KEY: 'gemini-key-from-env', GOOGLE_API_KEY: 'google-key-from-env' }, 'google-key-from-env'],
  ])('serves every gemini-* id from %s and GOOGLE_GEMINI_BASE_URL (without its version)', async (_label, keys, sentKey) => {
    const { content, output } = await askMain({ ...keys, GOOGLE_GEMINI_BASE_URL: simulator.origin }, 'gemini-3.1-pro-preview', 'real vendor path');
    expect(content).toBe('Echo: real vendor path');
    expect(output).toContain('vendor keys from the environment');
    const received = simulator.requests.at(-1)!;
    expect(received.path).toBe('/v1beta/models/gemini-3.1-pro-preview:generateContent');
    expect(received.headers['x-goog-api-key']).toBe(sentKey);
  });

  it('serves demo-gemini in the demo profile', async () => {
    const { content, output } = await askMain({ MODELGATE_DEMO: '1' }, 'demo-gemini', 'offline gemini');
    expect(output).toContain('demo profile');
    expect(content).toBe('Echo: offline gemini');
  });
});
