import { createHash } from 'node:crypto';

/** Blobs recorded per answer: an answer holds a few reasoning items and at most one compaction. */
const MAX_MINTED_BLOBS = 32;
/** Blobs looked up per request, newest first: the latest turn's are the ones most likely remembered in memory, and one found is enough. */
const MAX_LOOKED_UP_BLOBS = 4;

/**
 * The state id under which an `encrypted_content` blob's minting organisation is recorded: its
 * SHA-256, so the record neither holds the blob nor grows with it. An organisation decrypts only
 * the blobs it minted (PROTOCOLS C.8, 400 `invalid_encrypted_content` elsewhere).
 */
export function sealedBlobStateId(blob: string): string {
  return `sha256:${createHash('sha256').update(blob).digest('hex')}`;
}

/** The state ids of the `encrypted_content` blobs an answer's output items (reasoning, compaction) carry. */
export function mintedBlobStateIds(output: unknown): string[] {
  return blobsOf(output, false, MAX_MINTED_BLOBS).map(sealedBlobStateId);
}

/** The state ids of the last blobs among a request's input items, newest first. */
export function presentedBlobStateIds(input: unknown): string[] {
  return blobsOf(input, true, MAX_LOOKED_UP_BLOBS).map(sealedBlobStateId);
}

function blobsOf(items: unknown, newestFirst: boolean, limit: number): string[] {
  if (!Array.isArray(items)) return [];
  const blobs: string[] = [];
  for (let index = 0; index < items.length && blobs.length < limit; index++) {
    const item: unknown = items[newestFirst ? items.length - 1 - index : index];
    const blob = (item as { encrypted_content?: unknown } | null)?.encrypted_content;
    if (typeof blob === 'string' && blob.length > 0) blobs.push(blob);
  }
  return blobs;
}
