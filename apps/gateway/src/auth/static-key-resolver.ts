import type { StaticKeyConfig } from '../config/gateway-config.js';
import type { AuthenticatedKey, KeyResolver } from './authenticated-key.js';
import { digestsEqual, sha256 } from './hash-key.js';

interface StaticKeyEntry {
  /** SHA-256, lower-case hex. */
  readonly digest: string;
  readonly identity: AuthenticatedKey;
}

/**
 * Keys from the config file. Only their SHA-256 digests are kept; a presented key is hashed and
 * compared against every entry in constant time, so neither the match nor its position leaks timing.
 */
export class StaticKeyResolver implements KeyResolver {
  private readonly entries: readonly StaticKeyEntry[];

  constructor(keys: readonly StaticKeyConfig[]) {
    this.entries = keys.map((key) => ({
      digest: key.keyHash ? key.keyHash.slice('sha256:'.length) : sha256(key.key!),
      identity: {
        id: `config:${key.name}`,
        name: key.name,
        source: 'config',
        allowedModels: key.models,
        allowedEndpoints: key.endpoints,
        allowedFamilies: key.families,
        responsesOtherFamilies: key.responsesOtherFamilies,
        limits: { rpm: key.rpm, tpm: key.tpm, maxConcurrent: key.maxConcurrent },
        budget: key.budget,
        guardrails: key.guardrails,
      },
    }));
  }

  authenticate(presentedKey: string): AuthenticatedKey | undefined {
    const digest = sha256(presentedKey);
    let found: AuthenticatedKey | undefined;
    for (const entry of this.entries) {
      if (digestsEqual(entry.digest, digest) && !found) found = entry.identity;
    }
    return found;
  }
}
