import { isRecord } from '@modelgate/testkit';

// The JSON Schema subset Anthropic compiles into a grammar for structured outputs and strict tools
// (output_config.format, tools[].strict). The wording follows the one Anthropic sends for minItems
// ("For 'array' type, 'minItems' values other than 0 or 1 are not supported").

const UNSUPPORTED_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['maxItems', 'uniqueItems', 'contains'],
  object: ['minProperties', 'maxProperties', 'patternProperties', 'propertyNames'],
};
const UNSUPPORTED_ANYWHERE = ['oneOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas'];
const STRING_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);

function typesOf(schema: Record<string, unknown>): string[] {
  return Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
}

function subschemas(schema: Record<string, unknown>): unknown[] {
  const nested: unknown[] = [];
  if (isRecord(schema.properties)) nested.push(...Object.values(schema.properties));
  if (isRecord(schema.$defs)) nested.push(...Object.values(schema.$defs));
  if (isRecord(schema.definitions)) nested.push(...Object.values(schema.definitions));
  if (schema.items !== undefined) nested.push(...(Array.isArray(schema.items) ? schema.items : [schema.items]));
  for (const key of ['anyOf', 'allOf']) if (Array.isArray(schema[key])) nested.push(...(schema[key] as unknown[]));
  return nested;
}

function problemAt(schema: Record<string, unknown>): string | undefined {
  const keyword = UNSUPPORTED_ANYWHERE.find((key) => key in schema);
  if (keyword) return `'${keyword}' is not supported`;
  for (const type of typesOf(schema)) {
    const property = (UNSUPPORTED_BY_TYPE[type] ?? []).find((key) => key in schema);
    if (property) return `For '${type}' type, property '${property}' is not supported`;
    if (type === 'array' && schema.minItems !== undefined && schema.minItems !== 0 && schema.minItems !== 1) {
      return "For 'array' type, 'minItems' values other than 0 or 1 are not supported";
    }
    if (type === 'string' && schema.format !== undefined && !STRING_FORMATS.has(String(schema.format))) {
      return `For 'string' type, format '${String(schema.format)}' is not supported`;
    }
    if (type === 'object' && schema.additionalProperties !== false) {
      return "For 'object' type, 'additionalProperties' must be explicitly set to false";
    }
  }
  return undefined;
}

/** The first construct of `schema` structured outputs cannot compile, or undefined when it is inside the subset. */
export function structuredOutputSchemaProblem(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined;
  return problemAt(schema) ?? subschemas(schema).reduce<string | undefined>((found, nested) => found ?? structuredOutputSchemaProblem(nested), undefined);
}
