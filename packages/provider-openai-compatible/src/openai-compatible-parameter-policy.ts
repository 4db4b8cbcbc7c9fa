import { unsupportedParameter, type CallContextV1, type ChatCompletionRequest, type UnsupportedParameterHandling } from '@modelgate/core';

/**
 * What a vendor does with one `/v1` field that it does not take as OpenAI sends it: `renamedTo`
 * moves the value to the vendor's name for it; `unsupported` says why the vendor cannot honour it,
 * and `accepts` lists values that ask for the default and may pass.
 */
export type OpenAiCompatibleParameterRule =
  | { readonly renamedTo: string }
  | { readonly unsupported: string; readonly accepts?: (value: unknown) => boolean };

/**
 * A compatible server's parameter policy. Unlike a translating provider's exhaustive map, fields it
 * does not name pass through untouched: the server speaks OpenAI's protocol, so new fields reach it.
 */
export interface OpenAiCompatibleParameterPolicy {
  readonly rules?: Readonly<Record<string, OpenAiCompatibleParameterRule>>;
  /** An unsupported field present with a value its rule does not accept: a 400 naming it (default), or dropped with a warning. */
  readonly unsupportedParameters?: UnsupportedParameterHandling;
}

/**
 * A policy, or how to choose one per request: a vendor whose rules depend on the request itself
 * (DeepSeek refuses sampling parameters only while it thinks) gives a function of it.
 */
export type OpenAiCompatibleParameterPolicySource = OpenAiCompatibleParameterPolicy | ((request: ChatCompletionRequest) => OpenAiCompatibleParameterPolicy);

/**
 * Applies the policy to the upstream body. Returns the body itself when no rule applies, so that
 * OpenAI's requests go out exactly as the client sent them.
 */
export function applyOpenAiCompatibleParameterPolicy(
  body: Record<string, unknown>,
  policy: OpenAiCompatibleParameterPolicy,
  vendorName: string,
  warn: CallContextV1['warn'],
): Record<string, unknown> {
  const rules = policy.rules ?? {};
  if (!Object.keys(body).some((field) => Object.hasOwn(rules, field))) return body;
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
    if (rule === undefined || value === undefined || value === null) {
      kept[field] = value;
    } else if ('renamedTo' in rule) {
      // A field the client sent under the vendor's own name wins over the renamed one.
      if (!Object.hasOwn(body, rule.renamedTo)) kept[rule.renamedTo] = value;
    } else if (rule.accepts?.(value) === true) {
      kept[field] = value;
    } else if ((policy.unsupportedParameters ?? 'reject') === 'reject') {
      throw unsupportedParameter(
        field,
        `${vendorName} does not support '${field}': ${rule.unsupported}. Remove it, or set the provider's unsupportedParameters to 'drop'.`,
      );
    } else {
      warn({ kind: 'dropped-parameter', parameter: field, reason: rule.unsupported });
    }
  }
  return kept;
}
