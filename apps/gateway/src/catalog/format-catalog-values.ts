import type { ModelCapabilitiesV1 } from '@modelgate/core';
import { endpointPath } from '@modelgate/pipeline';

const CAPABILITY_NAMES: ReadonlyArray<readonly [keyof ModelCapabilitiesV1, string]> = [
  ['streaming', 'streaming'],
  ['tools', 'tools'],
  ['vision', 'vision'],
  ['jsonSchema', 'JSON schema'],
  ['reasoning', 'reasoning'],
  ['embeddings', 'embeddings'],
];

export function formatTokens(count: number | undefined): string {
  if (count === undefined) return '–';
  return count >= 1000 ? `${Math.round(count / 1000).toLocaleString('en-US')}k` : String(count);
}

/** USD per million tokens. */
export function formatPrice(usdPerMillion: number | undefined): string {
  if (usdPerMillion === undefined) return '–';
  // Cents, or a tenth of a cent below a dollar and where cents would round (a 10% premium on $3.75 is $4.125).
  const digits = usdPerMillion < 1 || Math.abs(Number(usdPerMillion.toFixed(2)) - usdPerMillion) > 1e-9 ? 3 : 2;
  return `$${usdPerMillion.toFixed(digits)}`;
}

/** The capabilities a card claims, in a fixed order; unknown ones are left out. */
export function formatCapabilities(capabilities: ModelCapabilitiesV1 | undefined): string {
  const named = CAPABILITY_NAMES.filter(([field]) => capabilities?.[field] === true).map(([, name]) => name);
  return named.length > 0 ? named.join(', ') : '–';
}

/** Gateway endpoints as paths, e.g. `chat` → `/v1/chat/completions`. */
export function endpointPaths(endpoints: readonly string[]): string[] {
  return endpoints.map((endpoint) => endpointPath(endpoint) ?? endpoint);
}
