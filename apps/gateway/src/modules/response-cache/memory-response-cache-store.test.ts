import { describe, expect, it } from '@jest/globals';
import { MemoryResponseCacheStore } from './memory-response-cache-store.js';

const answer = (body: string) => ({ body });

describe('MemoryResponseCacheStore', () => {
  it('evicts the least recently used entry past its entry cap', async () => {
    const store = new MemoryResponseCacheStore({ maxEntries: 2, maxBytes: 1_000 });
    await store.set('a', answer('A'), 1, 60_000);
    await store.set('b', answer('B'), 1, 60_000);
    await store.get('a');
    await store.set('c', answer('C'), 1, 60_000);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toEqual(answer('A'));
    expect(await store.get('c')).toEqual(answer('C'));
    expect(store.size).toEqual({ entries: 2, bytes: 2 });
  });

  it('evicts past its byte cap, and never keeps an answer larger than the cap', async () => {
    const store = new MemoryResponseCacheStore({ maxEntries: 10, maxBytes: 10 });
    await store.set('a', answer('A'), 6, 60_000);
    await store.set('b', answer('B'), 6, 60_000);
    expect(await store.get('a')).toBeUndefined();
    await store.set('huge', answer('H'), 11, 60_000);
    expect(await store.get('huge')).toBeUndefined();
    expect(store.size).toEqual({ entries: 1, bytes: 6 });
  });

  it('misses once an entry has expired, and forgets it', async () => {
    let now = 1_000;
    const store = new MemoryResponseCacheStore({ maxEntries: 10, maxBytes: 100 }, () => now);
    await store.set('a', answer('A'), 5, 100);
    now = 1_099;
    expect(await store.get('a')).toEqual(answer('A'));
    now = 1_100;
    expect(await store.get('a')).toBeUndefined();
    expect(store.size).toEqual({ entries: 0, bytes: 0 });
  });
});
