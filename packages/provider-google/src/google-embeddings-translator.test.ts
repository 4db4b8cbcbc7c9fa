import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CallContextV1, EmbeddingsRequest } from '@modelgate/core';
import { createGoogleEmbeddingsTranslator } from './google-embeddings-translator.js';
import { createGoogleUpstreamEndpoint } from './google-upstream-endpoint.js';
import { startGoogleSimulator, type GoogleSimulator } from './testing/index.js';

const call: CallContextV1 = { requestId: 'r1', publicModel: 'embed', upstreamModel: 'gemini-embedding-001', warn: () => {}, clientHeaders: {} };

// The translator against the Gemini simulator over real HTTP: what reached it, and what comes back.
describe('/v1/embeddings on Gemini (batchEmbedContents)', () => {
  let simulator: GoogleSimulator;
  beforeAll(async () => {
    simulator = await startGoogleSimulator({ apiKey: 'g-key' });
  });
  afterAll(async () => simulator?.close());

  async function roundTrip(request: EmbeddingsRequest, upstreamModel = call.upstreamModel) {
    const translator = createGoogleEmbeddingsTranslator(createGoogleUpstreamEndpoint({ apiKey: 'g-key', baseUrl: simulator.url }));
    const upstream = translator.toUpstreamRequest(request, { ...call, upstreamModel });
    const response = await fetch(upstream.url, { method: 'POST', headers: upstream.headers, body: JSON.stringify(upstream.body) });
    return { response, translator, body: await response.json() };
  }

  it('sends one request per input with the dimensionality, and answers in OpenAI’s shape', async () => {
    const request: EmbeddingsRequest = { model: 'embed', input: ['alpha', 'beta'], dimensions: 16 };
    const { response, translator, body } = await roundTrip(request);
    expect(response.status).toBe(200);
    expect(simulator.requests.at(-1)!.body).toEqual({
      requests: [
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'alpha' }] }, outputDimensionality: 16 },
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'beta' }] }, outputDimensionality: 16 },
      ],
    });
    // Gemini counts no tokens for embeddings: the estimate, a token per four characters of each input (2 + 1).
    const answer = translator.fromUpstreamResponse(body, request, call);
    expect(answer).toMatchObject({ object: 'list', model: 'embed', data: [{ object: 'embedding', index: 0 }, { object: 'embedding', index: 1 }], usage: { prompt_tokens: 3, total_tokens: 3 } });
    expect(answer.data[0]!.embedding).toHaveLength(16);
  });

  it("counts Gemini's own promptTokenCount when its answer reports one, rather than the estimate", async () => {
    const request: EmbeddingsRequest = { model: 'embed', input: ['alpha', 'beta'] };
    const { translator, body } = await roundTrip(request);
    const answer = translator.fromUpstreamResponse({ ...(body as object), usageMetadata: { promptTokenCount: 7 } }, request, call);
    expect(answer.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 });
  });

  it('encodes base64 itself, as little-endian float32 of the same vector', async () => {
    const floats = await roundTrip({ model: 'embed', input: 'gamma', dimensions: 4 });
    const request: EmbeddingsRequest = { model: 'embed', input: 'gamma', dimensions: 4, encoding_format: 'base64' };
    const encoded = await roundTrip(request);
    const vector = floats.translator.fromUpstreamResponse(floats.body, { model: 'embed', input: 'gamma' }, call).data[0]!.embedding as number[];
    const bytes = Buffer.from(encoded.translator.fromUpstreamResponse(encoded.body, request, call).data[0]!.embedding as string, 'base64');
    expect([...new Float32Array(bytes.buffer, bytes.byteOffset, 4)]).toEqual(vector.map(Math.fround));
  });

  it('refuses token arrays and batches over 100 before calling Gemini; a chat model is refused by Gemini', async () => {
    const translator = createGoogleEmbeddingsTranslator(createGoogleUpstreamEndpoint({ apiKey: 'g-key', baseUrl: simulator.url }));
    expect(() => translator.toUpstreamRequest({ model: 'embed', input: [1, 2, 3] }, call)).toThrow(/text only/);
    expect(() => translator.toUpstreamRequest({ model: 'embed', input: Array.from({ length: 101 }, () => 'x') }, call)).toThrow(/at most 100/);
    const { response } = await roundTrip({ model: 'embed', input: 'hi' }, 'gemini-3.8-flash');
    expect(response.status).toBe(404);
  });
});
