import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defineProvider, type AnyProviderPluginV1 } from '@modelgate/core';
import type { ConformanceGateway } from '../conformance-types.js';
import { startPipelineGateway } from './start-pipeline-gateway.js';

// A plugin whose translator is never reached: these requests stop at the host's key check and routing.
const unreachable = () => {
  throw new Error('the translator must not be reached');
};
const plugin = defineProvider({
  specificationVersion: 'v1',
  id: 'inline',
  family: 'inline',
  settingsSchema: { type: 'object' },
  modelPatterns: [],
  create: () => ({ chat: { toUpstreamRequest: unreachable, fromUpstreamResponse: unreachable, createStreamTranslator: unreachable, toGatewayError: unreachable } }),
}) as unknown as AnyProviderPluginV1;

describe('startPipelineGateway', () => {
  let gateway: ConformanceGateway;
  beforeAll(async () => {
    gateway = await startPipelineGateway({ provider: { plugin }, settings: {}, model: 'inline-model' });
  });
  afterAll(() => gateway.close());

  const post = (path: string, key?: string) =>
    fetch(`${gateway.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
      body: JSON.stringify({ model: 'other-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
  const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as { error: { code: string | null } } });

  it('answers only its own minted key, in the front’s error envelope', async () => {
    expect(gateway.apiKey).toMatch(/^mg-conformance-/);
    expect(await answer(await post('/chat/completions'))).toMatchObject({ status: 401, body: { error: { code: 'invalid_api_key' } } });
    expect(await answer(await post('/chat/completions', `${gateway.apiKey}x`))).toMatchObject({ status: 401, body: { error: { code: 'invalid_api_key' } } });
  });

  it('runs the pipeline behind the key: an unknown model is 404 model_not_found, on every front operation', async () => {
    for (const path of ['/chat/completions', '/responses', '/responses/compact']) {
      expect(await answer(await post(path, gateway.apiKey))).toMatchObject({ status: 404, body: { error: { code: 'model_not_found' } } });
    }
  });

  it('answers an unknown path 404 in OpenAI’s envelope', async () => {
    expect(await answer(await post('/audio/speech', gateway.apiKey))).toMatchObject({ status: 404, body: { error: { code: 'unknown_url' } } });
  });
});
