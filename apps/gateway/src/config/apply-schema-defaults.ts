import type { JsonSchema } from '@modelgate/core';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `value` with the schema's `default`s filled in where a property is absent, objects
 * first (an absent `server` becomes `{}`, then gets its fields' defaults). Arrays' items and
 * `oneOf` variants are left as given: their defaults are decided by the code that reads them.
 * Values are copied, never shared with the schema; a plugin object given in `providers` is kept as is.
 */
export function applySchemaDefaults(schema: JsonSchema, value: unknown): unknown {
  const filled = value === undefined && 'default' in schema ? structuredClone(schema.default) : value;
  const properties = schema.properties;
  if (!isObject(filled) || !isObject(properties)) return filled;
  const copy: Record<string, unknown> = { ...filled };
  for (const [name, property] of Object.entries(properties)) {
    const withDefaults = applySchemaDefaults(property as JsonSchema, copy[name]);
    if (withDefaults !== undefined) copy[name] = withDefaults;
  }
  return copy;
}
