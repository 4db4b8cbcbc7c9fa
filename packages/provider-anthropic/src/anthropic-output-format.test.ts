import { describe, expect, it } from '@jest/globals';
import { JSON_OBJECT_INSTRUCTION, planOutputFormat } from './anthropic-output-format.js';

const schema = { type: 'object', properties: { name: { type: 'string', minLength: 2 } } };

describe('planOutputFormat', () => {
  it('enforces a strict json_schema with structured outputs, its schema in Anthropic’s subset', () => {
    expect(planOutputFormat({ type: 'json_schema', json_schema: { name: 'x', schema, strict: true } })).toEqual({
      format: { type: 'json_schema', schema: { type: 'object', properties: { name: { type: 'string', description: '{minLength: 2}' } }, additionalProperties: false } },
    });
  });

  it('asks for a non-strict json_schema in an instruction carrying the schema as sent, without constraining decoding', () => {
    for (const strict of [false, null, undefined]) {
      const planned = planOutputFormat({ type: 'json_schema', json_schema: { name: 'x', schema, strict } });
      expect(planned.format).toBeUndefined();
      expect(planned.instruction).toBe(`${JSON_OBJECT_INSTRUCTION} The object should match this JSON Schema: ${JSON.stringify(schema)}`);
    }
  });

  it('asks for json_object, or a json_schema without a schema, with the plain JSON instruction', () => {
    expect(planOutputFormat({ type: 'json_object' })).toEqual({ instruction: JSON_OBJECT_INSTRUCTION });
    expect(planOutputFormat({ type: 'json_schema', json_schema: { name: 'x', strict: true } })).toEqual({ instruction: JSON_OBJECT_INSTRUCTION });
    expect(planOutputFormat({ type: 'text' })).toEqual({});
  });
});
