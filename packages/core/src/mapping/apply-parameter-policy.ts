import { unsupportedParameter } from '../errors/gateway-errors.js';
import type { TranslationWarningV1 } from '../plugin/v1/call-context-v1.js';
import type { ParameterPolicy, ParameterRule, UnsupportedParameterHandling } from './define-parameter-map.js';

export interface ApplyParameterPolicyOptions {
  readonly vendorName: string;
  readonly handling: UnsupportedParameterHandling;
  readonly warn: (warning: TranslationWarningV1) => void;
}

/**
 * Checks a request against a provider's policy. Absent and null fields pass; an unsupported field
 * with a value the rule does not accept is rejected with a 400 naming it, or, under `drop`, removed
 * from the returned copy with a `dropped-parameter` warning. Fields the policy does not know (sent
 * by a newer client) are treated the same way, so nothing is ever dropped silently.
 */
export function applyParameterPolicy<TRequest extends object>(
  request: TRequest,
  policy: ParameterPolicy<TRequest>,
  options: ApplyParameterPolicyOptions,
): TRequest {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(request)) {
    const rule = (policy as Record<string, ParameterRule<unknown> | undefined>)[field];
    if (value === undefined || value === null || (rule !== undefined && 'mapped' in rule) || rule?.accepts?.(value) === true) {
      kept[field] = value;
      continue;
    }
    const reason = rule?.unsupported ?? `'${field}' is not a known parameter`;
    if (options.handling === 'reject') {
      throw unsupportedParameter(field, `${options.vendorName} does not support '${field}': ${reason}. Remove it, or set the provider's unsupportedParameters to 'drop'.`);
    }
    options.warn({ kind: 'dropped-parameter', parameter: field, reason });
  }
  return kept as TRequest;
}
