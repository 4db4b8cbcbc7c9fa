import { GoogleGenAI, type ApiError } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_ADMIN_TOKEN, usageRecordOfModel } from '../support/admin-client.js';
import { startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';


const SCOPED_KEY = 'mg-gemini-scoped-key-0123456789';

/** The SDK's client; jest's VM context lacks the undici dispatcher its default fetch options need. */
function genAi(baseUrl: string, apiKey: string): GoogleGenAI {
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl, fetch: (input, init) => fetch(input, init), retryOptions: { attempts: 1 } } });
}

// The Gemini front is accounted as every front: a priced usage record under its key scope's name,
// and a key scoped to `generate_content` may not count tokens (issue 35).
describe('the Gemini front: usage records and key scopes', () => {
  let harness: MessagesFrontGateway;

  beforeAll(async () => {
    harness = await startMessagesFrontGateway({
      keys: [
        { name: 'budgeted', key: TEST_SERVICE_KEY, budget: { usd: 10, period: 'day' } },
        { name: 'scoped', key: SCOPED_KEY, endpoints: ['generate_content'] },
      ],
      admin: { token: TEST_ADMIN_TOKEN },
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness?.close());

  const usageOf = (model: string) => usageRecordOfModel(harness.gateway.url, model);

  it.each(['gemini-3.8-flash', 'gpt-4.1-mini'])('%s: a usage record with endpoint generate_content, its tokens as usageMetadata gave them, priced', async (model) => {
    const response = await genAi(harness.gateway.url, TEST_SERVICE_KEY).models.generateContent({ model, contents: 'Count me.' });
    const record = await usageOf(model);
    expect(record).toMatchObject({ endpoint: 'generate_content', promptTokens: response.usageMetadata!.promptTokenCount });
    expect(record.completionTokens).toBe((response.usageMetadata!.candidatesTokenCount ?? 0) + (response.usageMetadata!.thoughtsTokenCount ?? 0));
    expect(record.costUsd).toBeGreaterThan(0);
  });

  it('a key scoped to generate_content generates, and is refused countTokens with 403 PERMISSION_DENIED', async () => {
    const scoped = genAi(harness.gateway.url, SCOPED_KEY);
    expect((await scoped.models.generateContent({ model: 'gemini-3.8-flash', contents: 'hi' })).text).toBeDefined();
    const failure = await scoped.models.countTokens({ model: 'gemini-3.8-flash', contents: 'hi' }).catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(403);
    expect(JSON.parse((failure as ApiError).message).error).toEqual(expect.objectContaining({ code: 403, status: 'PERMISSION_DENIED' }));
  });
});
