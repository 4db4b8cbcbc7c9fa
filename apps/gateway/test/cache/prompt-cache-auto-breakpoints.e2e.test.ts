import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import type { UsageRecord } from '../../src/usage/usage-record.js';
import { adminClient, TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

// The done-when of issue 33's prompt caching: a Codex-shaped conversation (the Responses API,
// long instructions, function tools, `store: false`, the whole history resent each turn, streamed)
// of ten turns to a Claude model whose `promptCache.autoBreakpoints` is on reads the previous
// turn's prefix from the vendor's cache from the second turn on, as its usage records show, and
// costs less than the same conversation to the same model without the policy.

const ANTHROPIC_KEY = 'sk-ant-prompt-cache';
const PRICES = { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75, cacheWrite1h: 6 };
const TURNS = 10;
// About 1,500 tokens of instructions, as a coding agent's are (and above Anthropic's 1,024-token minimum).
const INSTRUCTIONS = 'You are a coding agent running in a terminal. Read files before editing them and keep answers short. '.repeat(60);
const TOOLS = [
  { type: 'function', name: 'exec_command', description: 'Runs a shell command.', parameters: { type: 'object', properties: { cmd: { type: 'string' } }, required: ['cmd'] } },
  { type: 'function', name: 'apply_patch', description: 'Applies a patch.', parameters: { type: 'object', properties: { patch: { type: 'string' } }, required: ['patch'] } },
];

let gateway: GatewayInFrontOf<AnthropicSimulator>;

beforeAll(async () => {
  const simulator = await startAnthropicSimulator({ apiKey: ANTHROPIC_KEY });
  gateway = await startGatewayInFrontOf(simulator, {
    server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 1024 * 1024 },
    providers: [{ package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: simulator.url, apiKey: ANTHROPIC_KEY } }],
    models: [
      { id: 'claude-cached', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5', pricing: PRICES, promptCache: { autoBreakpoints: true } },
      { id: 'claude-plain', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5', pricing: PRICES },
      { id: 'claude-hour', provider: 'anthropic', upstreamModel: 'claude-sonnet-4-5', pricing: PRICES, promptCache: { autoBreakpoints: true, ttl: '1h' } },
    ],
    responses: { otherFamilies: 'bridge' },
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    admin: { token: TEST_ADMIN_TOKEN },
    storage: { driver: 'sqlite', path: ':memory:' },
  });
});
afterAll(() => gateway.close());

/** The items of the `response.completed` event of a streamed Responses answer. */
function completedOutput(streamed: string): unknown[] {
  for (const line of streamed.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const event = JSON.parse(line.slice(6)) as { type: string; response?: { output: unknown[] } };
    if (event.type === 'response.completed') return event.response!.output;
  }
  throw new Error(`no response.completed in:\n${streamed.slice(0, 2000)}`);
}

/** Ten turns as Codex sends them (fewer when asked); resolves with each turn's request id. */
async function converse(model: string, run: string, turns = TURNS, instructions = INSTRUCTIONS): Promise<string[]> {
  const input: unknown[] = [];
  const requestIds: string[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    input.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: `Step ${turn}: look at file ${turn}.ts and tell me what it does.` }] });
    const requestId = `${run}-${turn}`;
    const response = await fetch(`${gateway.baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ model, instructions, tools: TOOLS, tool_choice: 'auto', parallel_tool_calls: false, store: false, stream: true, input }),
    });
    const streamed = await response.text();
    expect(response.status).toBe(200);
    input.push(...completedOutput(streamed));
    requestIds.push(requestId);
  }
  return requestIds;
}

/** The records of these requests, in their order, once the last is written (records are written in batches). */
async function recordsOf(requestIds: readonly string[]): Promise<UsageRecord[]> {
  await usageRecordOf(gateway.gateway.url, requestIds.at(-1)!);
  const records = (await adminClient(gateway.gateway.url).call('GET', '/usage?limit=1000')).body.records as UsageRecord[];
  return requestIds.map((requestId) => records.find((record) => record.requestId === requestId)!);
}

describe("a Codex-shaped conversation to Claude with the operator's auto breakpoints", () => {
  it('reads the cache from the second turn on, and costs less than without them', async () => {
    const cachedRun = await converse('claude-cached', 'cached');
    const plainRun = await converse('claude-plain', 'plain');
    const [cached, plain] = [await recordsOf(cachedRun), await recordsOf(plainRun)];

    expect(cached[0]!.cachedTokens).toBe(0);
    expect(cached[0]!.cacheWriteTokens).toBeGreaterThan(1_000);
    for (const record of cached.slice(1)) {
      expect(record.cachedTokens).toBeGreaterThan(1_000);
      expect(record.cachedTokens).toBeLessThan(record.promptTokens);
    }
    expect(plain.every((record) => record.cachedTokens === 0 && record.cacheWriteTokens === 0)).toBe(true);
    // The same conversation; the simulator counts the tools' tokens too once it caches, so the
    // cached run's prompts are no smaller, and its lower cost is the cache's doing alone.
    cached.forEach((record, turn) => expect(record.promptTokens).toBeGreaterThanOrEqual(plain[turn]!.promptTokens));
    const total = (records: typeof cached) => records.reduce((sum, record) => sum + record.costUsd, 0);
    expect(total(cached)).toBeLessThan(total(plain) * 0.5);

    const sent = gateway.simulator.requests.map((request) => JSON.stringify(request.body));
    expect(sent.slice(0, TURNS).every((body) => body.includes('"cache_control"'))).toBe(true);
    expect(sent.slice(TURNS).some((body) => body.includes('"cache_control"'))).toBe(false);
  });

  it('writes for an hour under a 1-hour policy, and records and prices those writes at the 1-hour rate', async () => {
    // Other instructions: the simulator's cache (one organisation's) holds the other runs' prefixes.
    const [first, second] = await recordsOf(await converse('claude-hour', 'hour', 2, `Work for an hour. ${INSTRUCTIONS}`));
    expect(first!.cacheWriteTokens).toBeGreaterThan(1_000);
    expect(first!.cacheWrite1hTokens).toBe(first!.cacheWriteTokens);
    const uncached = first!.promptTokens - first!.cacheWriteTokens!;
    expect(first!.costUsd).toBeCloseTo((uncached * 3 + first!.cacheWriteTokens! * 6 + first!.completionTokens * 15) / 1e6, 12);
    expect(second!.cachedTokens).toBe(first!.cacheWriteTokens);
    const body = JSON.stringify(gateway.simulator.requests.at(-1)!.body);
    expect(body).toContain('"cache_control":{"type":"ephemeral","ttl":"1h"}');
  });
});
