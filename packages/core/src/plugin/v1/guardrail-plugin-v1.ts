import type { LoggerV1 } from './provider-plugin-v1.js';

// The contract a third-party guardrail package implements (docs/guardrails.md, "Plugin guardrails").
// Versioned like the provider contract: a package says which version it implements, and the
// gateway refuses one it does not know rather than guess.

export const GUARDRAIL_SPECIFICATION_VERSION_V1 = 'guardrail-v1';

/** When a guardrail looks: at the request before the upstream call, or at the answer. */
export type GuardrailPhaseV1 = 'request' | 'answer';

/** What a guardrail checks: the request's texts (messages, instructions, inputs), in the body's order. */
export interface GuardrailInputV1 {
  readonly phase: GuardrailPhaseV1;
  readonly texts: readonly string[];
  /** The public model id requested. */
  readonly model: string;
  /** The gateway's endpoint name (`chat`, `responses`, `messages`, `embeddings`, …). */
  readonly endpoint: string;
}

/**
 * The verdict. `redact` gives the texts back, one for each text given, with what must not go on
 * replaced; `reason` is for the client's error message on a block and for logs, so it must not
 * quote what was found.
 */
export type GuardrailVerdictV1 =
  | { readonly action: 'allow' }
  | { readonly action: 'block'; readonly reason?: string }
  | { readonly action: 'redact'; readonly texts: readonly string[] };

/** One configured guardrail of a package: a pure check, called once per request. */
export interface GuardrailCheckV1 {
  check(input: GuardrailInputV1): GuardrailVerdictV1 | Promise<GuardrailVerdictV1>;
}

export interface GuardrailContextV1 {
  readonly logger: LoggerV1;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** A guardrail package's default export. */
export interface GuardrailPluginV1<Settings = unknown> {
  readonly specificationVersion: typeof GUARDRAIL_SPECIFICATION_VERSION_V1;
  /** Names it in logs and errors, e.g. `acme-toxicity`. */
  readonly id: string;
  create(settings: Settings, context: GuardrailContextV1): GuardrailCheckV1 | Promise<GuardrailCheckV1>;
}

/** Why a module's export (unwrapped with unwrapProviderPlugin) is not a guardrail plugin; empty when it is one. */
export function findGuardrailPluginProblems(candidate: unknown): string[] {
  const plugin = candidate as Partial<GuardrailPluginV1> | undefined;
  if (!plugin || typeof plugin !== 'object') return ['the module exports no object (expected a default export implementing GuardrailPluginV1)'];
  const problems: string[] = [];
  if (plugin.specificationVersion !== GUARDRAIL_SPECIFICATION_VERSION_V1) problems.push(`specificationVersion must be '${GUARDRAIL_SPECIFICATION_VERSION_V1}' (got ${JSON.stringify(plugin.specificationVersion)})`);
  if (typeof plugin.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(plugin.id)) problems.push('id must be a kebab-case string');
  if (typeof plugin.create !== 'function') problems.push('create must be a function');
  return problems;
}
