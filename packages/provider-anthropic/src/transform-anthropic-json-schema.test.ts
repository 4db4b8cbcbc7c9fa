import { describe, expect, it } from '@jest/globals';
import { transformAnthropicJsonSchema } from './transform-anthropic-json-schema.js';

describe('transformAnthropicJsonSchema: into the structured-output subset, as Anthropic’s SDKs do', () => {
  it('moves constraints the grammar cannot express into the description, keeping what it can', () => {
    const schema = {
      type: 'object',
      description: 'A city',
      properties: {
        name: { type: 'string', minLength: 2, pattern: '^[A-Z]', format: 'email' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string', maxLength: 5 }, minItems: 2, maxItems: 4 },
        one: { type: 'array', items: { type: 'integer' }, minItems: 1 },
        size: { type: 'number', minimum: 0, exclusiveMaximum: 10 },
      },
      required: ['name'],
      additionalProperties: true,
    };
    expect(transformAnthropicJsonSchema(schema)).toEqual({
      type: 'object',
      description: 'A city',
      properties: {
        name: { type: 'string', format: 'email', description: '{minLength: 2, pattern: "^[A-Z]"}' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string', description: '{maxLength: 5}' }, description: '{minItems: 2, maxItems: 4}' },
        one: { type: 'array', items: { type: 'integer' }, minItems: 1 },
        size: { type: 'number', description: '{minimum: 0, exclusiveMaximum: 10}' },
      },
      required: ['name'],
      additionalProperties: false,
    });
  });

  it('turns oneOf into anyOf, keeps allOf, $ref and $defs, and forces additionalProperties false everywhere', () => {
    const schema = {
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } } } },
      type: 'object',
      properties: { at: { $ref: '#/$defs/point', description: 'dropped with the ref' }, either: { oneOf: [{ type: 'string', format: 'color' }, { type: 'null' }] } },
    };
    expect(transformAnthropicJsonSchema(schema)).toEqual({
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, additionalProperties: false } },
      type: 'object',
      properties: { at: { $ref: '#/$defs/point' }, either: { anyOf: [{ type: 'string', description: '{format: "color"}' }, { type: 'null' }] } },
      additionalProperties: false,
    });
  });

  it('leaves the input unchanged', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', minLength: 1 } } };
    const copy = structuredClone(schema);
    transformAnthropicJsonSchema(schema);
    expect(schema).toEqual(copy);
  });
});
