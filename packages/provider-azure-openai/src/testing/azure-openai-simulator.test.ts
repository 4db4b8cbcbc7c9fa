import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAzureOpenAiSimulator, type AzureOpenAiSimulator } from './azure-openai-simulator.js';

// The simulator's own rules, each as Azure answers it (the sources are cited in azure-errors.ts).
let simulator: AzureOpenAiSimulator;
beforeAll(async () => {
  simulator = await startAzureOpenAiSimulator({ apiKey: 'k', deployments: { chat: 'gpt-4.1-2025-04-14' }, acceptsBearer: (token) => token === 'entra-token' });
});
afterAll(() => simulator.close());

const call = (path: string, headers: Record<string, string>, body: unknown = { model: 'chat', messages: [{ role: 'user', content: 'Hi' }] }) =>
  fetch(`${simulator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  }));

describe('the Azure OpenAI simulator', () => {
  it('answers a missing key in API Management’s own shape, a wrong key and a wrong token with their 401s', async () => {
    expect(await call('/openai/v1/chat/completions', {})).toEqual({ status: 401, body: { statusCode: 401, message: expect.stringContaining('missing subscription key') } });
    expect(await call('/openai/v1/chat/completions', { 'api-key': 'nope' })).toMatchObject({ status: 401, body: { error: { code: '401', message: expect.stringContaining('invalid subscription key') } } });
    expect(await call('/openai/v1/chat/completions', { authorization: 'Bearer k' })).toMatchObject({ status: 401, body: { error: { message: expect.stringContaining('Access token is missing, invalid') } } });
    expect((await call('/openai/v1/chat/completions', { authorization: 'Bearer entra-token' })).status).toBe(200);
  });

  it('wants an api-version it knows on the classic URLs, and none dated on the v1 API', async () => {
    expect(await call('/openai/deployments/chat/chat/completions', { 'api-key': 'k' })).toEqual({ status: 404, body: { error: { code: '404', message: 'Resource not found' } } });
    expect((await call('/openai/deployments/chat/chat/completions?api-version=2019-01-01', { 'api-key': 'k' })).status).toBe(404);
    expect((await call('/openai/deployments/chat/chat/completions?api-version=2024-10-21', { 'api-key': 'k' })).status).toBe(200);
    expect(await call('/openai/v1/chat/completions?api-version=2024-10-21', { 'api-key': 'k' })).toMatchObject({ status: 400, body: { error: { message: 'API version not supported' } } });
  });

  it('names an unknown deployment, in the path or in model', async () => {
    expect(await call('/openai/deployments/other/chat/completions?api-version=2024-10-21', { 'api-key': 'k' })).toMatchObject({ status: 404, body: { error: { code: 'DeploymentNotFound' } } });
    expect(await call('/openai/v1/chat/completions', { 'api-key': 'k' }, { model: 'other', messages: [] })).toMatchObject({ status: 404, body: { error: { code: 'DeploymentNotFound' } } });
  });

  it('opens a stream with the prompt filter results, and annotates every choice', async () => {
    const response = await fetch(`${simulator.url}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': 'k' },
      body: JSON.stringify({ model: 'chat', messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    });
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(JSON.parse(events[0]!.slice(6))).toMatchObject({ choices: [], id: '', prompt_filter_results: [{ prompt_index: 0 }] });
    expect(JSON.parse(events[1]!.slice(6))).toMatchObject({ model: 'gpt-4.1-2025-04-14', choices: [{ content_filter_results: { hate: { filtered: false } } }] });
    expect(events.at(-1)).toBe('data: [DONE]');
  });
});
