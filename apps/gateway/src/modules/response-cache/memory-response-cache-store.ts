import type { CachedAnswer, ResponseCacheStore } from './response-cache-store.js';

interface MemoryEntry {
  readonly answer: CachedAnswer;
  readonly sizeBytes: number;
  readonly expiresAt: number;
}

/**
 * This process's cache, bounded in entries and bytes: a Map in least-recently-used order (a hit
 * moves its entry to the end), evicting from the front. Expired entries go when they are read or
 * reach the front.
 */
export class MemoryResponseCacheStore implements ResponseCacheStore {
  readonly #entries = new Map<string, MemoryEntry>();
  #bytes = 0;

  constructor(
    private readonly limits: { readonly maxEntries: number; readonly maxBytes: number },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): { readonly entries: number; readonly bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#delete(key, entry);
    if (entry.expiresAt <= this.now()) return undefined;
    this.#entries.set(key, entry);
    this.#bytes += entry.sizeBytes;
    return entry.answer;
  }

  async set(key: string, answer: CachedAnswer, sizeBytes: number, ttlMs: number): Promise<void> {
    if (sizeBytes > this.limits.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    this.#entries.set(key, { answer, sizeBytes, expiresAt: this.now() + ttlMs });
    this.#bytes += sizeBytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#delete(oldest, entry);
    }
  }

  async close(): Promise<void> {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #delete(key: string, entry: MemoryEntry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.sizeBytes;
  }
}
