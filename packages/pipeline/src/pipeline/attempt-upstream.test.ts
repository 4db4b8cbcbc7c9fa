import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Exchange } from '../exchange/exchange.js';
import { openAiChatFront } from '../fronts/chat/openai-chat-front.js';
import { DeploymentBook } from '../routing/deployment-book.js';
import type { ModelEntry } from '../routing/model-entry.js';
import { ModelRouter } from '../routing/model-router.js';
import { DEFAULT_UPSTREAM_CONFIG } from '../transport/upstream-config.js';
import { GotUpstreamTransport } from '../transport/got-upstream-transport.js';
import type { UpstreamTransport } from '../transport/upstream-transport.js';
import type { ClientReply } from './client-reply.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { runModelRequest } from './run-model-request.js';
import { CHAT_TARGET, inlineInstance, startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.test-helper.js';

// The attempt loop over real HTTP: three upstreams, each a deployment (or a fallback model's).
const [chat] = openAiChatFront.operations;
const RETRYING: RetryPolicy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

let east: ScriptedUpstream;
let west: ScriptedUpstream;
let backup: ScriptedUpstream;
let transport: UpstreamTransport;

beforeAll(async () => {
  [east, west, backup] = await Promise.all([startScriptedUpstream(), startScriptedUpstream(), startScriptedUpstream()]);
  transport = new GotUpstreamTransport(DEFAULT_UPSTREAM_CONFIG);
});
afterAll(async () => {
  await transport.close();
  await Promise.all([east.close(), west.close(), backup.close()]);
});
beforeEach(() => {
  for (const upstream of [east, west, backup]) upstream.received.length = 0;
});

const MODELS: ModelEntry[] = [
  { id: 'house', provider: 'east', upstreamModel: 'm-east', deployments: [{ provider: 'west', upstreamModel: 'm-west', weight: 0 }], fallbacks: [{ model: 'spare', on: ['rate_limited'] }] },
  { id: 'spare', provider: 'backup', upstreamModel: 'm-backup' },
];

function models(): ModelRouter {
  const instances = [inlineInstance('east', east.url), inlineInstance('west', west.url), inlineInstance('backup', backup.url, 'other')];
  return new ModelRouter(MODELS, new Map(instances.map((instance) => [instance.id, instance])), 0);
}

async function run(options: { retry?: RetryPolicy; book?: DeploymentBook; allowedModels?: string[] } = {}) {
  const headers: Record<string, string> = {};
  let sent: { status: number; body: string | object } | undefined;
  const reply: ClientReply = {
    setHeaders: (more) => Object.assign(headers, more),
    sendJson: (status, body) => (sent = { status, body }),
    openEventStream: () => new PassThrough(),
  };
  const exchange = new Exchange({ requestId: 'r', startedAt: process.hrtime.bigint(), key: { id: 'k', allowedModels: options.allowedModels }, endpoint: 'chat' });
  const outcome = await runModelRequest(
    { exchange, operation: chat, target: CHAT_TARGET, readBody: async () => ({ value: { model: 'house', messages: [{ role: 'user', content: 'hi' }] } }), reply },
    { models: models(), transport, keepAliveIntervalMs: 15_000, logger: { warn: () => undefined, error: () => undefined }, retry: options.retry, deployments: options.book ?? new DeploymentBook() },
  ).then(
    () => undefined,
    (error: unknown) => error,
  );
  return { exchange, headers, sent, error: outcome as { status?: number; code?: string } | undefined };
}

describe('the attempt loop', () => {
  it('makes one attempt unless retries are configured', async () => {
    east.script({ status: 503 });
    const { error, exchange } = await run();
    expect(error).toMatchObject({ status: 503 });
    expect(exchange.attempts).toHaveLength(1);
    expect(west.received).toEqual([]);
  });

  it('retries a 503 on another deployment at once, and says who answered', async () => {
    east.script({ status: 503 });
    const { sent, headers, exchange } = await run({ retry: RETRYING });
    expect(sent?.status).toBe(200);
    expect([east.received, west.received]).toEqual([['m-east'], ['m-west']]);
    expect(headers).toMatchObject({ 'x-modelgate-model': 'house', 'x-modelgate-deployment': 'west/m-west', 'x-modelgate-attempts': '2' });
    expect(exchange.attempts.map(({ deployment, status, errorKind }) => ({ deployment, status, errorKind }))).toEqual([
      { deployment: 'east/m-east', status: undefined, errorKind: 'overloaded' },
      { deployment: 'west/m-west', status: 200, errorKind: undefined },
    ]);
  });

  it('retries a connection reset before any answer', async () => {
    // Twice: the transport itself resends once on a fresh connection a request lost to a reused one.
    east.script('reset', 'reset');
    const { sent } = await run({ retry: RETRYING });
    expect(sent?.status).toBe(200);
    expect(west.received).toEqual(['m-west']);
  });

  it('never retries an invalid request', async () => {
    east.script({ status: 400 });
    const { error, exchange } = await run({ retry: RETRYING });
    expect(error).toMatchObject({ status: 400 });
    expect(exchange.attempts).toHaveLength(1);
  });

  it('stops at the attempt count, then falls back only for the kinds the fallback names', async () => {
    east.script({ status: 500 }, { status: 500 });
    west.script({ status: 500 });
    const failed = await run({ retry: RETRYING });
    expect(failed.error).toMatchObject({ status: 500 });
    expect(failed.exchange.attempts).toHaveLength(3);
    expect(backup.received).toEqual([]);

    east.script({ status: 429 }, { status: 429 });
    west.script({ status: 429 });
    const rescued = await run({ retry: RETRYING });
    expect(rescued.sent?.status).toBe(200);
    expect(backup.received).toEqual(['m-backup']);
    expect(rescued.headers).toMatchObject({ 'x-modelgate-model': 'spare', 'x-modelgate-deployment': 'backup/m-backup', 'x-modelgate-attempts': '4' });
    expect(rescued.exchange.servedBy?.route.publicId).toBe('spare');
  });

  it('does not fall back to a model outside the key scope', async () => {
    east.script({ status: 429 }, { status: 429 });
    west.script({ status: 429 });
    const { error } = await run({ retry: RETRYING, allowedModels: ['house'] });
    expect(error).toMatchObject({ status: 429 });
    expect(backup.received).toEqual([]);
  });

  it('keeps a failing deployment out of rotation, and answers 503 when every deployment is cooling down', async () => {
    const book = new DeploymentBook({ failureThreshold: 1, cooldownMs: 60_000, countedKinds: ['server'] });
    east.script({ status: 500 });
    await run({ retry: RETRYING, book });
    expect(book.state('east/m-east')).toBe('cooling-down');
    east.received.length = 0;
    for (let request = 0; request < 3; request++) expect((await run({ retry: RETRYING, book })).sent?.status).toBe(200);
    expect(east.received).toEqual([]);

    west.script({ status: 500 });
    await run({ retry: { ...RETRYING, maxAttempts: 1 }, book });
    const { error } = await run({ retry: RETRYING, book });
    expect(error).toMatchObject({ status: 503, code: 'no_deployment_available' });
  });
});
