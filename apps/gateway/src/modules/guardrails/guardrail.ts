import type { GuardrailInputV1, GuardrailVerdictV1 } from '@modelgate/core';
import type { GuardrailAction, GuardrailPhase } from './guardrails-config.js';
import { redactMatches, type TextMatcher } from './text-matcher.js';

/** What a guardrail found in one phase: the action it takes, and for a redaction the texts as they go on. */
export interface Finding {
  readonly action: GuardrailAction;
  readonly texts?: readonly string[];
  /** What kind of thing was found (recogniser ids, `keyword`, `webhook`…): never the text itself. */
  readonly found: readonly string[];
}

/** One configured guardrail, ready to run. */
export interface Guardrail {
  readonly name: string;
  readonly action: GuardrailAction;
  readonly phases: readonly GuardrailPhase[];
  appliesTo(model: string, key: GuardedKey): boolean;
  /** Finds what it looks for in the texts of one phase; nothing when it has nothing to say. */
  review(input: GuardrailInputV1): Finding | undefined | Promise<Finding | undefined>;
  /** For guardrails that match text (deny lists, recognisers): what a stream's window is searched with. */
  readonly matcher?: TextMatcher;
}

/** What a guardrail's scope reads of the caller: its name, and the guardrails it opts into. */
export interface GuardedKey {
  readonly name?: string;
  readonly guardrails?: readonly string[];
}

export interface GuardrailScope {
  readonly name: string;
  readonly action: GuardrailAction;
  readonly phases: readonly GuardrailPhase[];
  readonly models?: readonly string[];
  readonly keys?: readonly string[];
}

export function scopeTest(scope: GuardrailScope): Guardrail['appliesTo'] {
  return (model, key) =>
    (!scope.models || scope.models.includes(model)) &&
    (!scope.keys || (key.name !== undefined && scope.keys.includes(key.name)) || key.guardrails?.includes(scope.name) === true);
}

/** A deny list or recogniser set: its matches decide, its configured action applies. */
export function matchingGuardrail(scope: GuardrailScope, matcher: TextMatcher): Guardrail {
  return {
    ...scope,
    appliesTo: scopeTest(scope),
    matcher,
    review({ texts }) {
      const matches = texts.map((text) => matcher.find(text));
      const found = [...new Set(matches.flat().map((match) => match.label))];
      if (found.length === 0) return undefined;
      if (scope.action !== 'redact') return { action: scope.action, found };
      return { action: 'redact', found, texts: texts.map((text, index) => redactMatches(text, matches[index]!)) };
    },
  };
}

/**
 * A verdict from outside (a webhook, a plugin) as a finding: a guardrail configured to `log` only
 * logs, and a redaction's texts must be one for each text sent.
 */
export function findingOfVerdict(action: GuardrailAction, verdict: GuardrailVerdictV1, texts: readonly string[], source: string): Finding | undefined {
  if (verdict.action === 'allow') return undefined;
  if (action === 'log') return { action: 'log', found: [source] };
  if (verdict.action === 'block') return { action: 'block', found: [source] };
  if (!Array.isArray(verdict.texts) || verdict.texts.length !== texts.length || verdict.texts.some((text) => typeof text !== 'string')) {
    throw new Error(`its redaction gave ${Array.isArray(verdict.texts) ? verdict.texts.length : 'no'} texts for ${texts.length}`);
  }
  return { action: 'redact', found: [source], texts: verdict.texts };
}

/** Whether a value is a well-formed GuardrailVerdictV1. */
export function isVerdict(value: unknown): value is GuardrailVerdictV1 {
  const action = (value as { action?: unknown } | null)?.action;
  return action === 'allow' || action === 'block' || (action === 'redact' && Array.isArray((value as { texts?: unknown }).texts));
}
