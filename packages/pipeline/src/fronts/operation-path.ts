/**
 * Whether a request path is an operation's. An operation's path is written as the gateway's router
 * takes it (path-to-regexp): literal, or with one `*name` wildcard that takes the rest of the path up
 * to the literal that follows it, slashes included, and `\:` for a literal colon (Gemini's
 * `/v1beta/models/*model\:generateContent`, where a model id may hold a slash).
 */
export function matchesOperationPath(pattern: string, path: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === path;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star).replace(/^\*\w+/, '').replaceAll('\\:', ':');
  return path.length > prefix.length + suffix.length && path.startsWith(prefix) && path.endsWith(suffix);
}

/** The part of `path` the wildcard of `pattern` took (URL-decoded), or undefined when the path is not the operation's. */
export function wildcardOf(pattern: string, path: string): string | undefined {
  if (!matchesOperationPath(pattern, path)) return undefined;
  const star = pattern.indexOf('*');
  const suffix = pattern.slice(star).replace(/^\*\w+/, '').replaceAll('\\:', ':');
  const raw = path.slice(star, path.length - suffix.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
