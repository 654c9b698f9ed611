// Short-lived promise caches: one computation per key for `ttlMs`, shared by concurrent callers;
// a failed computation is forgotten at once, and the oldest key makes room when `max` is reached.
// Only server/lib/search.ts still uses this (its rewrite moves onto server/lib/cache.ts); remove it then.
import type { Db } from '../db/index.ts';

export interface PromiseMemo<K, V> {
  get(key: K, compute: () => Promise<V>): Promise<V>;
  delete(key: K): void;
}

export function promiseMemo<K, V>(ttlMs: number, max = Infinity): PromiseMemo<K, V> {
  const m = new Map<K, { at: number; v: Promise<V> }>();
  return {
    get(key, compute) {
      const now = Date.now();
      const hit = m.get(key);
      if (hit && now - hit.at < ttlMs) return hit.v;
      const v = compute();
      v.catch(() => { if (m.get(key)?.v === v) m.delete(key); });
      if (!hit && m.size >= max) m.delete(m.keys().next().value!);
      m.set(key, { at: now, v });
      return v;
    },
    delete(key) { m.delete(key); },
  };
}

/** One memo per database (tests run several databases in one process). */
export function memoPerDb<K, V>(ttlMs: number, max = Infinity): (db: Db) => PromiseMemo<K, V> {
  const memos = new WeakMap<Db, PromiseMemo<K, V>>();
  return (db) => {
    let memo = memos.get(db);
    if (!memo) memos.set(db, (memo = promiseMemo<K, V>(ttlMs, max)));
    return memo;
  };
}
