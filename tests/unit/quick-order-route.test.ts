// The quick order's route (issue 11): a login route rendered on demand, with its own page metadata.
import { describe, expect, it } from 'vitest';
import { href, isLoginRoute, isOnDemandRoute, metadataRouteOf, sectionOf } from '../../src/lib/site/routes.ts';
import metas from '../../src/content/data/ls-page-metadatas.json' with { type: 'json' };

describe('shop/schnellbestellung', () => {
  it('needs login, renders on demand, belongs to the shop section', () => {
    expect(isLoginRoute('shop/schnellbestellung')).toBe(true);
    expect(isLoginRoute('/shop/schnellbestellung/')).toBe(true);
    expect(isOnDemandRoute('shop/schnellbestellung')).toBe(true);
    expect(sectionOf('shop/schnellbestellung')).toBe('shop');
    expect(href('dk', 'de', 'shop-schnellbestellung')).toBe('/dk/de/shop/schnellbestellung/');
  });

  it('has its own title and description in every content language', () => {
    expect(metadataRouteOf('shop/schnellbestellung')).toBe('shop-schnellbestellung');
    const mine = (metas as { route_path_name: string; language: string; meta_title: string; meta_description: string }[])
      .filter((m) => m.route_path_name === 'shop-schnellbestellung');
    expect(mine.map((m) => m.language).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl']);
    for (const m of mine) { expect(m.meta_title).toBeTruthy(); expect(m.meta_description.length).toBeGreaterThan(40); }
  });
});
