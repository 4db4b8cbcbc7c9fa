import type { EnvironmentVariableV1 } from './v1/provider-plugin-v1.js';

/**
 * The settings a plugin's declared variables give, or undefined when the environment does not
 * enable it: a plugin with `secret` or `required` variables needs each of their settings filled
 * (an API key, Azure's endpoint), one with neither at least one variable. Variables that fill the same setting are alternatives, the
 * first declared that is set wins (Google's SDKs take `GOOGLE_API_KEY` over `GEMINI_API_KEY`). An
 * empty value counts as unset, as shells leave `VAR=` behind.
 */
export function settingsFromEnvironment(
  variables: readonly EnvironmentVariableV1[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> | undefined {
  if (!variables || variables.length === 0) return undefined;
  const isSet = (variable: EnvironmentVariableV1): boolean => Boolean(env[variable.name]);
  const settings: Record<string, string> = {};
  for (const variable of variables) if (isSet(variable) && !(variable.setting in settings)) settings[variable.setting] = env[variable.name]!;
  const neededSettings = variables.filter((variable) => variable.secret === true || variable.required === true).map((variable) => variable.setting);
  const enabled = neededSettings.length > 0 ? neededSettings.every((setting) => setting in settings) : Object.keys(settings).length > 0;
  return enabled ? settings : undefined;
}
