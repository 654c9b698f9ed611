// The build resolves content like the content calls of the API (README rules), and the CMS loader
// reads every page of a Strapi-compatible collection (v4 and v5 shapes).
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { getCollection } from '../../server/lib/content.ts';
import { COLLECTION_DEFS, COLLECTION_NAMES, collectionOfModel } from '../../src/lib/content/collections.ts';
import { resolveEntries, type Entry } from '../../src/lib/content/resolve.ts';
import { fetchStrapiCollection } from '../../src/lib/content/strapi-loader.ts';
import { siteLocales, localeOfParams, variantSegment, isMainHost } from '../../src/lib/site/locales.ts';
import { isLoginRoute, isOnDemandRoute, metadataRouteOf, sectionOf } from '../../src/lib/site/routes.ts';

const dataDir = path.resolve(import.meta.dirname, '../../src/content/data');
const load = (file: string) => JSON.parse(fs.readFileSync(path.join(dataDir, `${file}.json`), 'utf8')) as Entry[];
const SERVER_NAME: Record<string, string> = { services: 'Services', sidemenus: 'ls-sidemenus', pageMetadatas: 'ls-page-metadatas',
  categoryBanners: 'category-banners', solutionsFeatures: 'solutions-features', serviceNavMenus: 'service-nav-menus', serviceChatwoots: 'service-chatwoots' };

describe('content resolution', () => {
  const combos = [
    { country: 'de', language: 'de', firma: 1 }, { country: 'ch', language: 'fr', firma: 1 }, { country: 'at', language: 'de', firma: 1 },
    { country: 'dk', language: 'en', firma: 3 }, { country: 'dk', language: 'nl', firma: 3 }, { country: 'be', language: 'nl', firma: 1 },
  ];
  for (const name of COLLECTION_NAMES.filter((n) => n !== 'serviceChatwoots')) {
    it(`${name} matches the content call`, async () => {
      const all = load(COLLECTION_DEFS[name].file);
      for (const q of combos) {
        const api = await getCollection(SERVER_NAME[name] ?? name, q);
        expect(resolveEntries(all, COLLECTION_DEFS[name].identity, q).map((e) => e.id), `${name} ${JSON.stringify(q)}`).toEqual(api.map((e) => e.id));
      }
    });
  }
  it('maps CMS model names to collections', () => {
    expect(collectionOfModel('ls-page-metadatas')).toBe('pageMetadatas');
    expect(collectionOfModel('api::faq.faq')).toBe('faq');
    expect(collectionOfModel('Services')).toBe('services');
    expect(collectionOfModel('nope')).toBeUndefined();
  });
});

describe('strapi loader', () => {
  it('reads every page and flattens v4 entries', async () => {
    const calls: string[] = [];
    const fake = (async (url: string) => {
      calls.push(url);
      const page = Number(/pagination\[page\]=(\d+)/.exec(url)![1]);
      const data = page === 1
        ? [{ id: 1, attributes: { country: '*', language: 'de', title: 'a' } }, { id: 2, attributes: { country: 'de', language: 'de', title: 'b' } }]
        : [{ id: 3, country: '*', language: 'en', title: 'c' }];
      return new Response(JSON.stringify({ data, meta: { pagination: { page, pageCount: 2 } } }));
    }) as typeof fetch;
    const items = await fetchStrapiCollection({ url: 'http://cms.test/', token: 't', collection: 'faq', pageSize: 2 }, fake);
    expect(items.map((i) => [i.id, i.title])).toEqual([[1, 'a'], [2, 'b'], [3, 'c']]);
    expect(calls[0]).toBe('http://cms.test/api/faq?pagination[page]=1&pagination[pageSize]=2');
    expect(calls).toHaveLength(2);
  });
  it('fails loudly on an HTTP error (the build stops, the live site stays)', async () => {
    const fake = (async () => new Response('no', { status: 503 })) as unknown as typeof fetch;
    await expect(fetchStrapiCollection({ url: 'http://cms.test', token: '', collection: 'faq' }, fake)).rejects.toThrow('503');
  });
});

describe('site locales and routes', () => {
  it('builds de en fr es it nl pl for the default brand, de en fr es it for isLS, and no ru pages', () => {
    const locs = siteLocales();
    const langs = (c: string, seg = c) => locs.filter((l) => l.country === c && l.segment === seg).map((l) => l.lang);
    expect(langs('de')).toEqual(['de', 'en', 'fr', 'es', 'it', 'nl', 'pl']);
    expect(langs('dk')).toEqual(['de', 'en', 'fr', 'es', 'it']);
    expect(langs('dk', 'b1-dk')).toEqual(['de', 'en', 'fr', 'es', 'it', 'nl', 'pl']);
    expect(locs.some((l) => l.country === 'ru')).toBe(false);
    expect(locs.some((l) => l.lang === 'hu' || l.lang === 'cs')).toBe(false);
  });
  it('resolves route parameters and the main-variant segment', () => {
    expect(localeOfParams('dk', 'en')).toEqual({ country: 'dk', lang: 'en', firma: 3, segment: 'dk' });
    expect(localeOfParams('b1-dk', 'nl')).toEqual({ country: 'dk', lang: 'nl', firma: 1, segment: 'b1-dk' });
    expect(localeOfParams('b1-de', 'de')).toBeNull();
    expect(localeOfParams('dk', 'nl')).toBeNull();
    expect(variantSegment('se', 1)).toBe('b1-se');
    expect(variantSegment('de', 1)).toBe('de');
  });
  it('main host rule', () => {
    expect(isMainHost('www.dentalversand-nord.example', 'dentalversand-nord.example')).toBe(true);
    expect(isMainHost('shop.dentalversand-nord.example:443', 'dentalversand-nord.example')).toBe(true);
    expect(isMainHost('localhost:4399', 'dentalversand-nord.example')).toBe(false);
  });
  it('login-only and on-demand routes, sections, metadata names', () => {
    expect(isLoginRoute('zahnlager/schrank/4/schublade/2')).toBe(true);
    expect(isLoginRoute('zahnlager/bestellhistorie/details/2026/11/02/1/2/3')).toBe(true);
    expect(isLoginRoute('videos/3')).toBe(true);
    expect(isLoginRoute('videos')).toBe(false);
    expect(isLoginRoute('label/create')).toBe(false);
    expect(isOnDemandRoute('shop/suche/2')).toBe(true);
    expect(isOnDemandRoute('service')).toBe(false);
    expect(sectionOf('shop/category/3')).toBe('shop');
    expect(sectionOf('loesungen/dokumente')).toBe('solutions');
    expect(sectionOf('wk/kasse')).toBe('wk');
    expect(sectionOf('konto')).toBe('konto');
    expect(metadataRouteOf('legal/agb')).toBe('legal-agb');
    expect(metadataRouteOf('impressum')).toBe('imprint');
    expect(metadataRouteOf('video/3')).toBe('video');
    expect(metadataRouteOf('')).toBe('home');
    // issue 12: Mein Labor pages were all "Mein Konto", the user administration carried the home title
    expect(['meinlabor', 'meinlabor/vorschlag', 'meinlabor/historie/auftrag/2026/1/2/123', 'meinlabor/bestellliste/4', 'meinlabor/topartikel/2',
      'logbuch/user', 'logbuch/user/create', 'logbuch/user/7'].map(metadataRouteOf)).toEqual(['meinlabor', 'meinlabor-vorschlag', 'meinlabor-auftrag',
      'meinlabor-bestellliste', 'meinlabor-topartikel', 'logbuch-user', 'logbuch-user-create', 'logbuch-user-edit']);
    // the checkout and the order summary were titled "Warenkorb" above a heading "Kasse"
    expect(['wk', 'wk/kasse', 'wk/submit'].map(metadataRouteOf)).toEqual(['wk', 'wk-kasse', 'wk-submit']);
  });

  it('every page-metadata name has a title in each language that "meinkonto" has', async () => {
    const meta = (await import('../../src/content/data/ls-page-metadatas.json', { with: { type: 'json' } })).default as { language: string; route_path_name: string; meta_title: string }[];
    const langs = new Set(meta.filter((m) => m.route_path_name === 'meinkonto').map((m) => m.language));
    for (const name of ['meinlabor', 'meinlabor-vorschlag', 'meinlabor-auftrag', 'meinlabor-bestellliste', 'meinlabor-topartikel', 'logbuch-user', 'logbuch-user-create', 'logbuch-user-edit', 'wk-kasse', 'wk-submit']) {
      const have = meta.filter((m) => m.route_path_name === name && m.meta_title.trim());
      expect([name, new Set(have.map((m) => m.language))]).toEqual([name, langs]);
    }
  });
});
