// Filter state rules of section 4 and the listing URL state.
import { describe, expect, it } from 'vitest';
import {
  activeCount, addFilter, applyFacets, changeFilterPage, EMPTY_FILTERS, filterQuery, hasAnyFilter, removeFilter, resetFilters,
  setBereitsGekauft, setPrice, toggleBrand, toggleFilter,
} from '../../src/islands/shop/lib/filters.ts';
import { categoryPath, listingFromSearch, listingToSearch, orderGroups } from '../../src/islands/shop/lib/catalog.ts';

describe('active filters grouped by property', () => {
  it('adding stores the previous state and groups by property', () => {
    const a = addFilter(EMPTY_FILTERS, 'farbe', 'A2');
    expect(a.active).toEqual({ farbe: ['A2'] });
    expect(a.previous?.active).toEqual({});
    const b = addFilter(a, 'farbe', 'A3');
    expect(b.active).toEqual({ farbe: ['A2', 'A3'] });
    expect(b.previous?.active).toEqual({ farbe: ['A2'] });
    const c = addFilter(b, 'form', 'S1');
    expect(c.active).toEqual({ farbe: ['A2', 'A3'], form: ['S1'] });
    expect(activeCount(c)).toBe(3);
    expect(addFilter(c, 'form', 'S1')).toBe(c);
  });
  it('the first property filtered is remembered', () => {
    const s = addFilter(addFilter(EMPTY_FILTERS, 'form', 'S1'), 'farbe', 'A2');
    expect(s.firstProp).toBe('form');
  });
  it('removing deletes a group that became empty', () => {
    const s = addFilter(addFilter(addFilter(EMPTY_FILTERS, 'farbe', 'A2'), 'form', 'S1'), 'form', 'S2');
    const r = removeFilter(removeFilter(s, 'form', 'S1'), 'form', 'S2');
    expect(r.active).toEqual({ farbe: ['A2'] });
    expect('form' in r.active).toBe(false);
    expect(removeFilter(r, 'form', 'S9')).toBe(r);
  });
  it('removing the last filter clears the first-property group', () => {
    const s = addFilter(EMPTY_FILTERS, 'farbe', 'A2');
    expect(s.firstProp).toBe('farbe');
    const r = removeFilter(s, 'farbe', 'A2');
    expect(r.active).toEqual({});
    expect(r.firstProp).toBeNull();
  });
  it('toggle adds and removes', () => {
    const s = toggleFilter(EMPTY_FILTERS, 'farbe', 'A2');
    expect(s.active.farbe).toEqual(['A2']);
    expect(toggleFilter(s, 'farbe', 'A2').active).toEqual({});
  });
  it('reset clears all chosen filters but keeps the offered facets', () => {
    let s = applyFacets(EMPTY_FILTERS, { marken: [{ id: 1, name: 'A', count: 3 }], eigenschaften: [], price: { min: 1, max: 9 } });
    s = setBereitsGekauft(setPrice(toggleBrand(addFilter(s, 'farbe', 'A2'), 1), 2, 5), true);
    expect(hasAnyFilter(s)).toBe(true);
    const r = resetFilters(s);
    expect(hasAnyFilter(r)).toBe(false);
    expect(r.firstProp).toBeNull();
    expect(r.marken).toHaveLength(1);
    expect(r.price).toEqual({ min: 1, max: 9, chosenMin: null, chosenMax: null });
  });
  it('changing the filter page resets brands, properties and filters', () => {
    const r = changeFilterPage();
    expect(r.marken).toEqual([]);
    expect(r.eigenschaften).toEqual([]);
    expect(r.active).toEqual({});
    expect(r.brands).toEqual([]);
  });
});

describe('price range', () => {
  it('min, max, chosen min and max; swapped when reversed; negatives dropped', () => {
    let s = applyFacets(EMPTY_FILTERS, { marken: [], eigenschaften: [], price: { min: 3, max: 300 } });
    expect(s.price).toEqual({ min: 3, max: 300, chosenMin: null, chosenMax: null });
    s = setPrice(s, 50, 10);
    expect(s.price.chosenMin).toBe(10);
    expect(s.price.chosenMax).toBe(50);
    expect(setPrice(s, -1, null).price.chosenMin).toBeNull();
  });
});

describe('facets of a new answer', () => {
  it('keeps the first-property group as chosen while others follow the result', () => {
    let s = applyFacets(EMPTY_FILTERS, {
      marken: [], price: { min: 0, max: 0 },
      eigenschaften: [{ prop: 'farbe', values: [{ value: 'A1', label: 'A1', count: 5 }, { value: 'A2', label: 'A2', count: 4 }] }, { prop: 'form', values: [{ value: 'S1', label: 'S1', count: 9 }] }],
    });
    s = addFilter(s, 'farbe', 'A1');
    s = applyFacets(s, {
      marken: [], price: { min: 0, max: 0 },
      eigenschaften: [{ prop: 'farbe', values: [{ value: 'A1', label: 'A1', count: 5 }] }, { prop: 'form', values: [{ value: 'S1', label: 'S1', count: 2 }] }],
    });
    expect(s.eigenschaften.find((e) => e.prop === 'farbe')!.values.map((v) => v.value)).toEqual(['A1', 'A2']);
    expect(s.eigenschaften.find((e) => e.prop === 'form')!.values[0]!.count).toBe(2);
  });
  it('chosen brands stay visible', () => {
    let s = applyFacets(EMPTY_FILTERS, { marken: [{ id: 7, name: 'Bego', count: 2 }], eigenschaften: [], price: { min: 0, max: 0 } });
    s = toggleBrand(s, 7);
    s = applyFacets(s, { marken: [], eigenschaften: [], price: { min: 0, max: 0 } });
    expect(s.marken).toEqual([{ id: 7, name: 'Bego', count: 0 }]);
  });
});

describe('filterQuery (GET /api/shop/category)', () => {
  it('serialises brands, properties, price and already-bought', () => {
    let s = toggleBrand(toggleBrand(EMPTY_FILTERS, 9), 2);
    s = addFilter(addFilter(s, 'farbe', 'A2'), 'form', 'S1');
    s = setBereitsGekauft(setPrice(s, 5, 20), true);
    expect(filterQuery(s)).toEqual({ marken: '2,9', eigenschaften: 'farbe:A2,form:S1', min: '5', max: '20', bereitsGekauft: '1' });
    expect(filterQuery(EMPTY_FILTERS)).toEqual({});
  });
});

describe('listing URL', () => {
  it('round-trips sort and filters; the first property leads', () => {
    let s = addFilter(addFilter(EMPTY_FILTERS, 'form', 'S1'), 'farbe', 'A2');
    s = setPrice(toggleBrand(s, 3), 1, 99);
    const search = listingToSearch('price_desc', s);
    const back = listingFromSearch(search);
    expect(back.sort).toBe('price_desc');
    expect(back.filters.active).toEqual({ form: ['S1'], farbe: ['A2'] });
    expect(back.filters.firstProp).toBe('form');
    expect(back.filters.brands).toEqual([3]);
    expect(back.filters.price.chosenMin).toBe(1);
    expect(back.filters.price.chosenMax).toBe(99);
  });
  it('ignores junk and keeps other parameters', () => {
    const back = listingFromSearch('?sort=evil&marken=x,-1,4&f=nocolon|:x|a:&min=-5');
    expect(back.sort).toBe('relevance');
    expect(back.filters.brands).toEqual([4]);
    expect(back.filters.active).toEqual({});
    expect(back.filters.price.chosenMin).toBeNull();
    expect(listingToSearch('relevance', EMPTY_FILTERS, new URLSearchParams('q=abc'))).toBe('?q=abc');
  });
  it('category paths', () => {
    expect(categoryPath('de', 'de')).toBe('/de/de/shop/category/');
    expect(categoryPath('de', 'de', 3)).toBe('/de/de/shop/category/3/');
    expect(categoryPath('de', 'de', 3, 120)).toBe('/de/de/shop/category/3/120/');
    expect(categoryPath('de', 'de', 3, 120, 2)).toBe('/de/de/shop/category/3/120/2/');
    expect(categoryPath('de', 'de', 3, null, 2)).toBe('/de/de/shop/category/3/0/2/');
  });
});

describe('orderGroups', () => {
  it('skips group 9 and puts PG90, PG91, PG0, PG888 last in that order', () => {
    const els = [888, 1, 0, 9, 91, 2, 90, 5].map((pg) => ({ pg, id: `PG${pg}` }));
    expect(orderGroups(els).map((e) => e.pg)).toEqual([1, 2, 5, 90, 91, 0, 888]);
  });
  it('works without ids', () => {
    expect(orderGroups([{ pg: 0 }, { pg: 3 }, { pg: 9 }]).map((e) => e.pg)).toEqual([3, 0]);
  });
});
