import type { EnvironmentVariableV1 } from './v1/provider-plugin-v1.js';

/**
 * The settings a plugin's declared variables give, or undefined when the environment does not
 * enable it: a plugin with `secret` variables needs all of them set (an API key), a keyless one at
 * least one variable. An empty value counts as unset, as shells leave `VAR=` behind.
 */
export function settingsFromEnvironment(
  variables: readonly EnvironmentVariableV1[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> | undefined {
  if (!variables || variables.length === 0) return undefined;
  const isSet = (variable: EnvironmentVariableV1): boolean => Boolean(env[variable.name]);
  const secrets = variables.filter((variable) => variable.secret === true);
  const enabled = secrets.length > 0 ? secrets.every(isSet) : variables.some(isSet);
  if (!enabled) return undefined;
  const settings: Record<string, string> = {};
  for (const variable of variables) if (isSet(variable)) settings[variable.setting] = env[variable.name]!;
  return settings;
}
