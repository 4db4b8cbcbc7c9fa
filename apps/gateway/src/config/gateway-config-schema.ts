import type { JsonSchema } from '@modelgate/core';
import type { GatewayModule } from '../modules/gateway-module.js';
import { GATEWAY_MODULES } from '../modules/module-list.js';
import { applySchemaDefaults } from './apply-schema-defaults.js';
import type { ConfigFragment } from './config-fragment.js';
import { CORE_CONFIG_FRAGMENTS } from './core-config.js';
import type { GatewayConfig, GatewayConfigInput } from './gateway-config.js';

/** A fragment and who declares it: `core`, or a module's id. */
export interface DeclaredFragment {
  readonly owner: string;
  readonly fragment: ConfigFragment;
}

/** The core's fragments, then each module's, in the module list's order (and `extraModules` after it). */
export function configFragments(extraModules: readonly GatewayModule<never>[] = []): DeclaredFragment[] {
  return [
    ...CORE_CONFIG_FRAGMENTS.map((fragment) => ({ owner: 'core', fragment })),
    ...[...GATEWAY_MODULES, ...extraModules].flatMap((module) => (module.configSchema ? [{ owner: module.id, fragment: module.configSchema }] : [])),
  ];
}

/** One schema for the config file, from the fragments; a key claimed twice is a programming error. */
export function assembleConfigSchema(fragments: readonly DeclaredFragment[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const owners = new Map<string, string>();
  for (const { owner, fragment } of fragments) {
    for (const [key, schema] of Object.entries(fragment.properties)) {
      const claimed = owners.get(key);
      if (claimed) throw new Error(`config key "${key}" is declared by both ${claimed} and ${owner}`);
      owners.set(key, owner);
      properties[key] = schema;
    }
  }
  return { type: 'object', additionalProperties: false, required: fragments.flatMap(({ fragment }) => fragment.required ?? []), properties };
}

/** JSON Schema of the config file, checked after env-var expansion. */
export const gatewayConfigSchema: JsonSchema = assembleConfigSchema(configFragments());

/** A checked config with every default the schema declares; `schema` is the assembled one (with extra modules, their fragments). */
export function withConfigDefaults(input: GatewayConfigInput, schema: JsonSchema = gatewayConfigSchema): GatewayConfig {
  return applySchemaDefaults(schema, input) as GatewayConfig;
}

/** The server's defaults, as the schema declares them (a test waits the default shutdown grace). */
export const DEFAULT_SERVER_CONFIG = withConfigDefaults({ providers: [] }).server;
