import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';

/** The fields of Google's legacy `Schema` (PROTOCOLS E.6); anything else is an unknown name. */
const SCHEMA_FIELDS = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'items', 'properties', 'required', 'propertyOrdering',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'pattern',
  'example', 'default', 'anyOf',
]);
const TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first problem Google reports for a legacy `parameters`/`responseSchema` (E.6), in its words:
 * unknown names (`additionalProperties`, `$ref`, `const`, …), type arrays, non-string enums,
 * `required` names that are no property, arrays without `items`. `path` is the proto path of the node.
 */
export function validateLegacySchema(node: unknown, path: string): GoogleProblem | undefined {
  if (!isNode(node)) return invalidGoogleArgument(`Invalid value at '${path}' (type.googleapis.com/google.ai.generativelanguage.v1beta.Schema), ${JSON.stringify(node)}`);
  const unknown = Object.keys(node).find((key) => !SCHEMA_FIELDS.has(key));
  if (unknown !== undefined) return invalidGoogleArgument(`Invalid JSON payload received. Unknown name "${unknown}" at '${path}': Cannot find field.`);
  if (node.type !== undefined && (typeof node.type !== 'string' || !TYPES.has(node.type.toUpperCase()))) {
    return invalidGoogleArgument(`Invalid value at '${path}.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), ${JSON.stringify(node.type)}`);
  }
  if (node.enum !== undefined) {
    const values = Array.isArray(node.enum) ? node.enum : [node.enum];
    const index = values.findIndex((value) => typeof value !== 'string');
    if (index >= 0) return invalidGoogleArgument(`Invalid value at '${path}.enum[${index}]' (TYPE_STRING), ${JSON.stringify(values[index])}`);
  }
  const properties = isNode(node.properties) ? node.properties : {};
  if (Array.isArray(node.required)) {
    const index = node.required.findIndex((name) => typeof name !== 'string' || !(name in properties));
    if (index >= 0) return invalidGoogleArgument(`* GenerateContentRequest.${path}.required[${index}]: property is not defined`);
  }
  // Source: "* GenerateContentRequest.generation_config.response_schema.properties[\"action\"]…properties[\"go_back\"].properties:
  // should be non-empty for OBJECT type" (browser-use/browser-use#3786, 2025-12-18; Kilo-Org/kilocode PR #11955).
  // An OBJECT without `properties` passes (vercel/ai PR #11319 keeps nested `{type: "object"}`).
  if (isNode(node.properties) && Object.keys(node.properties).length === 0 && typeof node.type === 'string' && node.type.toUpperCase() === 'OBJECT') {
    return invalidGoogleArgument(`* GenerateContentRequest.${path}.properties: should be non-empty for OBJECT type`);
  }
  if (typeof node.type === 'string' && node.type.toUpperCase() === 'ARRAY' && node.items === undefined) {
    return invalidGoogleArgument(`* GenerateContentRequest.${path}.items: missing field.`);
  }
  const children: Array<[unknown, string]> = [
    ...Object.entries(properties).map(([, value], index): [unknown, string] => [value, `${path}.properties[${index}].value`]),
    ...(node.items !== undefined ? [[node.items, `${path}.items`] as [unknown, string]] : []),
    ...(Array.isArray(node.anyOf) ? node.anyOf.map((value, index): [unknown, string] => [value, `${path}.any_of[${index}]`]) : []),
  ];
  for (const [child, childPath] of children) {
    const problem = validateLegacySchema(child, childPath);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * `parametersJsonSchema`/`responseJsonSchema` take ordinary JSON Schema (incl. `$ref`/`$defs`,
 * `anyOf`, `const`, `additionalProperties`); the one thing checked is that every local `$ref`
 * resolves, since Google resolves them itself.
 */
export function validateJsonSchema(schema: unknown, path: string): GoogleProblem | undefined {
  if (!isNode(schema)) return invalidGoogleArgument(`Invalid value at '${path}' (type.googleapis.com/google.protobuf.Value): a JSON Schema object is required`);
  const unresolved = findUnresolvedReference(schema, schema);
  return unresolved ? invalidGoogleArgument(`${path}: unresolvable $ref '${unresolved}'`) : undefined;
}

function findUnresolvedReference(node: unknown, root: Node): string | undefined {
  if (Array.isArray(node)) return node.map((item) => findUnresolvedReference(item, root)).find((found) => found !== undefined);
  if (!isNode(node)) return undefined;
  if (typeof node.$ref === 'string') {
    const pointer = node.$ref.replace(/^#\/?/, '');
    const target = pointer === '' ? root : pointer.split('/').reduce<unknown>((at, key) => (isNode(at) ? at[decodeURIComponent(key)] : undefined), root);
    if (!node.$ref.startsWith('#') || !isNode(target)) return node.$ref;
  }
  return Object.values(node).map((value) => findUnresolvedReference(value, root)).find((found) => found !== undefined);
}
