import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPipelineGateway, type ConformanceGateway } from '@modelgate/conformance';
import { SseParser } from '@modelgate/core';
import bedrockPlugin from './index.js';
import { startBedrockSimulator, type BedrockSimulator } from './testing/index.js';

const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const KEYS = { accessKeyId: 'AKIAMODELGATETEST01', secretAccessKey: 'bedrock-secret-access-key' };
const REGION = 'us-east-1';

// Claude on Bedrock through the pipeline's real request path: the Anthropic translators, the SigV4
// signer and the event stream decoder, against a simulator that recomputes every signature.
describe('Bedrock (Claude, InvokeModel) through the pipeline', () => {
  let simulator: BedrockSimulator;
  let skew = 0;
  const gateways: ConformanceGateway[] = [];
  let gateway: ConformanceGateway;
  beforeAll(async () => {
    simulator = await startBedrockSimulator({ region: REGION, credentials: [KEYS], models: { [MODEL]: 'claude-sonnet-4-5' }, now: () => Date.now() + skew });
    gateway = await start({ ...KEYS });
  });
  afterAll(async () => {
    await Promise.all(gateways.map((started) => started.close()));
    await simulator?.close();
  });

  async function start(credentials: Record<string, string>): Promise<ConformanceGateway> {
    const started = await startPipelineGateway({ provider: { plugin: bedrockPlugin }, settings: { region: REGION, endpoint: simulator.url, ...credentials }, model: MODEL });
    gateways.push(started);
    return started;
  }
  const chat = (body: Record<string, unknown>, to = gateway) =>
    fetch(`${to.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${to.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, ...body }),
    });

  it('signs the request Bedrock verifies: the model in the URL, anthropic_version in the body, no model or stream', async () => {
    const response = await chat({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello' }], max_tokens: 50 });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { choices: Array<{ message: { content: string } }>; usage: { prompt_tokens: number } };
    expect(answer.choices[0]!.message.content).toBe('Echo: Hello');
    const sent = simulator.requests.at(-1)!;
    expect(sent.path).toBe('/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke');
    expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAMODELGATETEST01\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=/);
    expect(sent.body).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      max_tokens: 50,
    });
    expect(sent.headers['x-api-key']).toBeUndefined();
    expect(sent.headers['anthropic-version']).toBeUndefined();
  });

  it('streams chat from the binary event stream, with usage', async () => {
    const response = await chat({ messages: [{ role: 'user', content: 'Stream please' }], stream: true, stream_options: { include_usage: true } });
    expect(response.status).toBe(200);
    const events = new SseParser().push(await response.text());
    expect(events.at(-1)!.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data) as { choices: Array<{ delta: { content?: string }; finish_reason: string | null }>; usage?: { completion_tokens: number } });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Echo: Stream please');
    expect(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.at(-1)!.usage!.completion_tokens).toBeGreaterThan(0);
    expect(simulator.requests.at(-1)!.path).toMatch(/\/invoke-with-response-stream$/);
    // The Anthropic translator's rules for the model behind the id: Sonnet 4.5's own output ceiling for a stream that named none.
    expect(simulator.requests.at(-1)!.body).toMatchObject({ max_tokens: 64000 });
  });

  it("relays the Messages front's stream as Anthropic's own events, decoded from Bedrock's frames", async () => {
    const response = await fetch(`${gateway.baseUrl}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': gateway.apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'From Claude Code' }] }),
    });
    expect(response.status).toBe(200);
    const events = new SseParser().push(await response.text());
    expect(events.map((event) => event.event)).toEqual(expect.arrayContaining(['message_start', 'content_block_delta', 'message_stop']));
    const text = events.filter((event) => event.event === 'content_block_delta').map((event) => (JSON.parse(event.data) as { delta: { text: string } }).delta.text).join('');
    expect(text).toBe('Echo: From Claude Code');
    expect(simulator.requests.at(-1)!.body).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 64, messages: [{ role: 'user', content: 'From Claude Code' }] });
  });

  it("a wrong secret is AWS's 403 at Bedrock and the gateway's 502, quoting neither the secret nor AWS's canonical string", async () => {
    const wrong = await start({ accessKeyId: KEYS.accessKeyId, secretAccessKey: 'not-the-secret' });
    const response = await chat({ messages: [{ role: 'user', content: 'Hi' }] }, wrong);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toContain('upstream_authentication_failed');
    expect(text).toContain('InvalidSignatureException');
    expect(text).not.toMatch(/not-the-secret|Canonical String/);
  });

  it('a gateway clock more than five minutes off is refused as expired', async () => {
    skew = 6 * 60_000;
    try {
      const response = await chat({ messages: [{ role: 'user', content: 'Hi' }] });
      expect(response.status).toBe(502);
      expect(await response.text()).toContain('InvalidSignatureException');
    } finally {
      skew = 0;
    }
  });

  it('an unknown model id is Bedrock’s ValidationException, a 400', async () => {
    const other = await startPipelineGateway({ provider: { plugin: bedrockPlugin }, settings: { region: REGION, endpoint: simulator.url, ...KEYS }, model: 'anthropic.claude-nonexistent-v1:0' });
    gateways.push(other);
    const response = await chat({ model: 'anthropic.claude-nonexistent-v1:0', messages: [{ role: 'user', content: 'Hi' }] }, other);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: 'The provided model identifier is invalid.', code: 'ValidationException' } });
  });

  it("without keys in the settings, signs with the AWS SDK's default chain (here the environment's keys)", async () => {
    process.env.AWS_ACCESS_KEY_ID = KEYS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = KEYS.secretAccessKey;
    try {
      const chained = await start({});
      const response = await chat({ messages: [{ role: 'user', content: 'From the chain' }] }, chained);
      expect(response.status).toBe(200);
      expect(simulator.requests.at(-1)!.headers.authorization).toContain(`Credential=${KEYS.accessKeyId}/`);
    } finally {
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
    }
  });
});
