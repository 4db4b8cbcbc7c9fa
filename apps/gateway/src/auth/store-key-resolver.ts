import { GatewayError } from '@modelgate/core';
import { keyStatus } from '../admin/key-status.js';
import type { GatewayStore } from '../store/gateway-store.js';
import type { AuthenticatedKey, KeyResolver } from './authenticated-key.js';
import { digestsEqual, sha256 } from './hash-key.js';

/** How long the store's "no such key" is trusted, and how many such answers are kept (the oldest go first). */
const UNKNOWN_KEY_MEMORY_MS = 10_000;
const UNKNOWN_KEYS_REMEMBERED = 10_000;

const REFUSAL_MESSAGES = {
  expired: 'This API key has expired.',
  revoked: 'This API key has been revoked.',
  disabled: 'This API key is disabled.',
} as const;

/**
 * Issued keys: the presented key's SHA-256 is looked up through the store's unique index, and the
 * stored digest is compared in constant time before the key counts as found. Known but unusable
 * keys get a 401 that says why; the code stays `invalid_api_key`, which OpenAI's clients expect.
 */
export class StoreKeyResolver implements KeyResolver {
  /** Digests the store did not know, with when that answer expires; oldest first. */
  private readonly unknown = new Map<string, number>();

  constructor(
    private readonly store: GatewayStore,
    private readonly now: () => number = Date.now,
  ) {}

  async authenticate(presentedKey: string): Promise<AuthenticatedKey | undefined> {
    const digest = sha256(presentedKey);
    if (this.knownUnknown(digest)) return undefined;
    const stored = await this.store.findKeyByHash(digest);
    if (!stored || !digestsEqual(stored.keyHash, digest)) {
      this.rememberUnknown(digest);
      return undefined;
    }
    const status = keyStatus(stored);
    if (status !== 'active') {
      throw new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: REFUSAL_MESSAGES[status] });
    }
    const { policy } = stored;
    return {
      id: stored.id,
      name: stored.name,
      source: 'store',
      allowedModels: policy.models,
      allowedEndpoints: policy.endpoints,
      allowedFamilies: policy.families,
      limits: { rpm: policy.rpm, tpm: policy.tpm, maxConcurrent: policy.maxConcurrent },
      budget: policy.budget,
      responsesOtherFamilies: policy.responsesOtherFamilies,
      guardrails: policy.guardrails,
    };
  }

  /**
   * A client retrying a wrong key, or many clients sending made-up ones, would cost a store query
   * each: a digest the store did not know is answered from memory for a few seconds. An issued
   * key's secret is random, so no key is presented before it exists, and none waits on this.
   */
  private knownUnknown(digest: string): boolean {
    const expires = this.unknown.get(digest);
    if (expires === undefined) return false;
    if (expires > this.now()) return true;
    this.unknown.delete(digest);
    return false;
  }

  private rememberUnknown(digest: string): void {
    this.unknown.delete(digest);
    this.unknown.set(digest, this.now() + UNKNOWN_KEY_MEMORY_MS);
    if (this.unknown.size > UNKNOWN_KEYS_REMEMBERED) this.unknown.delete(this.unknown.keys().next().value!);
  }
}
