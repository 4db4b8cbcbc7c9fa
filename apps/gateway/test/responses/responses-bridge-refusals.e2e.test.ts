import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { openAiClient } from '../support/responses-bridge-scripts.js';
import { adminClient, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// What the Responses bridge refuses, in OpenAI's error envelope: the switch off (the default, and
// a key that narrows it), state the gateway does not keep (previous_response_id, store: true,
// background: true, item references), and OpenAI's hosted tools.

const NARROWED_KEY = 'mg-no-responses-bridge-0123456789';

let bridging: MessagesFrontGateway;
let refusing: MessagesFrontGateway;
/** A key issued through the admin API that narrows the switch, as the config key above does. */
let issuedNarrowedKey: string;

beforeAll(async () => {
  bridging = await startMessagesFrontGateway({
    responses: { otherFamilies: 'bridge' },
    keys: [
      { name: 'test', key: TEST_SERVICE_KEY },
      { name: 'narrowed', key: NARROWED_KEY, responsesOtherFamilies: 'refuse' },
    ],
    admin: { token: TEST_ADMIN_TOKEN },
  });
  issuedNarrowedKey = (await adminClient(bridging.gateway.url).createKey({ name: 'issued-narrowed', responsesOtherFamilies: 'refuse' })).secret;
  refusing = await startMessagesFrontGateway();
});
afterAll(async () => {
  await bridging.close();
  await refusing.close();
});

async function failure(call: () => Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call();
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const upstreamCalls = (gateway: MessagesFrontGateway) => gateway.simulator.anthropic.requests.length + gateway.simulator.google.requests.length + gateway.simulator.deepseek.requests.length;

describe('with the switch off', () => {
  it.each([
    ['the default config', () => refusing, () => TEST_SERVICE_KEY],
    ['a config key that narrows responses.otherFamilies to refuse', () => bridging, () => NARROWED_KEY],
    ['a key issued through the admin API that narrows it', () => bridging, () => issuedNarrowedKey],
  ])('%s: a Claude model on /v1/responses gets the unchanged 400 pointing to chat', async (_, gateway, keyOf) => {
    const key = keyOf();
    const before = upstreamCalls(gateway());
    const error = await failure(() => openAiClient(gateway().gateway.url, key).responses.create({ model: 'claude-sonnet-4-5', input: 'hi' }));
    expect({ status: error.status, code: error.code, param: error.param }).toEqual({ status: 400, code: 'unsupported_model_for_endpoint', param: 'model' });
    expect(error.message).toContain("The model 'claude-sonnet-4-5' is served by the 'anthropic' provider, which does not support /v1/responses");
    expect(upstreamCalls(gateway())).toBe(before);
  });
});

describe('with the switch on', () => {
  it.each([
    ['previous_response_id', { previous_response_id: 'resp_123' }],
    ['store', { store: true }],
    ['background', { background: true }],
    ['conversation', { conversation: 'conv_1' }],
  ])('refuses %s on a bridged model: the gateway keeps no conversation', async (param, extra) => {
    const before = upstreamCalls(bridging);
    const error = await failure(() => openAiClient(bridging.gateway.url).responses.create({ model: 'gemini-3.8-flash', input: 'hi', ...extra } as OpenAI.Responses.ResponseCreateParamsNonStreaming));
    expect({ status: error.status, code: error.code, param: error.param }).toEqual({ status: 400, code: 'unsupported_parameter', param });
    expect(error.message).toContain('the gateway keeps no conversation for models it bridges');
    expect(upstreamCalls(bridging)).toBe(before);
  });

  it('refuses an item_reference and a compaction item it did not mint', async () => {
    const client = openAiClient(bridging.gateway.url);
    const reference = await failure(() => client.responses.create({ model: 'deepseek-v4-pro', input: [{ type: 'item_reference', id: 'msg_1' }] }));
    expect({ status: reference.status, param: reference.param }).toEqual({ status: 400, param: 'input[0].type' });
    const compaction = await failure(() =>
      client.responses.create({ model: 'deepseek-v4-pro', input: [{ type: 'compaction', encrypted_content: 'gAAAAA-openai-blob' } as unknown as OpenAI.Responses.ResponseInputItem, { role: 'user', content: 'go on' }] }),
    );
    expect({ status: compaction.status, code: compaction.code, param: compaction.param }).toEqual({ status: 400, code: 'invalid_encrypted_content', param: 'input[0].encrypted_content' });
  });

  it("refuses OpenAI's hosted tools, naming the tool and how Codex turns it off", async () => {
    const error = await failure(() => openAiClient(bridging.gateway.url).responses.create({ model: 'claude-sonnet-4-5', input: 'search', tools: [{ type: 'web_search' }] }));
    expect({ status: error.status, code: error.code, param: error.param }).toEqual({ status: 400, code: 'unsupported_parameter', param: 'tools[0]' });
    expect(error.message).toContain("The tool of type 'web_search' is hosted by OpenAI and cannot run on claude-sonnet-4-5 (anthropic)");
    expect(error.message).toContain('web_search = "disabled"');
  });

  it.each([
    ['tools', { tools: 'shell' }],
    ['include', { include: 'reasoning.encrypted_content' }],
    ['text.format.name', { text: { format: { type: 'json_schema', schema: {} } } }],
    ['reasoning.effort', { reasoning: { effort: 'extreme' } }],
  ])('answers a malformed %s with a 400 naming it, before anything goes upstream', async (param, extra) => {
    const before = upstreamCalls(bridging);
    const error = await failure(() => openAiClient(bridging.gateway.url).responses.create({ model: 'claude-sonnet-4-5', input: 'hi', ...extra } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming));
    expect({ status: error.status, param: error.param }).toEqual({ status: 400, param });
    expect(upstreamCalls(bridging)).toBe(before);
  });

  it('refuses a field the bridge does not know, rather than dropping it', async () => {
    const error = await failure(() => openAiClient(bridging.gateway.url).responses.create({ model: 'claude-sonnet-4-5', input: 'hi', frobnicate: 1 } as OpenAI.Responses.ResponseCreateParamsNonStreaming));
    expect({ status: error.status, param: error.param }).toEqual({ status: 400, param: 'frobnicate' });
  });
});

describe('the catalog', () => {
  it('lists the Responses endpoints for every family only when the bridge is on', async () => {
    const endpointsOf = async (gateway: MessagesFrontGateway) => {
      const page = await (await fetch(`${gateway.gateway.url}/catalog`)).text();
      return page.split('\n').find((line) => line.includes('<code>claude-sonnet-4-5</code>'))!;
    };
    expect(await endpointsOf(bridging)).toContain('<code>/v1/chat/completions</code><br><code>/v1/responses</code><br><code>/v1/responses/compact</code><br><code>/v1/responses/input_tokens</code><br><code>/v1/messages</code>');
    expect(await endpointsOf(refusing)).not.toContain('<code>/v1/responses</code>');
  });
});
