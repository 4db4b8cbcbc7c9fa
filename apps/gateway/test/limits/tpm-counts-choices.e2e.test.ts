import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_ADMIN_TOKEN, usageRecordOf } from '../support/admin-client.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';

// Issue 27: `n` choices are n generations, each up to the output limit, and the vendor bills them
// all: the TPM pre-charge counts every one, so `n: 128, max_tokens: 1000` is not admitted under
// `tpm: 20000`.

const KEY = 'mg-tpm-choices-key-0123456789abcd';
let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ keys: [{ name: 'tpm', key: KEY, tpm: 20_000 }], admin: { token: TEST_ADMIN_TOKEN } });
});
afterAll(() => gateway.close());

function chat(requestId: string, body: object): Promise<Response> {
  return fetch(`${gateway.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
}

describe('TPM counts every choice', () => {
  it('refuses n: 128 with max_tokens: 1000 under tpm 20000, before any upstream call', async () => {
    const before = gateway.simulator.requests.length;
    const response = await chat('tpm-n-128', { n: 128, max_tokens: 1000 });
    expect(response.status).toBe(429);
    const { error } = (await response.json()) as { error: { type: string; message: string } };
    expect(error.type).toBe('tokens');
    expect(error.message).toMatch(/^Request too large for gpt-test on tokens per minute \(TPM\): Limit 20000, Requested 128\d{3}\./);
    expect(gateway.simulator.requests.length).toBe(before);
    expect(await usageRecordOf(gateway.gateway.url, 'tpm-n-128')).toMatchObject({ status: 429, outcome: 'refused' });
  });

  it('charges n: 4 with max_tokens: 1000 four thousand output tokens up front', async () => {
    const response = await chat('tpm-n-4', { n: 4, max_tokens: 1000 });
    expect(response.status).toBe(200);
    const remaining = Number(response.headers.get('x-ratelimit-remaining-tokens'));
    // The prompt is a few tokens; the four choices' limits are the rest of the charge.
    expect(20_000 - remaining).toBeGreaterThanOrEqual(4_000);
    expect(20_000 - remaining).toBeLessThan(4_100);
    expect(gateway.simulator.requests.at(-1)!.body).toMatchObject({ n: 4, max_completion_tokens: 1000 });
    // Every choice's tokens are billed: the record has the vendor's sum over the four.
    const { usage, choices } = (await response.json()) as { usage: { completion_tokens: number }; choices: unknown[] };
    expect(choices).toHaveLength(4);
    expect(await usageRecordOf(gateway.gateway.url, 'tpm-n-4')).toMatchObject({ completionTokens: usage.completion_tokens, tokensEstimated: false });
  });
});
