import {
  invalidRequest,
  unsupportedParameter,
  type AnthropicCacheControl,
  type TranslationWarningV1,
  type UnsupportedParameterHandling,
} from '@modelgate/core';

/** How fields below the top level that Anthropic cannot honour are handled: the provider's `unsupportedParameters`. */
export interface PartPolicy {
  readonly handling: UnsupportedParameterHandling;
  readonly warn: (warning: TranslationWarningV1) => void;
}

/** Why a field that OpenAI clients send on messages has no Anthropic counterpart. */
const REASONS: Readonly<Record<string, string>> = {
  function_call: "the deprecated functions API is not translated; send the call as 'tool_calls'",
  audio: 'Anthropic produces no audio, so there is no earlier audio answer to refer to',
  annotations: 'Anthropic has no URL annotations on assistant messages',
};

/** Absent, null and empty values ask for nothing, so they pass wherever they are. */
function asksForNothing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Every field of a message, content part or tool call that the translation does not map is
 * rejected with a 400 naming its path, or, under `unsupportedParameters: drop`, dropped with a
 * warning: nothing below the top level is dropped silently either.
 */
export function checkKnownFields(value: object, known: ReadonlySet<string>, path: string, policy: PartPolicy): void {
  for (const [field, fieldValue] of Object.entries(value)) {
    if (known.has(field) || asksForNothing(fieldValue)) continue;
    const param = `${path}.${field}`;
    const reason = REASONS[field] ?? `'${field}' has no Anthropic counterpart`;
    if (policy.handling === 'reject') {
      throw unsupportedParameter(param, `Anthropic does not support '${param}': ${reason}. Remove it, or set the provider's unsupportedParameters to 'drop'.`);
    }
    policy.warn({ kind: 'dropped-parameter', parameter: param, reason });
  }
}

/**
 * A content part's `cache_control` (the prompt-caching convention clients use through gateways)
 * as Anthropic's: `{type: "ephemeral"}` with an optional `ttl` of `5m` or `1h`.
 */
export function cacheControlOf(part: object, path: string): { cache_control?: AnthropicCacheControl } {
  const control = (part as { cache_control?: unknown }).cache_control as { type?: unknown; ttl?: unknown } | null | undefined;
  if (control === undefined || control === null) return {};
  const validTtl = control.ttl === undefined || control.ttl === '5m' || control.ttl === '1h';
  if (typeof control !== 'object' || control.type !== 'ephemeral' || !validTtl || Object.keys(control).some((key) => key !== 'type' && key !== 'ttl')) {
    throw invalidRequest("cache_control must be {\"type\": \"ephemeral\"} with an optional \"ttl\" of \"5m\" or \"1h\".", `${path}.cache_control`, 'invalid_value');
  }
  return { cache_control: control.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: control.ttl as '5m' | '1h' } };
}
