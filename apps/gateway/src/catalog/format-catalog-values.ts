import type { ModelCapabilitiesV1 } from '@modelgate/core';
import { endpointPath } from '@modelgate/pipeline';

const CAPABILITY_NAMES: ReadonlyArray<readonly [keyof ModelCapabilitiesV1, string]> = [
  ['streaming', 'streaming'],
  ['tools', 'tools'],
  ['vision', 'vision'],
  ['jsonSchema', 'JSON schema'],
  ['reasoning', 'reasoning'],
];

export function formatTokens(count: number | undefined): string {
  if (count === undefined) return '–';
  return count >= 1000 ? `${Math.round(count / 1000).toLocaleString('en-US')}k` : String(count);
}

/** USD per million tokens. */
export function formatPrice(usdPerMillion: number | undefined): string {
  return usdPerMillion === undefined ? '–' : `$${usdPerMillion.toFixed(usdPerMillion < 1 ? 3 : 2)}`;
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
