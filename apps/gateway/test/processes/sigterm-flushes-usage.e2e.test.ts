import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OPENAI_PROVIDER_PATH, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';

const SERVICE_KEY = 'mg-sigterm-test-service-key-0123456789';
const STREAMS = 6;

/** An OpenAI-style upstream that streams a word every 40 ms for a long time and never sends usage. */
function startDrippingUpstream(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    let sent = 0;
    const chunk = (delta: object) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1-mini', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
    response.write(chunk({ role: 'assistant', content: '' }));
    const timer = setInterval(() => response.write(chunk({ content: `word${sent++} ` })), 40);
    response.on('close', () => clearInterval(timer));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('SIGTERM in the middle of streams', () => {
  let directory: string;
  let upstream: Server;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-sigterm-'));
    upstream = await startDrippingUpstream();
    gateway = await startGatewayProcess(directory, 'gateway', {
      server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 300 },
      providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`, apiKey: 'sk-up' } }],
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
      keys: [{ name: 'streamer', key: SERVICE_KEY, maxConcurrent: 50 }],
    });
  });

  afterAll(async () => {
    await gateway.terminate();
    await new Promise((resolve) => upstream.close(resolve));
    upstream.closeAllConnections();
    await rm(directory, { recursive: true, force: true });
  });

  it('records every accepted request, with the tokens streamed so far, before it exits', async () => {
    const requestIds = Array.from({ length: STREAMS }, (_, index) => `sigterm-stream-${index}`);
    const readers = await Promise.all(
      requestIds.map(async (requestId) => {
        const response = await fetch(`${gateway.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json', 'x-request-id': requestId },
          body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'talk for a long time' }] }),
        });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        let text = '';
        while (!text.includes('word2')) text += new TextDecoder().decode((await reader.read()).value);
        return reader;
      }),
    );
    const drained = readers.map(async (reader) => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // The connection is cut when the grace period ends: expected.
      }
    });

    expect(await gateway.terminate()).toBe(0);
    await Promise.all(drained);

    const database = new DatabaseSync(join(directory, 'modelgate.sqlite'), { readOnly: true });
    const rows = database
      .prepare('SELECT request_id, status, stream, client_aborted, outcome, stage, tokens_estimated, completion_tokens, prompt_tokens FROM usage_records')
      .all() as Array<Record<string, unknown>>;
    database.close();
    expect(rows.map((row) => row.request_id).sort()).toEqual(requestIds);
    for (const row of rows) {
      // Cut by the gateway at the end of its grace period, not abandoned by the client.
      expect(row).toMatchObject({ status: 200, stream: 1, client_aborted: 0, outcome: 'shutdown', stage: 'streaming', tokens_estimated: 1 });
      expect(row.completion_tokens).toBeGreaterThanOrEqual(3);
      expect(row.prompt_tokens).toBeGreaterThan(0);
    }
    const logged = gateway
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { requestId: string; status: number; outcome: string; stage: string });
    expect(logged.filter((line) => requestIds.includes(line.requestId)).map(({ status, outcome, stage }) => ({ status, outcome, stage }))).toEqual(
      requestIds.map(() => ({ status: 200, outcome: 'shutdown', stage: 'streaming' })),
    );
  });
});
