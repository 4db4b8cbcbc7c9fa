import { GATEWAY_ENDPOINTS, type GatewayEndpoint } from '@modelgate/pipeline';
import { nonEmptyString, positiveInteger, sha256Digest, stringList } from '../../config/schema-parts.js';
import type { ConfigFragment } from '../../config/config-fragment.js';

/** Per-key rate limits; each is off when absent. */
export interface KeyLimitsConfig {
  rpm?: number;
  tpm?: number;
  maxConcurrent?: number;
}

export type BudgetPeriod = 'day' | 'month' | 'total';

/** Spend cap in USD over a UTC calendar day, a UTC month, or the key's whole life. */
export interface KeyBudgetConfig {
  usd: number;
  period: BudgetPeriod;
}

export interface StaticKeyConfig extends KeyLimitsConfig {
  name: string;
  key?: string;
  keyHash?: string;
  models?: string[];
  endpoints?: GatewayEndpoint[];
  families?: string[];
  budget?: KeyBudgetConfig;
  guardrails?: string[];
  responsesOtherFamilies?: 'refuse' | 'bridge';
}

export interface KeysSection {
  keys: StaticKeyConfig[];
}

const noLimit = 'no limit';

/** Scope and limits of a key: shared by config keys and keys issued through the CLI or `/admin`. */
export const keyPolicyProperties = {
  models: { ...stringList, description: 'Model ids, aliases or globs the key may use (else 404 `model_not_found`).', defaultText: 'all' },
  endpoints: { type: 'array', items: { enum: [...GATEWAY_ENDPOINTS] }, description: 'Endpoints the key may call (else 403 `endpoint_not_permitted`).', defaultText: 'all' },
  families: { ...stringList, description: 'Provider families (`openai`, `anthropic`, …) the key may use.', defaultText: 'all' },
  rpm: { ...positiveInteger, description: 'Requests per minute.', defaultText: noLimit },
  tpm: { ...positiveInteger, description: 'Tokens per minute: estimated when a request is admitted, replaced by the real usage when it ends.', defaultText: noLimit },
  maxConcurrent: { ...positiveInteger, description: 'Requests in flight at once; a stream counts until it ends.', defaultText: noLimit },
  responsesOtherFamilies: {
    enum: ['refuse', 'bridge'],
    description: "`refuse` keeps this key off the Responses bridge even when `responses.otherFamilies` is `bridge`; a key never widens the gateway's switch.",
    defaultText: "the gateway's switch",
  },
  guardrails: {
    ...stringList,
    description: 'Guardrails (by `guardrails[].name`) that also apply to this key: a guardrail with `keys` applies to the keys it names and to those that name it (`keys: []` makes it opt-in).',
    defaultText: 'none',
  },
  budget: {
    type: 'object',
    additionalProperties: false,
    required: ['usd', 'period'],
    description: "Spend cap: 429 `insufficient_quota` once the key's usage costs reach it in the period.",
    defaultText: 'no budget',
    properties: {
      usd: { type: 'number', minimum: 0, description: 'The cap in USD.' },
      period: { enum: ['day', 'month', 'total'], description: '`day` and `month` are UTC calendar periods; `total` is the whole life of the key.' },
    },
  },
} as const;

/** The config's own service keys (issued keys live in the store). */
export const keysConfigFragment: ConfigFragment = {
  titles: { keys: 'Static keys' },
  properties: {
    keys: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        oneOf: [{ required: ['key'] }, { required: ['keyHash'] }],
        properties: {
          name: { ...nonEmptyString, description: 'Shown in logs and usage records instead of the key.' },
          key: {
            type: 'string',
            minLength: 16,
            description: 'The key itself, usually `"${MODELGATE_…_KEY}"`; only its SHA-256 digest is kept in memory. One of `key` or `keyHash`.',
          },
          keyHash: { ...sha256Digest, description: '`sha256:<hex>` of the key, for configs that must not contain it: `modelgate keys hash` prints it.' },
          ...keyPolicyProperties,
        },
      },
    },
  },
};
