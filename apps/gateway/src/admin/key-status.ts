import type { StoredKey } from '../store/stored-key.js';

export type KeyStatus = 'active' | 'expired' | 'revoked' | 'disabled';

/** Revocation outranks disabling, which outranks expiry: the most permanent reason wins. */
export function keyStatus(key: StoredKey, now = Date.now()): KeyStatus {
  if (key.revokedAt !== undefined) return 'revoked';
  if (key.disabled) return 'disabled';
  if (key.expiresAt !== undefined && key.expiresAt <= now) return 'expired';
  return 'active';
}
