import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import { MAIN_SCRIPT, runNodeCommand, spawnGatewayProcess } from '../support/gateway-process.js';

const SERVICE_KEY = 'mg-vendor-profile-key-0123456789abcd';

describe('the vendor profile never prints a made-up secret into a log stream (issue 27)', () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-vendor-secrets-'));
    simulator = await startOpenAiSimulator({ apiKey: 'sk-vendor-profile' });
  });
  afterAll(async () => {
    await simulator.close();
    await rm(directory, { recursive: true, force: true });
  });

  const vendorEnv = () => ({ PORT: '0', MODELGATE_DATA_DIR: directory, OPENAI_API_KEY: 'sk-vendor-profile', OPENAI_BASE_URL: simulator.url });

  it('refuses to start without MODELGATE_API_KEY when its output is a pipe, and prints no key', async () => {
    const run = await runNodeCommand([MAIN_SCRIPT], { env: vendorEnv() });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('the vendor profile needs MODELGATE_API_KEY when its output is not a terminal');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/mg-[0-9a-f]{16}/);
  });

  it('with MODELGATE_API_KEY and no admin token, serves with the admin API off and prints no token', async () => {
    const gateway = await spawnGatewayProcess([MAIN_SCRIPT], { env: { ...vendorEnv(), MODELGATE_API_KEY: SERVICE_KEY } });
    try {
      expect(gateway.output()).not.toMatch(/admin token|shown once/);
      const admin = await fetch(`${gateway.url}/admin/keys`, { headers: { authorization: `Bearer ${SERVICE_KEY}` } });
      expect(admin.status).toBe(404);
      const answer = await fetch(`${gateway.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(answer.status).toBe(200);
    } finally {
      await gateway.terminate();
    }
  });

  it('on a terminal, makes up both and shows them in the banner', async () => {
    // `script` gives the process a pseudo-terminal, as a person starting it by hand has.
    const child = spawn('script', ['-qec', `${process.execPath} ${MAIN_SCRIPT}`, '/dev/null'], { env: { PATH: process.env.PATH ?? '', ...vendorEnv() }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
        child.stdout.on('data', () => output.includes('Try it:') && resolve());
      });
      expect(output).toMatch(/Service key \(shown once\): mg-/);
      expect(output).toMatch(/admin token, shown once: mg-/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
