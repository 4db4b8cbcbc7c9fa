import { sha256Digest } from '../../config/schema-parts.js';
import type { ConfigFragment } from '../../config/config-fragment.js';

export interface AdminConfig {
  token?: string;
  tokenHash?: string;
}

export interface AdminSection {
  /** The `/admin` API is off without an admin token. */
  admin?: AdminConfig;
}

/** The admin token: it opens `/admin`, the web UI's data, and `/metrics`. */
export const adminConfigFragment: ConfigFragment = {
  titles: { admin: 'Admin API' },
  properties: {
    admin: {
      type: 'object',
      additionalProperties: false,
      oneOf: [{ required: ['token'] }, { required: ['tokenHash'] }],
      properties: {
        token: {
          type: 'string',
          minLength: 16,
          description: 'The admin token for `/admin` (usually `"${MODELGATE_ADMIN_TOKEN}"`); only its digest is kept. Without `admin`, `/admin` is off. One of `token` or `tokenHash`.',
        },
        tokenHash: { ...sha256Digest, description: '`sha256:<hex>` of the admin token: `modelgate keys hash` prints it.' },
      },
    },
  },
};
