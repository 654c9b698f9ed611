// Category navigation helpers: group order (section 3), category paths, URL ⇄ listing state.
import { RESERVED_CATEGORY_IDS, SKIPPED_PRODUCT_GROUP } from '#rules/constants.ts';
import { EMPTY_FILTERS, type FilterState } from './filters.ts';
import type { ResultOf } from '#api/contract.ts';
import type * as catalog from '#api/catalog.ts';

/** A product group of the navigation call with its categories. */
export type NavElement = ResultOf<typeof catalog.navigation>['elements'][number];
export type Listing = ResultOf<typeof catalog.category>;

/** Articles per page of a category listing. */
export const LISTING_PAGE_SIZE = 24;

/**
 * A listing's first answer, rendered with the page: the call's answer for the address's query string
 * (`search`: sort and filters), and the navigation of its group (all groups on the catalogue page).
 */
export interface ListingFirst { listing: Listing; nav: NavElement[]; search: string }

/** Group 9 skipped; reserved ids PG90, PG91, PG0, PG888 last in that order; others keep their order. */
export function orderGroups<E extends { id?: string; pg: number }>(els: readonly E[]): E[] {
  const idOf = (e: E) => e.id ?? `PG${e.pg}`;
  const reserved = RESERVED_CATEGORY_IDS as readonly string[];
  const visible = els.filter((e) => e.pg !== SKIPPED_PRODUCT_GROUP);
  const normal = visible.filter((e) => !reserved.includes(idOf(e)));
  const last = reserved.map((id) => visible.find((e) => idOf(e) === id)).filter((e): e is E => !!e);
  return [...normal, ...last];
}

export function categoryPath(c: string, l: string, pg?: number | null, katId?: number | null, page?: number): string {
  let p = `/${c}/${l}/shop/category`;
  if (pg !== undefined && pg !== null) {
    p += `/${pg}`;
    if (katId !== undefined && katId !== null) p += `/${katId}`;
    if (page && page > 1) p += `${katId === undefined || katId === null ? '/0' : ''}/${page}`;
  }
  return `${p}/`; // the site's URLs end in a slash (canonical, sitemap); the listing keeps that form
}

export type SortKey = 'relevance' | 'price_asc' | 'price_desc' | 'name' | 'newest';
export const SORTS: readonly SortKey[] = ['relevance', 'price_asc', 'price_desc', 'name', 'newest'];
export const SORT_LABEL: Record<SortKey, string> = {
  relevance: 'sort.relevance', price_asc: 'sort.price_asc', price_desc: 'sort.price_desc', name: 'sort.name_asc', newest: 'sort.newest',
};

export interface UrlListing { sort: SortKey; filters: FilterState }

/** The `sort` parameter of a listing or search address (relevance when absent or unknown). */
export function sortOf(v: string | null): SortKey {
  return (SORTS as readonly string[]).includes(v ?? '') ? (v as SortKey) : 'relevance';
}

/** Listing state from the query string: sort, marken=1,2, f=prop:value|prop:value, min, max, gekauft=1. */
export function listingFromSearch(search: string): UrlListing {
  const q = new URLSearchParams(search);
  const sort = sortOf(q.get('sort'));
  const brands = (q.get('marken') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const active: Record<string, string[]> = {};
  let firstProp: string | null = null;
  for (const part of (q.get('f') ?? '').split('|')) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    const prop = part.slice(0, at), value = part.slice(at + 1);
    if (!value) continue;
    firstProp ??= prop;
    const list = (active[prop] ??= []);
    if (!list.includes(value)) list.push(value);
  }
  const num = (k: string) => { const v = q.get(k); return v !== null && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : null; };
  return {
    sort,
    filters: {
      ...EMPTY_FILTERS, brands, active, firstProp, bereitsGekauft: q.get('gekauft') === '1',
      price: { ...EMPTY_FILTERS.price, chosenMin: num('min'), chosenMax: num('max') },
    },
  };
}

export function listingToSearch(sort: SortKey, f: FilterState, keep?: URLSearchParams): string {
  const q = new URLSearchParams(keep);
  for (const k of ['sort', 'marken', 'f', 'min', 'max', 'gekauft']) q.delete(k);
  if (sort !== 'relevance') q.set('sort', sort);
  if (f.brands.length) q.set('marken', f.brands.join(','));
  const parts: string[] = [];
  const props = Object.keys(f.active);
  // the first property goes first so the first-property group survives a reload
  if (f.firstProp && props.includes(f.firstProp)) { props.splice(props.indexOf(f.firstProp), 1); props.unshift(f.firstProp); }
  for (const p of props) for (const v of f.active[p] ?? []) parts.push(`${p}:${v}`);
  if (parts.length) q.set('f', parts.join('|'));
  if (f.price.chosenMin !== null) q.set('min', String(f.price.chosenMin));
  if (f.price.chosenMax !== null) q.set('max', String(f.price.chosenMax));
  if (f.bereitsGekauft) q.set('gekauft', '1');
  const s = q.toString();
  return s ? `?${s}` : '';
}
