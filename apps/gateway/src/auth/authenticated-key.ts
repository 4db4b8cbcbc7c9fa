import type { ExchangeKey } from '@modelgate/pipeline';
import type { GatewayEndpoint, KeyBudgetConfig, KeyLimitsConfig } from '../config/gateway-config.js';

/** Who is calling: the identity a service key stands for, never the key itself. */
export interface AuthenticatedKey extends ExchangeKey {
  readonly id: string;
  readonly name: string;
  readonly source: 'config' | 'store';
  /** Model ids or globs; undefined means every model. */
  readonly allowedModels?: readonly string[];
  /** Undefined means every endpoint. */
  readonly allowedEndpoints?: readonly GatewayEndpoint[];
  /** Provider families (`openai`, `anthropic`, …); undefined means every family. */
  readonly allowedFamilies?: readonly string[];
  readonly limits?: Readonly<KeyLimitsConfig>;
  readonly budget?: Readonly<KeyBudgetConfig>;
  /** Guardrails (names) the key opts into besides those for every key. */
  readonly guardrails?: readonly string[];
}

/**
 * The seam between authentication and where keys live. The config's static keys are one
 * resolver; issued keys in a store are another, tried in order. A resolver that knows the key
 * but refuses it (expired, revoked, disabled) throws a 401 GatewayError instead of answering.
 */
export interface KeyResolver {
  /** At once when the resolver needs no I/O (config keys), else a promise (the store). */
  authenticate(presentedKey: string): AuthenticatedKey | undefined | Promise<AuthenticatedKey | undefined>;
}
