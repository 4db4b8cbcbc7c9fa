import { randomFillSync } from 'node:crypto';

/** Random bytes for this many ids are drawn at once (one call into the OS's generator, not one per request). */
const IDS_PER_REFILL = 512;
const RANDOM_BYTES_PER_ID = 10;
const pool = Buffer.alloc(IDS_PER_REFILL * RANDOM_BYTES_PER_ID);
let offset = pool.length;

/** The variant nibble (binary 10xx) for two random bits. */
const VARIANT = ['8', '9', 'a', 'b'] as const;

/**
 * A UUID of version 7 (RFC 9562): the creation time in milliseconds first, then 74 random bits.
 * Usage records are keyed by it, so ids made one after another sort together and a store's
 * unique index on them grows at one end instead of taking every insert at a random page (about a
 * third less work per insert on SQLite, more as the table grows).
 */
export function mintRecordId(now = Date.now()): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const random = pool.toString('hex', offset, offset + RANDOM_BYTES_PER_ID);
  offset += RANDOM_BYTES_PER_ID;
  const time = now.toString(16).padStart(12, '0');
  const variant = VARIANT[Number.parseInt(random[3]!, 16) & 3]!;
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(7, 19)}`;
}
