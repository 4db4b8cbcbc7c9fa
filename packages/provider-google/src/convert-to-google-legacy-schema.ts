import { invalidRequest } from '@modelgate/core';

type Schema = Record<string, unknown>;

/** The keys Google's legacy `Schema` takes whose values need no rewriting (PROTOCOLS E.6). */
const COPIED_KEYS = [
  'title', 'description', 'nullable', 'minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties',
  'maxProperties', 'minimum', 'maximum', 'pattern', 'default', 'propertyOrdering',
] as const;
/** `format`s the legacy path knows; any other is dropped rather than rejected. */
const KNOWN_FORMATS = new Set(['date-time', 'enum', 'int32', 'int64', 'float', 'double']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNullSchema(value: unknown): boolean {
  return isSchema(value) && (value.type === 'null' || (Array.isArray(value.type) && value.type.every((type) => type === 'null')));
}

/** Meaning the legacy subset cannot hold, kept as words for the model. */
function withNote(target: Schema, note: string): void {
  target.description = typeof target.description === 'string' && target.description !== '' ? `${target.description} (${note})` : note;
}

class LegacySchemaConverter {
  constructor(
    private readonly root: Schema,
    private readonly path: string,
  ) {}

  convert(node: unknown, resolving: readonly string[] = []): Schema {
    if (!isSchema(node)) return {};
    if (typeof node.$ref === 'string') return this.convertReference(node, node.$ref, resolving);
    const out: Schema = {};
    this.copyType(node, out, resolving);
    for (const key of COPIED_KEYS) if (node[key] !== undefined) out[key] = node[key];
    if (typeof node.format === 'string' && KNOWN_FORMATS.has(node.format)) out.format = node.format;
    if (Array.isArray(node.examples) && node.examples.length > 0 && out.example === undefined) out.example = node.examples[0];
    if (node.example !== undefined) out.example = node.example;
    this.copyValues(node, out);
    this.copyObject(node, out, resolving);
    this.copyArray(node, out, resolving);
    for (const member of Array.isArray(node.allOf) ? node.allOf : []) this.mergeInto(out, this.convert(member, resolving));
    return out;
  }

  /** `$ref` to the root's `$defs`/`definitions`, inlined; recursion cannot be inlined, so it is refused. */
  private convertReference(node: Schema, reference: string, resolving: readonly string[]): Schema {
    const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(reference);
    const definitions = match ? this.root[match[1]!] : undefined;
    const target = isSchema(definitions) ? definitions[decodeURIComponent(match![2]!)] : undefined;
    if (!isSchema(target)) throw invalidRequest(`The schema's $ref '${reference}' does not name an entry of its $defs.`, this.path);
    if (resolving.includes(reference)) {
      throw invalidRequest(`The schema refers to itself through '${reference}', which Gemini's legacy schema cannot express; use the provider's schemaDialect 'json-schema'.`, this.path);
    }
    const { $ref: _reference, ...siblings } = node;
    return { ...this.convert(target, [...resolving, reference]), ...this.convert(siblings, resolving) };
  }

  /** `type` arrays and `null` members of `anyOf`/`oneOf` become `nullable`; one member left is inlined. */
  private copyType(node: Schema, out: Schema, resolving: readonly string[]): void {
    const types = Array.isArray(node.type) ? node.type.filter((type) => type !== 'null') : node.type === undefined ? [] : [node.type];
    if (Array.isArray(node.type) && types.length < node.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else if (types.length > 1) out.anyOf = types.map((type) => ({ type }));
    const members = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])];
    if (members.length === 0) return;
    const kept = members.filter((member) => !isNullSchema(member));
    if (kept.length < members.length) out.nullable = true;
    if (kept.length === 1) this.mergeInto(out, this.convert(kept[0], resolving));
    else if (kept.length > 1) out.anyOf = kept.map((member) => this.convert(member, resolving));
  }

  /** `const` and `enum`: string values as an `enum`, numbers as a closed range, the rest in words. */
  private copyValues(node: Schema, out: Schema): void {
    if (node.const !== undefined) {
      const value = node.const;
      if (typeof value === 'string') Object.assign(out, { type: out.type ?? 'string', enum: [value] });
      else if (typeof value === 'number') Object.assign(out, { type: out.type ?? 'number', minimum: value, maximum: value });
      else if (value === null) out.nullable = true;
      else withNote(out, `always ${JSON.stringify(value)}`);
    }
    if (Array.isArray(node.enum)) {
      const values = node.enum.filter((value) => value !== null);
      if (values.length < node.enum.length) out.nullable = true;
      if (values.every((value) => typeof value === 'string')) out.enum = values;
      else withNote(out, `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`);
    }
  }

  private copyObject(node: Schema, out: Schema, resolving: readonly string[]): void {
    if (!isSchema(node.properties)) return;
    const properties: Schema = {};
    for (const [name, property] of Object.entries(node.properties)) properties[name] = this.convert(property, resolving);
    // The legacy Schema refuses an empty `properties` ("should be non-empty for OBJECT type", E.6); an OBJECT without it is any object.
    if (Object.keys(properties).length > 0) out.properties = properties;
    out.type ??= 'object';
    // Every required name must be a property on this path (E.6).
    const required = Array.isArray(node.required) ? node.required.filter((name) => typeof name === 'string' && name in properties) : [];
    if (required.length > 0) out.required = required;
  }

  private copyArray(node: Schema, out: Schema, resolving: readonly string[]): void {
    const tuple = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
    if (tuple) out.items = tuple.length === 1 ? this.convert(tuple[0], resolving) : { anyOf: tuple.map((item) => this.convert(item, resolving)) };
    else if (node.items !== undefined) out.items = this.convert(node.items, resolving);
    // An array needs `items` on this path; Gemini's peers default it to strings (E.6).
    if (out.type === 'array' && out.items === undefined) out.items = { type: 'string' };
  }

  private mergeInto(out: Schema, extra: Schema): void {
    for (const [key, value] of Object.entries(extra)) {
      if (key === 'properties' && isSchema(out.properties) && isSchema(value)) out.properties = { ...out.properties, ...value };
      else if (key === 'required' && Array.isArray(out.required) && Array.isArray(value)) out.required = [...new Set([...out.required, ...value])];
      else out[key] ??= value;
    }
  }
}

/**
 * A JSON Schema as Google's legacy `Schema` subset (PROTOCOLS E.6), for API versions without
 * `parametersJsonSchema`: `$ref`s to `$defs` inlined, `anyOf`/`oneOf` with `null` and type arrays as
 * `nullable`, `const` as a one-value `enum` (strings) or a closed range (numbers), `examples` as
 * `example`; keys the subset lacks (`additionalProperties`, `$schema`, `patternProperties`, …) are
 * dropped, never copied. `path` names the schema in errors (a recursive `$ref` is a 400).
 */
export function convertToGoogleLegacySchema(schema: Record<string, unknown>, path: string): Record<string, unknown> {
  return new LegacySchemaConverter(schema, path).convert(schema);
}
