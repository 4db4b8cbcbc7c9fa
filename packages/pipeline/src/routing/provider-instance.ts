import type { AnyProviderPluginV1, ModelPattern, ProviderV1 } from '@modelgate/core';

/** A created provider, registered under its instance id. */
export interface ProviderInstance {
  readonly id: string;
  readonly family: string;
  /** Where it came from, for messages: a package name, a path, or `(inline)`. */
  readonly source: string;
  readonly plugin: AnyProviderPluginV1;
  readonly provider: ProviderV1;
  /** Patterns served without a `models` entry; empty when `routeUnlistedModels` is off. */
  readonly unlistedModelPatterns: readonly ModelPattern[];
}
