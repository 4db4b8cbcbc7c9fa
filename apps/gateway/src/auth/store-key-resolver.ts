import { GatewayError } from '@modelgate/core';
import { keyStatus } from '../admin/key-status.js';
import type { GatewayStore } from '../store/gateway-store.js';
import type { AuthenticatedKey, KeyResolver } from './authenticated-key.js';
import { digestsEqual, sha256 } from './hash-key.js';

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
  constructor(private readonly store: GatewayStore) {}

  async authenticate(presentedKey: string): Promise<AuthenticatedKey | undefined> {
    const digest = sha256(presentedKey);
    const stored = await this.store.findKeyByHash(digest);
    if (!stored || !digestsEqual(stored.keyHash, digest)) return undefined;
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
    };
  }
}
