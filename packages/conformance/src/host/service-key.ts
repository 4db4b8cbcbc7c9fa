import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random service key, and a constant-time check of a presented one. */
export function mintServiceKey(): { readonly key: string; matches(presented: string): boolean } {
  const key = `mg-conformance-${randomBytes(18).toString('base64url')}`;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(key);
  return { key, matches: (presented) => timingSafeEqual(digest(presented), expected) };
}
