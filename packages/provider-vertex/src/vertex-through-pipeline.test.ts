import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import { SseParser } from '@modelgate/core';
import vertexPlugin from './index.js';
import { createServiceAccount, startVertexSimulator, type VertexSimulator } from './testing/index.js';

const MODEL = 'claude-sonnet-4-5@20250929';
const PROJECT = 'test-project';
const GEMINI = 'gemini-2.5-flash';

// Claude on Vertex through the pipeline: the service-account JWT grant against the simulator's
// token endpoint (RS256 verified), the bearer on each call, the Anthropic translators.
describe('Vertex AI (Claude, rawPredict) through the pipeline', () => {
  let simulator: VertexSimulator;
  let directory: string;
  let keyFile: string;
  const gateways: ConformanceGateway[] = [];
  beforeAll(async () => {
    simulator = await startVertexSimulator({ project: PROJECT, models: { [MODEL]: 'claude-sonnet-4-5' }, geminiModels: [GEMINI] });
    directory = await mkdtemp(join(tmpdir(), 'vertex-'));
    keyFile = join(directory, 'key.json');
    await writeFile(keyFile, JSON.stringify(simulator.serviceAccount.keyFile), { mode: 0o600 });
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await simulator?.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function start(settings: Record<string, unknown> = {}, model = MODEL): Promise<ConformanceGateway> {
    const gateway = await startPipelineGateway({ provider: { plugin: vertexPlugin }, settings: { project: PROJECT, location: 'us-east5', endpoint: simulator.url, keyFile, ...settings }, model });
    gateways.push(gateway);
    return gateway;
  }
  const chat = (gateway: ConformanceGateway, body: Record<string, unknown>, model = MODEL) =>
    fetch(`${gateway.baseUrl}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${gateway.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model, ...body }) });

  it('gets a token with a signed JWT once, and calls rawPredict with it: the model in the URL, vertex-2023-10-16 in the body', async () => {
    const gateway = await start();
    const tokenRequestsBefore = simulator.requests.filter((request) => request.path === '/token').length;
    const responses = await Promise.all([chat(gateway, { messages: [{ role: 'user', content: 'One' }] }), chat(gateway, { messages: [{ role: 'user', content: 'Two' }] })]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(((await responses[0]!.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('Echo: One');
    const tokenRequests = simulator.requests.filter((request) => request.path === '/token');
    expect(tokenRequests.length - tokenRequestsBefore).toBe(1);
    const grant = new URLSearchParams(tokenRequests.at(-1)!.rawBody);
    expect(grant.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const sent = simulator.requests.at(-1)!;
    expect(sent.path).toBe(`/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/${encodeURIComponent(MODEL)}:rawPredict`);
    expect(sent.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(sent.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16' });
    expect(sent.body).not.toHaveProperty('model');
  });

  it('counts tokens through count-tokens:rawPredict, the Vertex model in the body, Anthropic’s answer relayed', async () => {
    const gateway = await start();
    const response = await fetch(`${gateway.baseUrl}/messages/count_tokens`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'How many tokens is this?' }] }),
    });
    expect(response.status).toBe(200);
    const counted = (await response.json()) as { input_tokens: number };
    expect(counted.input_tokens).toBeGreaterThan(0);
    const sent = simulator.requests.at(-1)!;
    expect(sent.path).toBe(`/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict`);
    expect(sent.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(sent.body).toEqual({ model: MODEL, messages: [{ role: 'user', content: 'How many tokens is this?' }] });
  });

  it('streams through streamRawPredict, Messages front and chat', async () => {
    const gateway = await start();
    const messages = await fetch(`${gateway.baseUrl}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'Stream it' }] }),
    });
    const events = new SseParser().push(await messages.text());
    expect(events.filter((event) => event.event === 'content_block_delta').map((event) => (JSON.parse(event.data) as { delta: { text: string } }).delta.text).join('')).toBe('Echo: Stream it');
    expect(simulator.requests.at(-1)!.path).toMatch(/:streamRawPredict$/);
    expect(simulator.requests.at(-1)!.body).toMatchObject({ stream: true, anthropic_version: 'vertex-2023-10-16' });
    const chunks = new SseParser().push(await (await chat(gateway, { messages: [{ role: 'user', content: 'Chunks' }], stream: true })).text());
    expect(chunks.at(-1)!.data).toBe('[DONE]');
    // The Anthropic translator's rules for `claude-sonnet-4-5@20250929`: its own output ceiling for a stream that named none.
    expect(simulator.requests.at(-1)!.body).toMatchObject({ max_tokens: 64000 });
  });

  it("a key Google does not know (its JWT's signature fails) is a 502 naming neither key nor token, and no model call is made", async () => {
    const stranger = createServiceAccount(simulator.tokenUri);
    const strangerFile = join(directory, 'stranger.json');
    await writeFile(strangerFile, JSON.stringify(stranger.keyFile), { mode: 0o600 });
    const gateway = await start({ keyFile: strangerFile });
    const callsBefore = simulator.requests.filter((request) => request.path !== '/token').length;
    const response = await chat(gateway, { messages: [{ role: 'user', content: 'Hi' }] });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toContain('upstream_credentials_unavailable');
    expect(text).toContain('invalid_grant');
    expect(text).not.toContain('PRIVATE KEY');
    expect(simulator.requests.filter((request) => request.path !== '/token').length).toBe(callsBefore);
  });

  it('serves Gemini at publishers/google with the Google provider’s body and a bearer token (publisher: google), streamed and not', async () => {
    const gateway = await start({ publisher: 'google' }, GEMINI);
    const whole = await chat(gateway, { messages: [{ role: 'user', content: 'Hello Gemini' }] }, GEMINI);
    expect(whole.status).toBe(200);
    expect(((await whole.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toContain('Hello Gemini');
    const sent = simulator.requests.at(-1)!;
    expect(sent.path).toBe(`/v1/projects/${PROJECT}/locations/us-east5/publishers/google/models/${GEMINI}:generateContent`);
    expect(sent.headers['x-goog-api-key']).toBeUndefined();
    expect(sent.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(sent.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Hello Gemini' }] }] });
    const streamed = new SseParser().push(await (await chat(gateway, { messages: [{ role: 'user', content: 'Stream Gemini' }], stream: true }, GEMINI)).text());
    expect(streamed.at(-1)!.data).toBe('[DONE]');
    expect(simulator.requests.at(-1)!).toMatchObject({ path: expect.stringMatching(/:streamGenerateContent$/), query: { alt: 'sse' } });
  });
});
