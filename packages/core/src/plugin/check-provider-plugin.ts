import { PROVIDER_SPECIFICATION_VERSION_V1, type EnvironmentVariableV1, type ProviderPluginV1 } from './v1/provider-plugin-v1.js';

export const SUPPORTED_SPECIFICATION_VERSIONS: readonly string[] = [PROVIDER_SPECIFICATION_VERSION_V1];

/**
 * Checks that a loaded module export is a provider plugin this core understands, and returns
 * the problems found (empty when it is one). Handles the `default` interop of transpiled ESM.
 */
export function unwrapProviderPlugin(moduleExports: unknown): unknown {
  const candidate = moduleExports as { default?: unknown } | null;
  if (candidate && typeof candidate === 'object' && 'default' in candidate && candidate.default) {
    const inner = candidate.default as { default?: unknown };
    return inner && typeof inner === 'object' && 'default' in inner && !('specificationVersion' in inner) ? inner.default : inner;
  }
  return moduleExports;
}

export function findProviderPluginProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['the module does not export a provider plugin object'];
  const plugin = value as Partial<Record<keyof ProviderPluginV1, unknown>>;
  const problems: string[] = [];
  if (typeof plugin.specificationVersion !== 'string') problems.push('`specificationVersion` is missing');
  else if (!SUPPORTED_SPECIFICATION_VERSIONS.includes(plugin.specificationVersion)) {
    problems.push(
      `specification version '${plugin.specificationVersion}' is not supported (supported: ${SUPPORTED_SPECIFICATION_VERSIONS.join(', ')})`,
    );
  }
  if (typeof plugin.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(plugin.id)) problems.push('`id` must be a kebab-case string');
  if (typeof plugin.family !== 'string' || plugin.family.length === 0) problems.push('`family` must be a non-empty string');
  if (typeof plugin.settingsSchema !== 'object' || plugin.settingsSchema === null) problems.push('`settingsSchema` must be a JSON Schema object');
  if (!Array.isArray(plugin.modelPatterns) || !plugin.modelPatterns.every((pattern) => typeof pattern === 'string')) {
    problems.push('`modelPatterns` must be an array of strings');
  }
  if (typeof plugin.create !== 'function') problems.push('`create` must be a function');
  if (plugin.credentialsInEnvironment !== undefined && typeof plugin.credentialsInEnvironment !== 'function') problems.push('`credentialsInEnvironment` must be a function');
  if (plugin.environment !== undefined) problems.push(...findEnvironmentProblems(plugin.environment, plugin.settingsSchema));
  return problems;
}

const ENVIRONMENT_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The optional `environment` list: well-formed entries, each naming a setting the schema knows. */
function findEnvironmentProblems(environment: unknown, settingsSchema: unknown): string[] {
  if (!Array.isArray(environment)) return ['`environment` must be an array'];
  const known = (settingsSchema as { properties?: unknown } | null)?.properties;
  const problems: string[] = [];
  environment.forEach((entry: unknown, index) => {
    const field = (name: string): string => `\`environment[${index}]${name}\``;
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`${field('')} must be an object`);
      return;
    }
    const variable = entry as Partial<Record<keyof EnvironmentVariableV1, unknown>>;
    if (typeof variable.name !== 'string' || !ENVIRONMENT_VARIABLE_NAME.test(variable.name)) {
      problems.push(`${field('.name')} must be an environment variable name`);
    }
    if (typeof variable.setting !== 'string' || variable.setting.length === 0) {
      problems.push(`${field('.setting')} must be a non-empty string`);
    } else if (typeof known === 'object' && known !== null && !Object.hasOwn(known, variable.setting)) {
      problems.push(`${field('.setting')} '${variable.setting}' is not a property of \`settingsSchema\``);
    }
    if (variable.description !== undefined && typeof variable.description !== 'string') problems.push(`${field('.description')} must be a string`);
    if (variable.secret !== undefined && typeof variable.secret !== 'boolean') problems.push(`${field('.secret')} must be a boolean`);
    if (variable.required !== undefined && typeof variable.required !== 'boolean') problems.push(`${field('.required')} must be a boolean`);
    if (variable.example !== undefined && typeof variable.example !== 'string') problems.push(`${field('.example')} must be a string`);
  });
  return problems;
}
