// Menu order of section 3 for everything listed by product group (the home page's category strip
// showed the content service's order, starting with "Sonstiges").
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { inMenuOrder, PRODUCT_GROUPS } from '../../src/data/productGroups.ts';
import { COLLECTION_DEFS } from '../../src/lib/content/collections.ts';
import { resolveEntries, type Entry } from '../../src/lib/content/resolve.ts';

const banners = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../src/content/data/category-banners.json'), 'utf8')) as Entry[];

describe('inMenuOrder', () => {
  it('puts the category banners in menu order: regular groups by sort, then PG90, PG91, PG0, PG888; group 9 left out', () => {
    for (const q of [{ country: 'de', language: 'de', firma: 1 }, { country: 'dk', language: 'de', firma: 3 }, { country: 'fr', language: 'fr', firma: 1 }]) {
      const resolved = resolveEntries(banners, COLLECTION_DEFS.categoryBanners.identity, q);
      const pgs = inMenuOrder(resolved, (b) => Number(b.Category_Id)).map((b) => Number(b.Category_Id));
      expect(pgs.length).toBeGreaterThan(4);
      expect(pgs[0], JSON.stringify(q)).toBe(1);
      expect(pgs.slice(-4)).toEqual([90, 91, 0, 888]);
      expect(pgs).not.toContain(9);
      const menu = PRODUCT_GROUPS.map((g) => g.pg);
      expect(pgs).toEqual(menu.filter((pg) => pgs.includes(pg)));
    }
  });
});
