import { BUNDLED_PROVIDERS, type BundledProvider } from '../plugins/bundled-providers.js';
import type { GatewayModule } from '../modules/gateway-module.js';
import { GATEWAY_ENVIRONMENT_NOTES } from './environment-variables.js';
import { configFragments, type DeclaredFragment } from './gateway-config-schema.js';

type Schema = Record<string, unknown>;

export interface ConfigField {
  /** `server.host`, `providers[].package`, … */
  readonly path: string;
  readonly schema: Schema;
  readonly required: boolean;
}

const asSchema = (value: unknown): Schema => (value && typeof value === 'object' ? (value as Schema) : {});
const properties = (schema: Schema): Record<string, unknown> => asSchema(schema.properties);

/** The object variants of `oneOf` merged into one (storage: sqlite | postgres), consts becoming an enum. */
function mergeVariants(schema: Schema): Schema {
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf.map(asSchema).filter((variant) => variant.properties) : [];
  if (variants.length === 0) return schema;
  const merged: Record<string, Schema> = {};
  for (const variant of variants) {
    for (const [name, property] of Object.entries(properties(variant))) {
      const current = merged[name];
      const value = asSchema(property);
      const description = current?.description ?? value.description;
      merged[name] =
        current && 'const' in current && 'const' in value
          ? { enum: [current.const, value.const], description }
          : current && 'enum' in current && 'const' in value
            ? { enum: [...(current.enum as unknown[]), value.const], description }
            : value;
    }
  }
  return { ...schema, type: 'object', properties: merged };
}

/**
 * Every field of a schema, depth first, in the schema's order (objects and arrays of objects
 * expanded). Top-level objects are sections (`server`), not fields, unless `topLevelObjects`.
 */
export function listConfigFields(schema: Schema, prefix = '', topLevelObjects = false): ConfigField[] {
  const object = mergeVariants(schema);
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(properties(object)).flatMap(([name, value]) => {
    const field = mergeVariants(asSchema(value));
    const path = `${prefix}${name}`;
    const items = asSchema(field.items);
    if (field.type === 'array' && (items.properties || items.oneOf)) return listConfigFields(items, `${path}[].`);
    const own: ConfigField = { path, schema: field, required: required.has(name) };
    if (field.properties) return prefix === '' && !topLevelObjects ? listConfigFields(field, `${path}.`) : [own, ...listConfigFields(field, `${path}.`)];
    return [own];
  });
}

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function describeType(schema: Schema): string {
  if ('const' in schema) return code(schema.const);
  // A choice of plain values (server.workers: a count or `auto`).
  if (Array.isArray(schema.oneOf) && !schema.oneOf.map(asSchema).some((variant) => variant.properties)) {
    return schema.oneOf.map((variant) => describeType(asSchema(variant))).join(' or ');
  }
  if (Array.isArray(schema.enum)) return schema.enum.map(code).join(' \\| ');
  const { minimum, maximum } = schema;
  const bounds = [
    typeof minimum === 'number' && typeof maximum === 'number' ? `${minimum}–${maximum}` : '',
    typeof minimum === 'number' && typeof maximum !== 'number' ? `≥ ${minimum}` : '',
    typeof schema.minLength === 'number' && schema.minLength > 1 ? `≥ ${schema.minLength} characters` : '',
    typeof schema.pattern === 'string' ? `matching ${code(schema.pattern)}` : '',
  ].filter(Boolean);
  if (schema.type === 'array') {
    const items = asSchema(schema.items);
    return `list of ${Array.isArray(items.enum) ? items.enum.map(code).join(', ') : `${String(items.type ?? 'value')}s`}`;
  }
  return [String(schema.type ?? 'any'), ...bounds].join(' ');
}

/** The schema's `defaultText`, else its `default` when it is a value or a list of values (an object's default is its fields'). */
function defaultOf(schema: Schema): string {
  if (typeof schema.defaultText === 'string') return schema.defaultText;
  const value = schema.default;
  if (Array.isArray(value)) return value.map(code).join(', ');
  return value === undefined || (typeof value === 'object' && value !== null) ? '' : code(value);
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function fieldTable(fields: readonly ConfigField[]): string[] {
  const rows = fields.map((field) => {
    const description = typeof field.schema.description === 'string' ? field.schema.description : '';
    return `| \`${field.path}\`${field.required ? ' (required)' : ''} | ${describeType(field.schema)} | ${defaultOf(field.schema) || '—'} | ${cell(description)} |`;
  });
  return ['| Field | Type | Default | Description |', '|---|---|---|---|', ...rows];
}

function providerSection({ package: packageName, plugin }: BundledProvider): string[] {
  // Variables that fill the same setting are alternatives (the first set one wins): listed together.
  const variablesOf = (setting: string) => (plugin.environment ?? []).filter((variable) => variable.setting === setting);
  const rows = listConfigFields(plugin.settingsSchema as Schema, '', true).map((field) => {
    const variables = variablesOf(field.path);
    const description = typeof field.schema.description === 'string' ? field.schema.description : (variables[0]?.description ?? '');
    const names = variables.map((variable) => `\`${variable.name}\``).join(' or ');
    return `| \`settings.${field.path}\` | ${describeType(field.schema)} | ${names || '—'} | ${cell(description)} |`;
  });
  return [
    `### \`${packageName}\` (id \`${plugin.id}\`, family \`${plugin.family}\`)`,
    '',
    plugin.modelPatterns.length > 0
      ? `Model patterns served without a \`models\` entry: ${plugin.modelPatterns.map((pattern) => `\`${String(pattern)}\``).join(', ')}.`
      : 'Serves no model without a `models` entry, unless its settings name them.',
    '',
    '| Setting | Type | Environment variable (vendor profile) | Description |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}

/** The config's fields, section by section (one per top-level key), in the fragments' order. */
export function configSections(fragments: readonly DeclaredFragment[] = configFragments()): Array<DeclaredFragment & { key: string; fields: ConfigField[] }> {
  return fragments.flatMap((declared) =>
    Object.entries(declared.fragment.properties).map(([key, schema]) => ({
      ...declared,
      key,
      fields: listConfigFields({ properties: { [key]: schema }, required: declared.fragment.required ?? [] }),
    })),
  );
}

/**
 * docs/config-reference.md, generated from the config fragments' descriptions and defaults:
 * `node apps/gateway/scripts/generate-config-reference.mjs`. `extraModules` are added to the list.
 */
export function renderConfigReference(extraModules: readonly GatewayModule<never>[] = []): string {
  const lines = [
    '<!-- Generated from the config schema (the core\'s fragments in apps/gateway/src/config/, each module\'s in its folder) by',
    '     `node apps/gateway/scripts/generate-config-reference.mjs` (after a build); a test fails when this file differs. -->',
    '',
    '# Configuration reference',
    '',
    'Every field of the gateway\'s config file (YAML, named by `MODELGATE_CONFIG` or `modelgate serve --config`),',
    'and every environment variable the gateway reads. String values may use `${VAR}` and `${VAR:-default}`,',
    'replaced from the environment before the file is checked (`$${` is a literal `${`); an unset variable',
    'without a default stops start-up, naming it. Unknown fields are refused. Only `providers` is required.',
    'The [README](../README.md#configuration) has an annotated example, [production.md](production.md) a',
    'production setup.',
    '',
    '## Environment variables',
    '',
    '| Variable | Effect |',
    '|---|---|',
    ...Object.entries(GATEWAY_ENVIRONMENT_NOTES).map(([name, note]) => `| \`${name}\` | ${cell(note)} |`),
    '',
    'Provider variables (`OPENAI_API_KEY`, …) fill provider settings when no config file is given (the',
    'vendor profile): see the tables under [Provider settings](#provider-settings). With a config file, name',
    'them yourself: `apiKey: "${OPENAI_API_KEY}"`.',
    '',
  ];
  for (const { key, owner, fragment, fields } of configSections(configFragments(extraModules))) {
    const declaredBy = owner === 'core' ? [] : [`Declared by the \`${owner}\` module.`, ''];
    lines.push(`## \`${key}\`: ${fragment.titles?.[key] ?? key}`, '', ...declaredBy, ...fieldTable(fields), '');
  }
  lines.push('## Provider settings', '', 'The settings of the first-party providers (`providers[].settings`).', '');
  // One section per package (Vertex is bundled twice, for Claude and for Gemini).
  const packages = BUNDLED_PROVIDERS.filter((entry, index) => BUNDLED_PROVIDERS.findIndex((other) => other.package === entry.package) === index);
  for (const entry of packages) lines.push(...providerSection(entry));
  return `${lines.join('\n').trimEnd()}\n`;
}
