/** A plain JSON Schema (draft-07) object. Core stays free of any validator; the gateway compiles these with ajv. */
export type JsonSchema = { readonly [keyword: string]: unknown };
