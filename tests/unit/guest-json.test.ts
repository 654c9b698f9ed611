// A guest answer's JSON (server/search/guest-cache.ts) writes each list item once and reuses it; the
// answer must be exactly what JSON.stringify writes.
import { describe, expect, it } from 'vitest';
import { guestJson } from '../../server/search/guest-cache.ts';

const item = (nr: string, name: string) => ({ Artikelnummer: nr, Bezeichnung: name, Preis: 12.5, MCode: null, Gebinde: '5 Stk', Neu: undefined });

describe('guestJson', () => {
  it('is byte-identical to JSON.stringify, also for items met before and odd characters', () => {
    const a = item('100002', 'Strahldüse "Basic" \\ Ø 2,3 mm');
    const b = item('K-0815', 'Zahn\u2028Linie 😀');
    const first = { items: [a, b], total: 2, page: 1, pages: 1, categories: [{ pg: 1, katId: 402, name: 'Gipse', count: 2 }], corrected: null };
    expect(guestJson(first)).toBe(JSON.stringify({ result: first }));
    const again = { items: [b, a, b], total: 3, page: 2, pages: 3, categories: [], corrected: 'gips', offset: 24 };
    expect(guestJson(again)).toBe(JSON.stringify({ result: again }));
    expect(JSON.parse(guestJson(again))).toEqual(JSON.parse(JSON.stringify({ result: again })));
  });

  it('an answer without list items, or with empty ones', () => {
    for (const r of [{ suggestions: [] }, { items: [], total: 0 }, null, 'x', [1, 2]]) expect(guestJson(r)).toBe(JSON.stringify({ result: r }));
  });

  it('list entries that are not objects, and one item alone', () => {
    for (const r of [{ items: [null, 3, 'x', undefined], total: 4 }, { items: [item('1', 'Gips')] }]) expect(guestJson(r)).toBe(JSON.stringify({ result: r }));
  });
});
