import { findGuardrailPluginProblems, unwrapProviderPlugin, type GuardrailContextV1, type GuardrailPluginV1 } from '@modelgate/core';
import { importPluginModule } from '../../plugins/import-plugin-module.js';
import { findingOfVerdict, isVerdict, scopeTest, type Guardrail, type GuardrailScope } from './guardrail.js';

export class GuardrailLoadError extends Error {
  constructor(name: string, reason: string, options?: ErrorOptions) {
    super(`guardrail '${name}' could not be loaded: ${reason}`, options);
    this.name = 'GuardrailLoadError';
  }
}

/** Loads a GuardrailPluginV1 package (by name, or by path from the config file's folder) and checks its shape. */
export async function loadGuardrailPlugin(name: string, specifier: string, baseDirectory: string): Promise<GuardrailPluginV1> {
  const candidate = unwrapProviderPlugin(await importPluginModule(specifier, baseDirectory, (what, cause) => new GuardrailLoadError(name, what, { cause })));
  const problems = findGuardrailPluginProblems(candidate);
  if (problems.length > 0) throw new GuardrailLoadError(name, `${specifier} is not a guardrail plugin: ${problems.join('; ')}`);
  return candidate as GuardrailPluginV1;
}

/** A configured guardrail backed by a plugin's check; a check that throws or answers no verdict refuses the request. */
export async function pluginGuardrail(scope: GuardrailScope, plugin: GuardrailPluginV1, settings: unknown, context: GuardrailContextV1): Promise<Guardrail> {
  const check = await plugin.create(settings, context);
  return {
    ...scope,
    appliesTo: scopeTest(scope),
    async review(input) {
      const verdict: unknown = await check.check(input);
      if (!isVerdict(verdict)) throw new Error(`guardrail plugin '${plugin.id}' answered no verdict`);
      return findingOfVerdict(scope.action, verdict, input.texts, plugin.id);
    },
  };
}
