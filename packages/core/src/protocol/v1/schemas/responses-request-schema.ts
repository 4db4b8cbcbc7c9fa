import type { JsonSchema } from './json-schema.js';
import { modelIdSchema } from './model-id-schema.js';

/**
 * JSON Schema for `POST /v1/responses` and `/v1/responses/compact`. Only the fields the gateway reads
 * are checked; every other field, item type and tool type passes through, so new client fields never
 * break a request.
 */
export const responsesRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/v1/responses-request.json',
  type: 'object',
  required: ['model'],
  properties: {
    model: modelIdSchema,
    input: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }] },
    stream: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
  },
};
