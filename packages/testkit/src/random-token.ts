import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random alphanumeric string, the shape vendors use after an id prefix (`chatcmpl-…`, `call_…`). */
export function randomToken(length = 24): string {
  const bytes = randomBytes(length);
  let token = '';
  // 256 is not a multiple of 62; the slight bias does not matter for ids in tests.
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}
