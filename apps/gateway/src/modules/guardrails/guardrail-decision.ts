import { GatewayError } from '@modelgate/core';
import type { GuardrailAction, GuardrailPhase } from './guardrails-config.js';

/** A guardrail acted on a request: in its response header, its usage record, a metric, a span event and the log. Never what it matched. */
export interface GuardrailDecision {
  readonly guardrail: string;
  readonly action: GuardrailAction;
  readonly phase: GuardrailPhase;
  /** What kinds of thing it found (recogniser ids, `keyword`, `pattern`, `webhook`…). */
  readonly found: readonly string[];
}

export const GUARDRAILS_HEADER = 'x-modelgate-guardrails';

/** `<name>:<action>,…` for the response header, each guardrail and action once. */
export function guardrailsHeaderValue(decisions: readonly GuardrailDecision[]): string {
  return [...new Set(decisions.map((decision) => `${decision.guardrail}:${decision.action}`))].join(',');
}

/** The refusal a client gets when a guardrail blocks, in its front's envelope; it names the guardrail, never the text. */
export function guardrailBlocked(decision: GuardrailDecision, decisions: readonly GuardrailDecision[]): GatewayError {
  const where = decision.phase === 'request' ? 'request' : 'answer';
  return new GatewayError({
    status: 400,
    kind: 'content_filter',
    type: 'invalid_request_error',
    code: 'guardrail_blocked',
    message: `The ${where} was blocked by the guardrail '${decision.guardrail}' (found: ${decision.found.join(', ')}).`,
    headers: { [GUARDRAILS_HEADER]: guardrailsHeaderValue(decisions) },
  });
}
