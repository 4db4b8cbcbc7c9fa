/**
 * Replaces `${NAME}` and `${NAME:-default}` in every string of a parsed config; `$${` stays a
 * literal `${`. A variable that is unset and has no default is an error naming it and where it is,
 * so a missing secret stops start-up instead of becoming an empty string.
 */
export function expandEnvVars(value: unknown, env: Readonly<Record<string, string | undefined>>, path = ''): unknown {
  if (typeof value === 'string') return expandString(value, env, path);
  if (Array.isArray(value)) return value.map((item, index) => expandEnvVars(item, env, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandEnvVars(item, env, path ? `${path}.${key}` : key)]),
    );
  }
  return value;
}

const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

function expandString(text: string, env: Readonly<Record<string, string | undefined>>, path: string): string {
  return text.replace(REFERENCE, (match, name: string | undefined, fallback: string | undefined) => {
    if (match === '$${') return '${';
    const found = env[name!];
    if (found !== undefined && found !== '') return found;
    if (fallback !== undefined) return fallback;
    throw new Error(`config ${path || '(root)'} uses \${${name}}, which is not set in the environment`);
  });
}
