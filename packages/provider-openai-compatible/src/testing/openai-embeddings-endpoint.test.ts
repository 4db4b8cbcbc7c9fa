import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openAiEmbeddingsEndpoint, startOpenAiChatSimulator, type OpenAiChatSimulator } from './index.js';

describe("the simulator's POST /v1/embeddings", () => {
  let simulator: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator({ apiKey: 'sk-test' }, [openAiEmbeddingsEndpoint]);
  });
  afterAll(async () => simulator?.close());

  const embed = (body: unknown) =>
    fetch(`${simulator.url}/embeddings`, { method: 'POST', headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('embeds texts as unit vectors, the same text the same way, with usage', async () => {
    const answer = (await (await embed({ model: 'text-embedding-3-small', input: ['hello', 'world', 'hello'], dimensions: 8 })).json()) as {
      data: Array<{ index: number; embedding: number[] }>;
      usage: { prompt_tokens: number };
    };
    expect(answer.data.map((item) => item.index)).toEqual([0, 1, 2]);
    expect(answer.data[0]!.embedding).toHaveLength(8);
    expect(Math.hypot(...answer.data[0]!.embedding)).toBeCloseTo(1, 5);
    expect(answer.data[2]!.embedding).toEqual(answer.data[0]!.embedding);
    expect(answer.data[1]!.embedding).not.toEqual(answer.data[0]!.embedding);
    expect(answer.usage.prompt_tokens).toBe(6);
  });

  it('gives base64 of little-endian float32 when asked, the floats it would have given', async () => {
    const floats = (await (await embed({ model: 'text-embedding-3-small', input: 'hello', dimensions: 4 })).json()) as { data: Array<{ embedding: number[] }> };
    const encoded = (await (await embed({ model: 'text-embedding-3-small', input: 'hello', dimensions: 4, encoding_format: 'base64' })).json()) as { data: Array<{ embedding: string }> };
    const bytes = Buffer.from(encoded.data[0]!.embedding, 'base64');
    expect([...new Float32Array(bytes.buffer, bytes.byteOffset, 4)]).toEqual(floats.data[0]!.embedding);
  });

  it("refuses what OpenAI refuses, in OpenAI's words", async () => {
    const empty = await embed({ model: 'text-embedding-3-small', input: ['a', ''] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe("'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.");
    const dimensions = await embed({ model: 'text-embedding-ada-002', input: 'a', dimensions: 256 });
    expect(((await dimensions.json()) as { error: { message: string } }).error.message).toBe('This model does not support specifying dimensions.');
  });
});
