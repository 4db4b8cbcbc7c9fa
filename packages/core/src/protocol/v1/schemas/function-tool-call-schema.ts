import { extraContentSchema } from './hub-extension-schemas.js';
import type { JsonSchema } from './json-schema.js';

/** One entry of `tool_calls`, the same in requests (assistant history) and in answers. */
export const functionToolCallSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'type', 'function'],
  properties: {
    id: { type: 'string', minLength: 1 },
    type: { const: 'function' },
    function: {
      type: 'object',
      required: ['name', 'arguments'],
      properties: { name: { type: 'string', minLength: 1 }, arguments: { type: 'string' } },
    },
    extra_content: extraContentSchema,
  },
};
