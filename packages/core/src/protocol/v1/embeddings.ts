// `POST /v1/embeddings`, as OpenAI defines it (field names verbatim). Providers other than
// OpenAI-compatible ones translate from these types.

/** Text, texts, or pre-tokenised input (one token array, or several). */
export type EmbeddingsInput = string | string[] | number[] | number[][];

export interface EmbeddingsRequest {
  model: string;
  input: EmbeddingsInput;
  /** `float` (the default): arrays of numbers; `base64`: each vector as little-endian float32 bytes, base64-encoded. */
  encoding_format?: 'float' | 'base64';
  /** The vector length, for models that can shorten their output. */
  dimensions?: number;
  user?: string;
}

export interface Embedding {
  object: 'embedding';
  index: number;
  embedding: number[] | string;
}

export interface EmbeddingsResponse {
  object: 'list';
  data: Embedding[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}
