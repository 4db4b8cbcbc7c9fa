import type { StoredKey } from '../store/stored-key.js';
import { keyStatus, type KeyStatus } from './key-status.js';

/** How the admin API and the CLI show a key: everything but its hash. */
export interface KeyView {
  readonly id: string;
  readonly name: string;
  readonly owner?: string;
  readonly prefix: string;
  readonly status: KeyStatus;
  readonly models?: string[];
  readonly endpoints?: string[];
  readonly families?: string[];
  readonly rpm?: number;
  readonly tpm?: number;
  readonly maxConcurrent?: number;
  readonly budget?: { usd: number; period: string };
  readonly responsesOtherFamilies?: 'refuse' | 'bridge';
  readonly createdAt: string;
  readonly expiresAt?: string;
  readonly revokedAt?: string;
}

const isoOrUndefined = (milliseconds: number | undefined) => (milliseconds === undefined ? undefined : new Date(milliseconds).toISOString());

export function toKeyView(key: StoredKey): KeyView {
  return {
    id: key.id,
    name: key.name,
    owner: key.owner,
    prefix: key.keyPrefix,
    status: keyStatus(key),
    ...key.policy,
    createdAt: new Date(key.createdAt).toISOString(),
    expiresAt: isoOrUndefined(key.expiresAt),
    revokedAt: isoOrUndefined(key.revokedAt),
  };
}
