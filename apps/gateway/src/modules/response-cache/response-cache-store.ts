import type { CompletionUsage } from '@modelgate/core';

/** An answer as the cache keeps it: the client's whole body, or a stream's events in the front's shape. */
export type CachedAnswer = { readonly body: string; readonly usage?: CompletionUsage } | { readonly events: readonly string[]; readonly usage?: CompletionUsage };

/** Where cached answers live: this process's memory, or Redis shared by replicas. Never throws: a failing store misses. */
export interface ResponseCacheStore {
  get(key: string): Promise<CachedAnswer | undefined>;
  set(key: string, answer: CachedAnswer, sizeBytes: number, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}
