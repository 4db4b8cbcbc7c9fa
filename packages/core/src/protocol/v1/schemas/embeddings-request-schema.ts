import type { JsonSchema } from './json-schema.js';
import { modelIdSchema } from './model-id-schema.js';

/** OpenAI's bound on inputs per request ("any array must be 2048 dimensions or less"). */
export const EMBEDDINGS_MAX_INPUTS = 2048;

const token: JsonSchema = { type: 'integer', minimum: 0 };

/**
 * The body of `POST /v1/embeddings`, as OpenAI's API reference states it: `input` a non-empty
 * string, up to 2048 non-empty strings, one token array or up to 2048 of them.
 */
export const embeddingsRequestSchema: JsonSchema = {
  type: 'object',
  required: ['model', 'input'],
  properties: {
    model: modelIdSchema,
    input: {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'array', minItems: 1, maxItems: EMBEDDINGS_MAX_INPUTS, items: { type: 'string', minLength: 1 } },
        { type: 'array', minItems: 1, items: token },
        { type: 'array', minItems: 1, maxItems: EMBEDDINGS_MAX_INPUTS, items: { type: 'array', minItems: 1, items: token } },
      ],
    },
    encoding_format: { enum: ['float', 'base64'] },
    dimensions: { type: 'integer', minimum: 1 },
    user: { type: 'string', maxLength: 256 },
  },
};
