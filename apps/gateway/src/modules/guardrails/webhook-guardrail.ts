import { GatewayError, type GuardrailInputV1 } from '@modelgate/core';
import { findingOfVerdict, isVerdict, scopeTest, type Finding, type Guardrail, type GuardrailScope } from './guardrail.js';

export interface WebhookSettings {
  readonly url: string;
  readonly timeoutMs: number;
  readonly failOpen: boolean;
}

/**
 * POSTs the texts (`GuardrailInputV1` as JSON) and reads a GuardrailVerdictV1. A timeout, a non-2xx
 * or an unreadable verdict lets the request through when `failOpen` (the decision is logged as
 * `failed-open`), else refuses it with 503 `guardrail_unavailable`.
 */
export function webhookGuardrail(scope: GuardrailScope, settings: WebhookSettings): Guardrail {
  return {
    ...scope,
    appliesTo: scopeTest(scope),
    async review(input: GuardrailInputV1): Promise<Finding | undefined> {
      let verdict: unknown;
      try {
        const response = await fetch(settings.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
        verdict = await response.json();
        if (!isVerdict(verdict)) throw new Error('the webhook answered no verdict');
        return findingOfVerdict(scope.action, verdict, input.texts, 'webhook');
      } catch (error) {
        if (settings.failOpen) return { action: 'log', found: ['failed-open'] };
        const why = (error as Error).name === 'TimeoutError' ? `no verdict within ${settings.timeoutMs} ms` : (error as Error).message;
        throw new GatewayError({ status: 503, kind: 'overloaded', type: 'server_error', code: 'guardrail_unavailable', message: `The guardrail '${scope.name}' could not check the request (${why}).`, cause: error });
      }
    },
  };
}
