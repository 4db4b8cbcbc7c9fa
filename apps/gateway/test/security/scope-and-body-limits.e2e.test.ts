import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chat } from '../support/admin-client.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';

const ALIAS_ONLY_KEY = 'mg-alias-only-key-0123456789abcdef';
const ANTHROPIC_ONLY_KEY = 'mg-anthropic-only-key-0123456789ab';
const TPM_KEY = 'mg-tpm-key-0123456789abcdefghijkl';
const OPEN_KEY = 'mg-open-key-0123456789abcdefghijkl';

async function get(url: string, key: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function responses(baseUrl: string, key: string, model: string) {
  const response = await fetch(`${baseUrl}/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, input: 'hi' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The envelope with the model's name taken out, to compare two answers that differ only by it. */
function withoutModelName(body: Record<string, unknown> | undefined, model: string): string {
  return JSON.stringify(body).replaceAll(model, '<model>');
}

describe('scoped keys see only their models; bodies have bounded depth; TPM counts default output', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({
      keys: [
        { name: 'alias-only', key: ALIAS_ONLY_KEY, models: ['gpt-alias'] },
        { name: 'anthropic-only', key: ANTHROPIC_ONLY_KEY, families: ['anthropic'] },
        { name: 'tpm', key: TPM_KEY, tpm: 100_000 },
        { name: 'open', key: OPEN_KEY },
      ],
    });
  });
  afterAll(() => harness.close());

  it('answers a model outside the key scope exactly like an unknown model (404), on every model route', async () => {
    const upstreamRequestsBefore = harness.simulator.requests.length;
    const unknown = await chat(harness.baseUrl, ALIAS_ONLY_KEY, { model: 'no-such-model' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 'model_not_found', param: 'model' } });
    for (const [key, model] of [[ALIAS_ONLY_KEY, 'gpt-4o'], [ALIAS_ONLY_KEY, 'gpt-test'], [ANTHROPIC_ONLY_KEY, 'gpt-test']] as const) {
      const outOfScope = await chat(harness.baseUrl, key, { model });
      expect(outOfScope.status).toBe(404);
      expect(withoutModelName(outOfScope.body, model)).toBe(withoutModelName(unknown.body, 'no-such-model'));

      const viaResponses = await responses(harness.baseUrl, key, model);
      const unknownViaResponses = await responses(harness.baseUrl, key, 'no-such-model');
      expect(viaResponses.status).toBe(404);
      expect(withoutModelName(viaResponses.body, model)).toBe(withoutModelName(unknownViaResponses.body, 'no-such-model'));

      const retrieved = await get(`${harness.baseUrl}/models/${model}`, key);
      expect(retrieved.status).toBe(404);
    }
    expect(harness.simulator.requests.length).toBe(upstreamRequestsBefore);
  });

  it('lets a key scoped to an alias use the alias, and lists the model under it', async () => {
    const viaAlias = await chat(harness.baseUrl, ALIAS_ONLY_KEY, { model: 'gpt-alias' });
    expect(viaAlias.status).toBe(200);
    expect(harness.simulator.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4.1-mini' });
    const listed = await get(`${harness.baseUrl}/models`, ALIAS_ONLY_KEY);
    expect((listed.body.data as Array<{ id: string }>).map((model) => model.id)).toEqual(['gpt-alias']);
    expect((await get(`${harness.baseUrl}/models/gpt-alias`, ALIAS_ONLY_KEY)).body).toMatchObject({ id: 'gpt-alias', object: 'model' });
  });

  it('refuses deeply nested JSON with a 400 before anything walks it, and logs no error', async () => {
    const before = harness.simulator.requests.length;
    const depth = 5_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPEN_KEY}`, 'content-type': 'application/json' },
      body: `{"model":"gpt-test","messages":[{"role":"user","content":"hi"}],"metadata":${nested}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: expect.stringContaining('128 levels'), type: 'invalid_request_error', param: null, code: 'json_too_deep' } });
    // Brackets inside strings are text, not nesting.
    const inString = await chat(harness.baseUrl, OPEN_KEY, { messages: [{ role: 'user', content: '['.repeat(depth) }] });
    expect(inString.status).toBe(200);
    expect(harness.simulator.requests.length).toBe(before + 1);
    expect(harness.logs.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });

  it('reserves the model output limit against TPM when a request sets no max_tokens', async () => {
    // The headers show the window right after admission, this request's reservation included.
    const withLimit = await chat(harness.baseUrl, TPM_KEY, { max_tokens: 10 });
    expect(100_000 - Number(withLimit.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(100);

    const withoutLimit = await chat(harness.baseUrl, TPM_KEY);
    // gpt-test is gpt-4.1-mini (32,768 output tokens): reserved up to the 16,384 cap.
    const reserved = 100_000 - Number(withoutLimit.headers.get('x-ratelimit-remaining-tokens'));
    expect(reserved).toBeGreaterThan(16_384);
    expect(reserved).toBeLessThan(16_384 + 200);
  });
});
