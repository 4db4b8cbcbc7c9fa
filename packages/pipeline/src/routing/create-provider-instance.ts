import { findProviderPluginProblems, type AnyProviderPluginV1, type LoggerV1 } from '@modelgate/core';
import { compileSchema, describeSchemaErrors } from '../validation/schema-compiler.js';
import type { ProviderInstance } from './provider-instance.js';

export class ProviderLoadError extends Error {
  constructor(source: string, reason: string, options?: ErrorOptions) {
    super(`provider '${source}' could not be loaded: ${reason}`, options);
    this.name = 'ProviderLoadError';
  }
}

export interface ProviderInstanceInput {
  /** The module's plugin, unchecked. */
  readonly candidate: unknown;
  /** Where it came from, for messages: a package name, a path, or `(inline plugin)`. */
  readonly source: string;
  /** Instance id; defaults to the plugin's id. */
  readonly id?: string;
  readonly settings?: Record<string, unknown>;
  /** Serve ids matching the plugin's model patterns without a `models` entry (default true). */
  readonly routeUnlistedModels?: boolean;
}

export interface ProviderContextInput {
  readonly logger: LoggerV1;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * Checks a plugin against contract v1, validates its settings against its own schema and creates
 * the provider. Every failure is a ProviderLoadError naming the source: start-up stops on it.
 */
export function createProviderInstance(input: ProviderInstanceInput, context: ProviderContextInput): ProviderInstance {
  const { candidate, source } = input;
  const problems = findProviderPluginProblems(candidate);
  if (problems.length > 0) throw new ProviderLoadError(source, problems.join('; '));
  const plugin = candidate as AnyProviderPluginV1;
  const id = input.id ?? plugin.id;
  const settings = input.settings ?? {};
  const validateSettings = compileSchema(plugin.settingsSchema);
  if (!validateSettings(settings)) {
    throw new ProviderLoadError(source, `invalid settings: ${describeSchemaErrors(validateSettings.errors)}`);
  }
  let provider;
  try {
    provider = plugin.create(settings as never, { instanceId: id, logger: context.logger, env: context.env });
  } catch (error) {
    throw new ProviderLoadError(source, `create() failed: ${(error as Error).message}`, { cause: error });
  }
  if (!provider || typeof provider.chat?.toUpstreamRequest !== 'function') {
    throw new ProviderLoadError(source, 'create() did not return a provider with a chat translator');
  }
  return {
    id,
    family: provider.family ?? plugin.family,
    source,
    plugin,
    provider,
    unlistedModelPatterns: input.routeUnlistedModels === false ? [] : (provider.modelPatterns ?? plugin.modelPatterns),
  };
}
