type Schema = Record<string, unknown>;

/** String formats Anthropic's grammar knows. */
const STRING_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);
/** Kept on every subschema: they describe values without constraining the grammar. */
const ANNOTATIONS = ['description', 'title', 'const', 'enum'] as const;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function transformEach(schemas: unknown): unknown[] {
  return Array.isArray(schemas) ? schemas.map((schema) => transformAnthropicJsonSchema(schema)) : [];
}

function transformValues(schemas: unknown): Schema {
  return Object.fromEntries(Object.entries(isSchema(schemas) ? schemas : {}).map(([name, schema]) => [name, transformAnthropicJsonSchema(schema)]));
}

/** What a subschema of `type` keeps of itself besides annotations; everything else is left in `rest`. */
function keepTyped(type: unknown, rest: Schema, kept: Schema): void {
  const take = (key: string) => {
    const value = rest[key];
    delete rest[key];
    return value;
  };
  if (type === 'object') {
    kept.properties = transformValues(take('properties'));
    if (rest.required !== undefined) kept.required = take('required');
    delete rest.additionalProperties;
    kept.additionalProperties = false;
  } else if (type === 'array') {
    if (rest.items !== undefined) kept.items = transformAnthropicJsonSchema(take('items'));
    if (rest.minItems === 0 || rest.minItems === 1) kept.minItems = take('minItems');
  } else if (type === 'string' && STRING_FORMATS.has(String(rest.format))) {
    kept.format = take('format');
  }
}

/**
 * A JSON Schema rewritten into the subset Anthropic compiles for structured outputs and strict
 * tools, the way Anthropic's own SDKs do it: `oneOf` becomes `anyOf`, every object gets
 * `additionalProperties: false`, and constraints the grammar cannot express (`minLength`,
 * `pattern`, `minimum`, `minItems` above 1, unknown formats…) move into the description as
 * `{minLength: 2, pattern: "^a"}`, so the model still reads them. The input is not changed.
 */
export function transformAnthropicJsonSchema(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref };
  const rest: Schema = { ...schema };
  const kept: Schema = {};
  for (const key of ['$defs', 'definitions']) {
    if (rest[key] !== undefined) kept[key] = transformValues(rest[key]);
    delete rest[key];
  }
  const union = rest.anyOf ?? rest.oneOf;
  if (union !== undefined) kept.anyOf = transformEach(union);
  else if (rest.allOf !== undefined) kept.allOf = transformEach(rest.allOf);
  else if (rest.type !== undefined) kept.type = rest.type;
  for (const key of ['anyOf', 'oneOf', 'allOf', 'type']) delete rest[key];
  for (const key of ANNOTATIONS) {
    if (rest[key] !== undefined) kept[key] = rest[key];
    delete rest[key];
  }
  keepTyped(kept.type, rest, kept);
  const moved = Object.entries(rest);
  if (moved.length > 0) {
    const note = `{${moved.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')}}`;
    kept.description = typeof kept.description === 'string' ? `${kept.description}\n\n${note}` : note;
  }
  return kept;
}
