import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { readSseEvents } from '@modelgate/testkit';
import { startGatewayInFrontOf, UPSTREAM_KEY, type GatewayInFrontOf, type OpenAiSimulator } from '../support/test-gateway.js';

const KEY_A = 'mg-state-owner-a-0123456789abcdefgh';
const KEY_B = 'mg-state-owner-b-0123456789abcdefgh';

async function respond(baseUrl: string, key: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-test', input: 'hi', ...body }),
  });
  return { status: response.status, text: await response.text() };
}

function startReplica(simulator: OpenAiSimulator, databasePath: string): Promise<GatewayInFrontOf<OpenAiSimulator>> {
  return startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0 },
    providers: [{ package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulator.url, apiKey: UPSTREAM_KEY } }],
    models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
    keys: [
      { name: 'a', key: KEY_A },
      { name: 'b', key: KEY_B },
    ],
    storage: { driver: 'sqlite', path: databasePath },
  });
}

describe('a stored response belongs to the key that created it (issue 27)', () => {
  let directory: string;
  let simulator: OpenAiSimulator;
  let first: GatewayInFrontOf<OpenAiSimulator>;
  let second: GatewayInFrontOf<OpenAiSimulator>;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'modelgate-state-owners-'));
    simulator = await startOpenAiSimulator({ apiKey: UPSTREAM_KEY });
    // Two replicas on one store: an owner recorded by one holds on the other.
    first = await startReplica(simulator, join(directory, 'modelgate.sqlite'));
    second = await startReplica(simulator, join(directory, 'modelgate.sqlite'));
  });
  afterAll(async () => {
    await first.gateway.close();
    await second.gateway.close();
    await simulator.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("refuses another key's previous_response_id as the vendor refuses an unknown one, before any upstream call, on every replica", async () => {
    const created = await respond(first.baseUrl, KEY_A, {});
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.text) as { id: string }).id;
    expect(id).toMatch(/^resp_/);

    for (const replica of [first, second]) {
      const before = simulator.requests.length;
      const stolen = await respond(replica.baseUrl, KEY_B, { previous_response_id: id });
      expect(stolen.status).toBe(400);
      expect(JSON.parse(stolen.text)).toEqual({
        error: { message: `Previous response with id '${id}' not found.`, type: 'invalid_request_error', param: 'previous_response_id', code: 'previous_response_not_found' },
      });
      expect(simulator.requests.length).toBe(before);

      const owned = await respond(replica.baseUrl, KEY_A, { previous_response_id: id });
      expect(owned.status).toBe(200);
      expect(simulator.requests.at(-1)?.body).toMatchObject({ previous_response_id: id });
    }
  });

  it('records the owner of a streamed response from its terminal event', async () => {
    const streamed = await fetch(`${first.baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY_A}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-test', input: 'hi', stream: true }),
    });
    expect(streamed.status).toBe(200);
    const completed = (await readSseEvents(streamed)).find((event) => event.event === 'response.completed')!;
    const id = (JSON.parse(completed.data) as { response: { id: string } }).response.id;
    const before = simulator.requests.length;
    expect((await respond(first.baseUrl, KEY_B, { previous_response_id: id })).status).toBe(400);
    expect(simulator.requests.length).toBe(before);
    expect((await respond(first.baseUrl, KEY_A, { previous_response_id: id })).status).toBe(200);
  });
});
