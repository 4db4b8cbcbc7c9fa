import { randomBytes } from 'node:crypto';
import { GatewayError, invalidRequest } from '@modelgate/core';
import { sha256 } from '../auth/hash-key.js';
import { keyPolicyProperties } from '../modules/keys/keys-config.js';
import type { GatewayStore } from '../store/gateway-store.js';
import type { KeyPolicy, StoredKey } from '../store/stored-key.js';
import { compileSchema, describeSchemaError, pickPrimaryError } from '@modelgate/pipeline';
import { toKeyView, type KeyView } from './key-view.js';

export interface CreateKeyInput extends KeyPolicy {
  name: string;
  owner?: string;
  /** ISO 8601 date-time. */
  expiresAt?: string;
  disabled?: boolean;
}

/** A key as issued: the secret appears here once and is never stored. */
export interface IssuedKey {
  readonly key: KeyView;
  readonly secret: string;
}

const VISIBLE_PREFIX_LENGTH = 10;

const validateCreateKeyInput = compileSchema<CreateKeyInput>({
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    owner: { type: 'string', minLength: 1, maxLength: 200 },
    expiresAt: { type: 'string', minLength: 1 },
    disabled: { type: 'boolean' },
    ...keyPolicyProperties,
  },
});

function newSecret(): { secret: string; keyHash: string; keyPrefix: string } {
  const secret = `mg-${randomBytes(32).toString('base64url')}`;
  return { secret, keyHash: sha256(secret), keyPrefix: secret.slice(0, VISIBLE_PREFIX_LENGTH) };
}

function parseExpiry(expiresAt: string | undefined): number | undefined {
  if (expiresAt === undefined) return undefined;
  const milliseconds = Date.parse(expiresAt);
  if (Number.isNaN(milliseconds)) throw invalidRequest(`Invalid value for 'expiresAt': expected an ISO 8601 date-time.`, 'expiresAt');
  return milliseconds;
}

function keyNotFound(idOrPrefix: string): GatewayError {
  return new GatewayError({ status: 404, message: `No issued key has the id or prefix '${idOrPrefix}'.`, code: 'key_not_found' });
}

/** Issue, list, show, revoke, rotate and disable keys: one implementation behind the CLI and `/admin`. */
export class KeyService {
  constructor(private readonly store: GatewayStore) {}

  async create(input: unknown): Promise<IssuedKey> {
    if (!validateCreateKeyInput(input)) {
      const { message, param } = describeSchemaError(pickPrimaryError(validateCreateKeyInput.errors)!);
      throw invalidRequest(message, param);
    }
    const { name, owner, expiresAt, disabled, ...policy } = input;
    const { secret, keyHash, keyPrefix } = newSecret();
    const key: StoredKey = {
      id: `key_${randomBytes(8).toString('hex')}`,
      name,
      owner,
      keyHash,
      keyPrefix,
      policy,
      createdAt: Date.now(),
      expiresAt: parseExpiry(expiresAt),
      disabled: disabled ?? false,
    };
    await this.store.insertKey(key);
    return { key: toKeyView(key), secret };
  }

  async list(): Promise<KeyView[]> {
    return (await this.store.listKeys()).map(toKeyView);
  }

  async show(idOrPrefix: string): Promise<KeyView> {
    return toKeyView(await this.find(idOrPrefix));
  }

  async revoke(idOrPrefix: string): Promise<KeyView> {
    const key = await this.find(idOrPrefix);
    return toKeyView((await this.store.updateKey(key.id, { revokedAt: key.revokedAt ?? Date.now() }))!);
  }

  async setDisabled(idOrPrefix: string, disabled: boolean): Promise<KeyView> {
    const key = await this.find(idOrPrefix);
    return toKeyView((await this.store.updateKey(key.id, { disabled }))!);
  }

  /** A new secret for the same key id, scope and limits; the old secret stops working at once. */
  async rotate(idOrPrefix: string): Promise<IssuedKey> {
    const key = await this.find(idOrPrefix);
    if (key.revokedAt !== undefined) throw invalidRequest(`The key '${key.id}' is revoked and cannot be rotated.`, null, 'key_revoked');
    const { secret, keyHash, keyPrefix } = newSecret();
    const rotated = await this.store.updateKey(key.id, { keyHash, keyPrefix });
    return { key: toKeyView(rotated!), secret };
  }

  private async find(idOrPrefix: string): Promise<StoredKey> {
    const key = await this.store.findKey(idOrPrefix);
    if (!key) throw keyNotFound(idOrPrefix);
    return key;
  }
}
