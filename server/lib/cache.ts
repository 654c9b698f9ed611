// The one process-local cache of the server. Entries live at most `ttlMs`, at most `max` of them are kept
// (the oldest goes first), and every process drops them as soon as the data behind them changes: a writer
// calls `invalidate(topic, key)` on the bus (server/lib/bus.ts), the key `*` empties the cache.
import type { Db } from '../db/index.ts';
import { onInvalidate } from './bus.ts';

export const EVERY_KEY = '*';

export interface CacheOptions {
  /** how long an entry may be served without asking the database again */
  ttlMs: number;
  /** entry cap: bounded memory whatever the callers ask for */
  max?: number;
  /** bus topics whose invalidations drop entries (key = String(cache key), or `*` for all) */
  topics?: readonly string[];
  /** bus topics any invalidation of which empties the cache (entries built from many keys, e.g. whole pages) */
  emptiedBy?: readonly string[];
  /**
   * keep a value only when its key comes the second time (among the last 4 × `max` keys): keys asked once
   * (a search nobody repeats) then never push out what is asked again, nor churn the heap
   */
  admitRepeated?: boolean;
}

interface Entry<V> { at: number; value: V }

export class Cache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();
  /** admitRepeated: keys set once and not kept yet, oldest first */
  private readonly seenOnce = new Set<K>();
  /** bumped by every invalidation: a load that started before it must not store its (stale) answer */
  private generation = 0;

  private readonly opts: CacheOptions;

  // a plain field, not a parameter property: the server runs on Node's type stripping
  constructor(opts: CacheOptions) {
    this.opts = opts;
    for (const topic of opts.topics ?? []) onInvalidate(topic, (key) => this.forget(key));
    for (const topic of opts.emptiedBy ?? []) onInvalidate(topic, () => this.clear());
  }

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at >= this.opts.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Bumped by every invalidation: a value computed from data read before it may be stale. */
  get version(): number {
    return this.generation;
  }

  /** Keeps `value`; with `readAt` (the `version` when its data was read) only if no invalidation came since. */
  set(key: K, value: V, readAt = this.generation): void {
    if (readAt !== this.generation) return;
    if (this.opts.admitRepeated && !this.entries.has(key) && !this.seenOnce.delete(key)) {
      this.seenOnce.add(key);
      if (this.seenOnce.size > 4 * (this.opts.max ?? 1000)) this.seenOnce.delete(this.seenOnce.keys().next().value as K);
      return;
    }
    this.entries.delete(key); // re-insert: Map order is the eviction order
    this.entries.set(key, { at: Date.now(), value });
    const max = this.opts.max ?? Infinity;
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** The cached value, else one shared load for all concurrent callers of the same key. */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generation;
    const p = load().then((value) => {
      this.set(key, value, generation);
      return value;
    }).finally(() => this.loading.delete(key));
    this.loading.set(key, p);
    return p;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    this.seenOnce.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** A bus invalidation: `*` empties the cache, any other key drops the entries whose key prints as it. */
  private forget(key: string): void {
    if (key === EVERY_KEY) return this.clear();
    this.generation++;
    for (const k of [...this.entries.keys()]) if (String(k) === key) this.entries.delete(k);
    for (const k of [...this.loading.keys()]) if (String(k) === key) this.loading.delete(k);
  }
}

/** One cache per database (tests run several databases in one process); the options are shared. */
export function cachePerDb<K, V>(opts: CacheOptions): (db: Db) => Cache<K, V> {
  const caches = new WeakMap<Db, Cache<K, V>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Cache<K, V>(opts)));
    return cache;
  };
}
