import type { GatewayEndpoint, KeyBudgetConfig } from '../config/gateway-config.js';

/** What a key may do and how much: the same fields for config keys and issued keys. */
export interface KeyPolicy {
  models?: string[];
  endpoints?: GatewayEndpoint[];
  families?: string[];
  rpm?: number;
  tpm?: number;
  maxConcurrent?: number;
  budget?: KeyBudgetConfig;
  /** `refuse` narrows the gateway's `responses.otherFamilies: bridge` for this key. */
  responsesOtherFamilies?: 'refuse' | 'bridge';
  /** Guardrails this key opts into (names). */
  guardrails?: string[];
}

/** An issued key as the store keeps it: the SHA-256 of the secret and a short prefix, never the secret. */
export interface StoredKey {
  readonly id: string;
  readonly name: string;
  readonly owner?: string;
  /** Hex SHA-256 of the secret. */
  readonly keyHash: string;
  /** The first characters of the secret, so people can tell their keys apart. */
  readonly keyPrefix: string;
  readonly policy: KeyPolicy;
  /** Unix milliseconds. */
  readonly createdAt: number;
  readonly expiresAt?: number;
  readonly revokedAt?: number;
  readonly disabled: boolean;
}

/** Fields that may change after issue; rotation replaces the hash and the prefix. */
export type StoredKeyChanges = Partial<Pick<StoredKey, 'keyHash' | 'keyPrefix' | 'revokedAt' | 'disabled'>>;
