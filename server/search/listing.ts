// Filters, disjunctive facets and sort orders over lists of snapshot indices: search results and
// category listings share them.
import type { Db } from '../db/index.ts';
import { inGroup, nameRanks, type PropIndex, type Snapshot } from './snapshot.ts';

export interface ListFilter {
  pg?: number;
  katIds?: Set<number>;
  marken?: number[];
  /** prop → accepted values */
  eigenschaften?: Map<string, string[]>;
  /** EUR */
  min?: number;
  max?: number;
  only?: Set<number>;
  /** include variant children (search: yes; category listings: no) */
  children?: boolean;
}

export interface Listing { hits: Int32Array; facets: Facets | null }

export type SortKey = 'relevance' | 'price_asc' | 'price_desc' | 'name' | 'newest';

export interface Facets {
  marken: { id: number; name: string; count: number }[];
  eigenschaften: { prop: string; values: { value: string; count: number }[] }[];
  /** EUR */
  price: { min: number; max: number };
}

type Except = 'marken' | 'price' | string | null;

function passes(s: Snapshot, props: PropIndex | null, f: ListFilter, i: number, except: Except): boolean {
  if (!f.children && s.isChild[i]) return false;
  if (f.pg !== undefined && !inGroup(s, i, f.pg)) return false;
  if (f.katIds && !f.katIds.has(s.kat[i]!)) return false;
  if (f.only && !f.only.has(i)) return false;
  if (except !== 'marken' && f.marken?.length && !f.marken.includes(s.herst[i]!)) return false;
  if (except !== 'price') {
    if (f.min !== undefined && s.preis[i]! < f.min) return false;
    if (f.max !== undefined && s.preis[i]! > f.max) return false;
  }
  if (f.eigenschaften && props) {
    for (const [prop, vals] of f.eigenschaften) {
      if (prop === except) continue;
      const arr = props.byProp.get(prop);
      const v = arr ? arr[i]! : -1;
      if (v < 0 || !vals.includes(props.values[v]!)) return false;
    }
  }
  return true;
}

/** Applies the filter and computes disjunctive facets: each facet counts with all other filters applied. */
export function filterAndFacet(
  s: Snapshot, props: PropIndex | null, base: ArrayLike<number>, f: ListFilter, facetProps: string[] | null,
): { hits: number[]; facets: Facets | null } {
  const hits: number[] = [];
  for (let k = 0; k < base.length; k++) { const i = base[k]!; if (passes(s, props, f, i, null)) hits.push(i); }
  if (!facetProps) return { hits, facets: null };
  const marken = new Map<number, number>();
  let pmin = Infinity, pmax = -Infinity;
  const propCounts = new Map<string, Map<number, number>>();
  const filteredProps = new Set(f.eigenschaften?.keys() ?? []);
  const propArrs = facetProps.map((p) => [p, props?.byProp.get(p)] as const).filter((x): x is readonly [string, Int32Array] => !!x[1]);
  for (const [p] of propArrs) propCounts.set(p, new Map());
  const hasMarken = !!f.marken?.length, hasPrice = f.min !== undefined || f.max !== undefined;
  for (let k = 0; k < base.length; k++) {
    const i = base[k]!;
    // one cheap full check; exclusions only re-evaluated when the item fails
    const all = passes(s, props, f, i, null);
    if (all || (hasMarken && passes(s, props, f, i, 'marken'))) marken.set(s.herst[i]!, (marken.get(s.herst[i]!) ?? 0) + 1);
    if (all || (hasPrice && passes(s, props, f, i, 'price'))) {
      const p = s.preis[i]!;
      if (p < pmin) pmin = p;
      if (p > pmax) pmax = p;
    }
    for (const [prop, arr] of propArrs) {
      const v = arr[i]!;
      if (v < 0) continue;
      if (all || (filteredProps.has(prop) && passes(s, props, f, i, prop))) {
        const m = propCounts.get(prop)!;
        m.set(v, (m.get(v) ?? 0) + 1);
      }
    }
  }
  const facets: Facets = {
    marken: [...marken].map(([id, count]) => ({ id, name: s.manufacturers.get(id) ?? String(id), count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    eigenschaften: [...propCounts].filter(([, m]) => m.size > 0).map(([prop, m]) => ({
      prop,
      values: [...m].map(([v, count]) => ({ value: props!.values[v]!, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'de', { numeric: true })),
    })),
    price: { min: pmin === Infinity ? 0 : pmin, max: pmax === -Infinity ? 0 : pmax },
  };
  return { hits, facets };
}

export async function sortHits(db: Db, s: Snapshot, hits: number[], sort: SortKey, lang: string): Promise<number[]> {
  switch (sort) {
    case 'price_asc': return hits.sort((a, b) => s.preis[a]! - s.preis[b]! || a - b);
    case 'price_desc': return hits.sort((a, b) => s.preis[b]! - s.preis[a]! || a - b);
    case 'newest': return hits.sort((a, b) => s.created[b]! - s.created[a]!);
    case 'name': { const r = await nameRanks(db, s, lang); return hits.sort((a, b) => r[a]! - r[b]!); }
    default: return hits;
  }
}

/** Category listing order: articles in the range first, then article number (hits arrive in index order). */
export function relevanceOrder(s: Snapshot, hits: number[]): number[] {
  const active: number[] = [], out: number[] = [];
  for (const i of hits) (s.aus[i] ? out : active).push(i);
  return out.length ? active.concat(out) : active;
}

/** Memoises a computed listing on the snapshot, so paging through a category costs one slice. */
export function cachedListing(
  s: Snapshot, key: string, compute: () => Promise<{ hits: number[]; facets: Facets | null }>,
): Promise<Listing> {
  return s.lists.getOrLoad(key, async () => {
    const r = await compute();
    return { hits: Int32Array.from(r.hits), facets: r.facets };
  });
}
