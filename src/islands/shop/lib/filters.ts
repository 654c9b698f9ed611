// Filter state of a category page (spec sections 3 and 4): brands, properties, active filters
// grouped by property, already-bought flag, price range (min, max, chosen min and max).
// Pure reducer functions: every change returns a new state.
import type { ResultOf } from '#api/contract.ts';
import type * as catalog from '#api/catalog.ts';

type Facets = ResultOf<typeof catalog.category>['filters'];
/** A manufacturer and a property with their hit counts, as the category call answers them. */
export type Brand = Facets['marken'][number];
export type PropertyFacet = Facets['eigenschaften'][number];

export interface FilterState {
  /** brands offered by the current result (marken) */
  marken: Brand[];
  /** properties offered by the current result (eigenschaften) */
  eigenschaften: PropertyFacet[];
  /** chosen brand ids */
  brands: number[];
  /** active property filters grouped by property: prop → values */
  active: Record<string, string[]>;
  /** the property of the first active filter; its group keeps its values while others narrow */
  firstProp: string | null;
  bereitsGekauft: boolean;
  price: { min: number; max: number; chosenMin: number | null; chosenMax: number | null };
  /** state before the last added active filter */
  previous: Omit<FilterState, 'previous'> | null;
}

export const EMPTY_FILTERS: FilterState = {
  marken: [], eigenschaften: [], brands: [], active: {}, firstProp: null, bereitsGekauft: false,
  price: { min: 0, max: 0, chosenMin: null, chosenMax: null }, previous: null,
};

const snapshot = (s: FilterState): Omit<FilterState, 'previous'> => {
  const { previous: _p, ...rest } = s;
  return rest;
};

export function activeCount(s: FilterState): number {
  return Object.values(s.active).reduce((n, v) => n + v.length, 0);
}

/** Adding an active filter stores the previous state; the first property filtered is remembered. */
export function addFilter(s: FilterState, prop: string, value: string): FilterState {
  const cur = s.active[prop] ?? [];
  if (cur.includes(value)) return s;
  return {
    ...s,
    previous: snapshot(s),
    active: { ...s.active, [prop]: [...cur, value] },
    firstProp: s.firstProp ?? (activeCount(s) === 0 ? prop : s.firstProp),
  };
}

/** Removing deletes a group that became empty; removing the last filter clears the first-property group. */
export function removeFilter(s: FilterState, prop: string, value: string): FilterState {
  const cur = s.active[prop];
  if (!cur?.includes(value)) return s;
  const rest = cur.filter((v) => v !== value);
  const active = { ...s.active };
  if (rest.length) active[prop] = rest; else delete active[prop];
  const none = Object.keys(active).length === 0;
  return { ...s, active, firstProp: none ? null : s.firstProp === prop && !active[prop] ? Object.keys(active)[0] ?? null : s.firstProp };
}

export function toggleFilter(s: FilterState, prop: string, value: string): FilterState {
  return s.active[prop]?.includes(value) ? removeFilter(s, prop, value) : addFilter(s, prop, value);
}

export function toggleBrand(s: FilterState, id: number): FilterState {
  return { ...s, brands: s.brands.includes(id) ? s.brands.filter((b) => b !== id) : [...s.brands, id] };
}

export function setBereitsGekauft(s: FilterState, on: boolean): FilterState {
  return { ...s, bereitsGekauft: on };
}

/** Chosen price bounds; null = no bound. Min above max swaps them. */
export function setPrice(s: FilterState, chosenMin: number | null, chosenMax: number | null): FilterState {
  let lo = chosenMin !== null && Number.isFinite(chosenMin) && chosenMin >= 0 ? chosenMin : null;
  let hi = chosenMax !== null && Number.isFinite(chosenMax) && chosenMax >= 0 ? chosenMax : null;
  if (lo !== null && hi !== null && lo > hi) [lo, hi] = [hi, lo];
  return { ...s, price: { ...s.price, chosenMin: lo, chosenMax: hi } };
}

/** Reset clears all chosen filters (the offered facets stay). */
export function resetFilters(s: FilterState): FilterState {
  return { ...s, brands: [], active: {}, firstProp: null, bereitsGekauft: false, price: { ...s.price, chosenMin: null, chosenMax: null }, previous: null };
}

/** Changing the filter page (another category) resets brands, properties and filters. */
export function changeFilterPage(): FilterState {
  return { ...EMPTY_FILTERS, price: { ...EMPTY_FILTERS.price } };
}

/**
 * Takes the facets of a new answer. The first-property group keeps the values it had when it was
 * chosen (so more values of the same property stay selectable); the others follow the result.
 */
export function applyFacets(s: FilterState, f: { marken: Brand[]; eigenschaften: PropertyFacet[]; price: { min: number; max: number } }): FilterState {
  let eigenschaften = f.eigenschaften;
  if (s.firstProp) {
    const kept = s.eigenschaften.find((e) => e.prop === s.firstProp);
    if (kept) eigenschaften = [...f.eigenschaften.filter((e) => e.prop !== s.firstProp), kept]
      .sort((a, b) => f.eigenschaften.findIndex((e) => e.prop === a.prop) - f.eigenschaften.findIndex((e) => e.prop === b.prop));
  }
  // keep chosen brands visible even when the answer no longer counts them
  const marken = [...f.marken];
  for (const id of s.brands) if (!marken.some((m) => m.id === id)) {
    const old = s.marken.find((m) => m.id === id);
    if (old) marken.push({ ...old, count: 0 });
  }
  const price = { ...s.price, min: f.price.min, max: f.price.max };
  return { ...s, marken, eigenschaften, price };
}

/** Query parameters of GET /api/shop/category for the state. */
export function filterQuery(s: FilterState): Record<string, string> {
  const q: Record<string, string> = {};
  if (s.brands.length) q.marken = [...s.brands].sort((a, b) => a - b).join(',');
  const parts: string[] = [];
  for (const [prop, values] of Object.entries(s.active)) for (const v of values) parts.push(`${prop}:${v}`);
  if (parts.length) q.eigenschaften = parts.join(',');
  if (s.price.chosenMin !== null) q.min = String(s.price.chosenMin);
  if (s.price.chosenMax !== null) q.max = String(s.price.chosenMax);
  if (s.bereitsGekauft) q.bereitsGekauft = '1';
  return q;
}

/** Active filters for the chips row: brands first, then properties grouped, price, already-bought. */
export function hasAnyFilter(s: FilterState): boolean {
  return s.brands.length > 0 || activeCount(s) > 0 || s.bereitsGekauft || s.price.chosenMin !== null || s.price.chosenMax !== null;
}
