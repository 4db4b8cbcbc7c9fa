import { GATEWAY_ERROR_KINDS } from '@modelgate/core';

// Shapes the config fragments share; a field spreads one and adds its description and default.
export const positiveInteger = { type: 'integer', minimum: 1 } as const;
export const nonNegativeInteger = { type: 'integer', minimum: 0 } as const;
export const nonNegativeNumber = { type: 'number', minimum: 0 } as const;
export const nonEmptyString = { type: 'string', minLength: 1 } as const;
export const stringList = { type: 'array', items: nonEmptyString } as const;
export const httpUrl = { type: 'string', minLength: 1, pattern: '^https?://' } as const;
/** Headers sent with each export to a collector or sink (its `authorization`). */
export const exportHeaders = { type: 'object', additionalProperties: { type: 'string' }, defaultText: 'none' } as const;
export const sha256Digest = { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' } as const;
export const errorKinds = { type: 'array', items: { enum: [...GATEWAY_ERROR_KINDS] } } as const;
