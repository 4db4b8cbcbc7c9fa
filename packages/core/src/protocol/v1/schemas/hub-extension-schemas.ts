import type { JsonSchema } from './json-schema.js';

const nullableString: JsonSchema = { type: ['string', 'null'] };

const whenType = (type: string, then: JsonSchema): JsonSchema => ({ if: { required: ['type'], properties: { type: { const: type } } }, then });

/**
 * One `reasoning_details[]` entry (hub extension 1, OpenRouter's shape; see `hub-extensions.ts`).
 * The three known types are checked field by field; another `type` passes, for translators to skip.
 */
export const reasoningDetailSchema: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string', minLength: 1 },
    id: nullableString,
    format: nullableString,
    index: { type: 'integer', minimum: 0 },
  },
  allOf: [
    whenType('reasoning.text', { required: ['text'], properties: { text: { type: 'string' }, signature: nullableString } }),
    whenType('reasoning.encrypted', { required: ['data'], properties: { data: { type: 'string' } } }),
    whenType('reasoning.summary', { required: ['summary'], properties: { summary: { type: 'string' } } }),
  ],
};

export const reasoningDetailsSchema: JsonSchema = { type: 'array', items: reasoningDetailSchema };

/** `extra_content` on a tool call (hub extension 2, Google's shape): an object per vendor. */
export const extraContentSchema: JsonSchema = { type: 'object', additionalProperties: { type: 'object' } };
