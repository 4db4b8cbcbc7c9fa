import { hash } from 'node:crypto';

/**
 * The SHA-256 of a key or token as lower-case hex, the form configs and the store keep. Every
 * request hashes its key: one-shot `crypto.hash` to hex costs about a third of a Hash object's
 * digest to a Buffer.
 */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/**
 * Two hex digests compared in constant time: every character is compared whatever the others
 * hold, so the time taken tells nothing of where they differ.
 */
export function digestsEqual(left: string, right: string): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let index = 0; index < left.length; index++) difference |= left.charCodeAt(index) ^ right.charCodeAt(index);
  return difference === 0;
}
