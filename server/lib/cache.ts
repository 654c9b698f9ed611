// The one process-local cache of the server. Entries live at most `ttlMs`, at most `max` of them are kept
// (the oldest goes first), and every process drops them as soon as the data behind them changes: a writer
// calls `invalidate(topic, key)` on the bus (server/lib/bus.ts), the key `*` empties the cache.
import { onInvalidate } from './bus.ts';

export const EVERY_KEY = '*';

export interface CacheOptions {
  /** how long an entry may be served without asking the database again */
  ttlMs: number;
  /** entry cap: bounded memory whatever the callers ask for */
  max?: number;
  /** bus topics whose invalidations drop entries (key = String(cache key), or `*` for all) */
  topics?: readonly string[];
}

interface Entry<V> { at: number; value: V }

export class Cache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();
  /** bumped by every invalidation: a load that started before it must not store its (stale) answer */
  private generation = 0;

  // a plain field, not a parameter property: Node's type stripping does not support those
  private readonly opts: CacheOptions;

  constructor(opts: CacheOptions) {
    this.opts = opts;
    for (const topic of opts.topics ?? []) onInvalidate(topic, (key) => this.forget(key));
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

  set(key: K, value: V): void {
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
      if (generation === this.generation) this.set(key, value);
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
