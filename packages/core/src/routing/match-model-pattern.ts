/**
 * A model pattern is an exact id or a glob where `*` matches any run of characters
 * (`gpt-*`, `claude-*-4-5`). Compiled once per pattern.
 */
export type ModelPattern = string;

const compiled = new Map<string, RegExp>();

function compile(pattern: ModelPattern): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    regex = new RegExp(`^${source}$`);
    compiled.set(pattern, regex);
  }
  return regex;
}

export function matchesModelPattern(pattern: ModelPattern, modelId: string): boolean {
  return pattern.includes('*') ? compile(pattern).test(modelId) : pattern === modelId;
}
