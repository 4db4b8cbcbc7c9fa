import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { compileSchema, describeSchemaErrors } from '@modelgate/pipeline';
import { expandEnvVars } from './expand-env-vars.js';
import type { GatewayModule } from '../modules/gateway-module.js';
import { assembleConfigSchema, configFragments, gatewayConfigSchema, withConfigDefaults } from './gateway-config-schema.js';
import type { GatewayConfig, GatewayConfigInput } from './gateway-config.js';

export interface LoadedGatewayConfig {
  config: GatewayConfig;
  /** The config file's folder: provider packages and relative paths resolve from here. */
  baseDirectory: string;
}

const validateConfig = compileSchema<GatewayConfigInput>(gatewayConfigSchema);

/**
 * Checks a config (after `${VAR}` expansion) against the schema assembled from the core and the
 * modules, and fills in its defaults. `extraModules` are those an embedding program adds to the
 * list (`createApp`'s `modules` option): their config keys are accepted too.
 */
export function parseGatewayConfig(
  input: unknown,
  env: Readonly<Record<string, string | undefined>>,
  source: string,
  extraModules: readonly GatewayModule<never>[] = [],
): GatewayConfig {
  const expanded = expandEnvVars(input ?? {}, env);
  const schema = extraModules.length === 0 ? gatewayConfigSchema : assembleConfigSchema(configFragments(extraModules));
  const validate = extraModules.length === 0 ? validateConfig : compileSchema<GatewayConfigInput>(schema);
  if (!validate(expanded)) {
    throw new Error(`invalid config ${source}: ${describeSchemaErrors(validate.errors)}`);
  }
  const config = withConfigDefaults(expanded, schema);
  if (config.server.headersTimeoutMs > config.server.requestTimeoutMs) {
    throw new Error(`invalid config ${source}: server.headersTimeoutMs (${config.server.headersTimeoutMs}) must not exceed server.requestTimeoutMs (${config.server.requestTimeoutMs})`);
  }
  return config;
}

/** Reads a YAML (or JSON) config file, expands `${VAR}` references and checks it against the schema. */
export async function loadGatewayConfig(
  file: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<LoadedGatewayConfig> {
  const path = resolve(file);
  const text = await readFile(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new Error(`config ${path} is not valid YAML: ${(error as Error).message}`, { cause: error });
  }
  return { config: parseGatewayConfig(parsed, env, path), baseDirectory: dirname(path) };
}
