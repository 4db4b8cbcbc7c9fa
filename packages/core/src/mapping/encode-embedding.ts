/**
 * One vector as OpenAI's `encoding_format: "base64"` gives it: the values as little-endian float32
 * bytes, base64-encoded (what the `openai` SDKs decode with `Float32Array`).
 */
export function encodeEmbeddingBase64(values: readonly number[]): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

/** A vector in the encoding a request asked for. */
export function encodeEmbedding(values: readonly number[], format: 'float' | 'base64' | undefined): number[] | string {
  return format === 'base64' ? encodeEmbeddingBase64(values) : [...values];
}
