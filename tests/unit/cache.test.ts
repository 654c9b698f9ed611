// server/lib/cache.ts: the one process-local cache (TTL, entry cap, shared loads, bus invalidation).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cache } from '../../server/lib/cache.ts';
import { invalidate } from '../../server/lib/bus.ts';

afterEach(() => { vi.useRealTimers(); });

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

describe('Cache', () => {
  it('serves an entry for its time to live, then loads again', async () => {
    vi.useFakeTimers();
    const cache = new Cache<string, number>({ ttlMs: 1000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cache.getOrLoad('a', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('keeps at most `max` entries, dropping the oldest first', () => {
    const cache = new Cache<number, string>({ ttlMs: 60_000, max: 2 });
    cache.set(1, 'one'); cache.set(2, 'two'); cache.set(3, 'three');
    expect(cache.size).toBe(2);
    expect(cache.get(1)).toBeUndefined();
    expect([cache.get(2), cache.get(3)]).toEqual(['two', 'three']);
  });

  it('admitRepeated: a key is kept from its second time on, so keys asked once never displace repeated ones', () => {
    const cache = new Cache<string, number>({ ttlMs: 60_000, max: 2, admitRepeated: true });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    for (let k = 0; k < 100; k++) cache.set(`once-${k}`, k);
    expect(cache.get('a')).toBe(1);
    expect(cache.size).toBe(1);
    // the memory of keys seen once is bounded (4 × max): the oldest is forgotten
    cache.set('b', 2);
    for (let k = 0; k < 8; k++) cache.set(`later-${k}`, k);
    cache.set('b', 2);
    expect(cache.get('b')).toBeUndefined();
  });

  it('concurrent callers of one key share one load; a failed load is not kept', async () => {
    const cache = new Cache<string, number>({ ttlMs: 60_000 });
    const d = deferred<number>();
    let loads = 0;
    const load = () => { loads++; return d.promise; };
    const both = Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    d.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(loads).toBe(1);
    await expect(cache.getOrLoad('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('x', async () => 8)).toBe(8);
  });

  it('a bus invalidation drops the key of its topic only, `*` drops all; other topics leave it alone', async () => {
    const cache = new Cache<number, string>({ ttlMs: 60_000, topics: ['unit-prices'] });
    cache.set(1, 'a'); cache.set(2, 'b');
    invalidate('unit-other', '1');
    expect(cache.get(1)).toBe('a');
    invalidate('unit-prices', '1');
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBe('b');
    cache.set(3, 'c');
    invalidate('unit-prices', '*');
    expect(cache.size).toBe(0);
  });

  it('`emptiedBy`: any key of the topic empties the cache (entries built from many keys)', () => {
    const cache = new Cache<string, string>({ ttlMs: 60_000, emptiedBy: ['unit-pages'] });
    cache.set('/de/de/p/1', 'page'); cache.set('/de/de/p/2', 'page');
    invalidate('unit-pages', 'A-1');
    expect(cache.size).toBe(0);
  });

  it('a load racing an invalidation does not store the value it read before', async () => {
    const cache = new Cache<string, number>({ ttlMs: 60_000, topics: ['unit-race'] });
    const stale = deferred<number>();
    const first = cache.getOrLoad('p', () => stale.promise); // reads the old price …
    invalidate('unit-race', 'p'); // … the price changes meanwhile
    // a caller after the invalidation does not join the stale load
    const fresh = cache.getOrLoad('p', async () => 20);
    stale.resolve(10);
    expect(await first).toBe(10); // its own caller gets what it read
    expect(await fresh).toBe(20);
    expect(await cache.getOrLoad('p', async () => 30)).toBe(20);
    // and a stale load finishing after the fresh one does not overwrite it
    const slow = deferred<number>();
    const late = cache.getOrLoad('q', () => slow.promise);
    invalidate('unit-race', '*');
    slow.resolve(1);
    await late;
    expect(cache.get('q')).toBeUndefined();
  });

  it('set with the version read before an invalidation is refused (values filled outside getOrLoad)', () => {
    const cache = new Cache<string, string>({ ttlMs: 60_000, emptiedBy: ['unit-fill'] });
    const readAt = cache.version;
    invalidate('unit-fill', 'x');
    cache.set('page', 'old', readAt);
    expect(cache.get('page')).toBeUndefined();
    cache.set('page', 'new', cache.version);
    expect(cache.get('page')).toBe('new');
  });
});
