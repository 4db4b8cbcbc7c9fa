/**
 * How one request field reaches a vendor. `mapped` names the converter that translates it;
 * `unsupported` says why the vendor cannot honour it, and `accepts` lists the values that need no
 * translation because they ask for the default behaviour (`n: 1`, `logprobs: false`).
 */
export type ParameterRule<TValue> =
  | { readonly mapped: string }
  | { readonly unsupported: string; readonly accepts?: (value: TValue) => boolean };

/**
 * A rule for every field of `TRequest`. The `-?` makes the map exhaustive: a field added to the
 * request type is a compile error in every provider's map until someone decides how it maps.
 */
export type ParameterPolicy<TRequest> = {
  readonly [K in keyof TRequest]-?: ParameterRule<NonNullable<TRequest[K]>>;
};

/** What a provider does with an unsupported parameter that is present: a 400 naming it, or drop it with a warning. */
export type UnsupportedParameterHandling = 'reject' | 'drop';

/** Identity helper that checks a map against the request type without widening it. */
export function defineParameterMap<TRequest>(policy: ParameterPolicy<TRequest>): ParameterPolicy<TRequest> {
  return policy;
}
