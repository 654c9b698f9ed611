// Last-seen lists (articles, search terms, order lists, patient works; spec section 9).
import { LAST_SEEN_MAX } from './constants.ts';

/**
 * Returns a new list with `item` appended as the newest (last) entry. Duplicates are removed,
 * keeping the newest occurrence (this also repairs a stored list that already holds duplicates),
 * and the oldest entries are dropped beyond `max`. `keyOf` decides equality (default: the item
 * itself), e.g. `(a) => a.Artikelnummer` for article objects.
 */
export function pushLastSeen<T>(
  list: readonly T[] | null | undefined, item: T, max: number = LAST_SEEN_MAX,
  keyOf: (entry: T) => unknown = (entry) => entry,
): T[] {
  const limit = Math.floor(max);
  if (!(limit > 0)) return [];
  const all = [...(list ?? []), item];
  const seen = new Set<unknown>();
  const newestFirst: T[] = [];
  for (let i = all.length - 1; i >= 0 && newestFirst.length < limit; i--) {
    const entry = all[i] as T;
    const key = keyOf(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    newestFirst.push(entry);
  }
  return newestFirst.reverse();
}
