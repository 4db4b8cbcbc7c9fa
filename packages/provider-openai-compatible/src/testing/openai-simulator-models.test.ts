import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ErrorEnvelope, ModelList, ModelObject } from '@modelgate/core';
import { startOpenAiChatSimulator, type OpenAiChatSimulator } from './openai-chat-simulator.js';
import { DEFAULT_OPENAI_MODELS } from './openai-simulator-models.js';

describe('OpenAI simulator: models endpoints and routing', () => {
  let simulator: OpenAiChatSimulator;
  let custom: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator();
    custom = await startOpenAiChatSimulator({ models: ['gpt-sim', 'accounts/acme/models/llama-3:8b'] });
  });
  afterAll(async () => {
    await simulator.close();
    await custom.close();
  });

  it('exposes its base URL with /v1 and its origin', () => {
    expect(simulator.origin).toBe(`http://127.0.0.1:${simulator.port}`);
    expect(simulator.url).toBe(`${simulator.origin}/v1`);
  });

  it('lists the default models in OpenAI list format', async () => {
    const response = await fetch(`${simulator.url}/models`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as ModelList;
    expect(list.object).toBe('list');
    expect(list.data.map((model) => model.id)).toEqual([...DEFAULT_OPENAI_MODELS]);
    for (const model of list.data) {
      expect(Object.keys(model)).toEqual(['id', 'object', 'created', 'owned_by']);
      expect(model).toMatchObject({ object: 'model', owned_by: 'system' });
      expect(Number.isInteger(model.created)).toBe(true);
    }
  });

  it('lists the configured models', async () => {
    const list = (await (await fetch(`${custom.url}/models`)).json()) as ModelList;
    expect(list.data.map((model) => model.id)).toEqual(['gpt-sim', 'accounts/acme/models/llama-3:8b']);
  });

  it('retrieves one model, with or without its slashes encoded', async () => {
    const plain = await fetch(`${custom.url}/models/gpt-sim`);
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as ModelObject).id).toBe('gpt-sim');

    const encoded = await fetch(`${custom.url}/models/${encodeURIComponent('accounts/acme/models/llama-3:8b')}`);
    expect(((await encoded.json()) as ModelObject).id).toBe('accounts/acme/models/llama-3:8b');
    const raw = await fetch(`${custom.url}/models/accounts/acme/models/llama-3:8b`);
    expect(((await raw.json()) as ModelObject)).toMatchObject({ id: 'accounts/acme/models/llama-3:8b', object: 'model' });
  });

  it('answers 404 model_not_found for an unknown model id', async () => {
    const response = await fetch(`${simulator.url}/models/${encodeURIComponent('no/such:model')}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: "The model 'no/such:model' does not exist", type: 'invalid_request_error', param: 'model', code: 'model_not_found' },
    });
  });

  it('answers 404 with the envelope for unknown paths and wrong methods', async () => {
    const unknown = await fetch(`${simulator.origin}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { message: 'Invalid URL (POST /v1/embeddings)', type: 'invalid_request_error', param: null, code: null },
    });
    const wrongMethod = await fetch(`${simulator.url}/chat/completions`);
    expect(wrongMethod.status).toBe(404);
    expect(((await wrongMethod.json()) as ErrorEnvelope).error.message).toBe('Invalid URL (GET /v1/chat/completions)');
    expect((await fetch(`${simulator.origin}/chat/completions`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('lets an added endpoint on the chat path replace the built-in chat, behind the same key check', async () => {
    const vendor = await startOpenAiChatSimulator({ apiKey: 'sk-v' }, [
      { method: 'POST', path: '/v1/chat/completions', answer: async ({ response }) => void response.end('{"vendor":true}') },
    ]);
    try {
      const post = (key: string) => fetch(`${vendor.url}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: '{}' });
      expect(await (await post('sk-v')).json()).toEqual({ vendor: true });
      expect((await post('sk-wrong')).status).toBe(401);
    } finally {
      await vendor.close();
    }
  });
});
