import type { JsonSchema } from '@modelgate/core';

/**
 * A part of the config schema: top-level keys with their JSON schemas, descriptions and defaults
 * inline. `default` is applied to a config that leaves the key out (`withConfigDefaults`);
 * `defaultText` only documents a default decided elsewhere (a provider's card, the plugin's id).
 * docs/config-reference.md is generated from the fragments.
 */
export interface ConfigFragment {
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  /** The section titles of docs/config-reference.md, by top-level key. */
  readonly titles?: Readonly<Record<string, string>>;
}
