// Catalogue calls: availability, article detail, product groups, navigation, recommendations,
// category listings with facets, promotions, top articles, order suggestions, tooth assistant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupApi, LAB_A, LAB_B, type TestEnv } from './harness.ts';
import { guestArticleDetail } from '../../server/modules/catalog.ts';
import { invalidateCatalog, snapshot } from '../../server/search/engine.ts';

let env: TestEnv;
const RESERVED = [90, 91, 0, 888];

beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

async function someArticle(extra: (q: any) => any = (q) => q) {
  return (await extra(env.db.selectFrom('articles').selectAll()).orderBy('artnr').limit(1).executeTakeFirst()) as
    { artnr: string; pg: number; kat_id: number; vkz: string; referenz: string; ist_referenz: number } | undefined;
}

describe('GET artikel/{artnr}/verfuegbar/{country}', () => {
  it('answers the availability code (guest and customer)', async () => {
    const a = (await someArticle())!;
    const g = await env.client().call('GET /api/guest/artikel/:artnr/verfuegbar/:country', { params: { artnr: a.artnr, country: 'de' } });
    expect(g.status).toBe(200);
    expect(g.body.result.vkz).toBe(a.vkz);
    const c = env.client();
    await c.login(LAB_A);
    expect((await c.call('GET /api/artikel/:artnr/verfuegbar/:country', { params: { artnr: a.artnr, country: 'de' } })).body.result.vkz).toBe(a.vkz);
  });
  it('answers 404 error_artnr for an unknown and 400 for a malformed number', async () => {
    const r = await env.client().call('GET /api/artikel/:artnr/verfuegbar/:country', { params: { artnr: 'ZZ0000000', country: 'de' } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('error_artnr');
    const bad = await env.client().call('GET /api/artikel/:artnr/verfuegbar/:country', { params: { artnr: 'ab$c', country: 'de' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('error_artnr');
  });
});

describe('GET artikel/{artnr}/{country}/{language}', () => {
  it('keeps a missing promotion code missing, as the list item does (issue 12: the product page lost its UVP label)', async () => {
    const row = await env.db.selectFrom('articles').select('artnr').where('mcode', 'is', null).where('aus_sortiment', '=', 0)
      .whereRef('preis', '<', 'kat_preis').where('preis', '>', 0.02).executeTakeFirstOrThrow();
    const d = (await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: row.artnr, country: 'de', language: 'de' } })).body.result;
    const list = (await env.client().call('POST /api/guest/shopware/search/:country/:language/1', { params: { country: 'de', language: 'de' }, body: { search: row.artnr } })).body.result.items
      .find((i: any) => i.Artikelnummer === row.artnr);
    expect(list!.MCode).toBeNull();
    expect(d.MCode).toBe(list!.MCode);
  });
  it('answers the list item fields plus detail fields and image paths', async () => {
    const a = (await someArticle())!;
    const r = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: a.artnr, country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    const d = r.body.result;
    for (const k of ['Artikelnummer', 'Bezeichnung', 'Gebinde', 'Preis', 'KatPreis', 'IstNeuheit', 'IstReferenz', 'AusSortiment',
      'TempAusSortiment', 'BereitsGekauft', 'Rabatt', 'MCode', 'lieferant', 'PG', 'Referenz', 'Beschreibung', 'properties', 'variants', 'images']) {
      expect(d, k).toHaveProperty(k);
    }
    expect(d.Artikelnummer).toBe(a.artnr);
    expect(d.MCode === null || typeof d.MCode === 'number').toBe(true);
    const ref = a.referenz || a.artnr;
    expect(d.images.small).toContain(encodeURIComponent(ref));
    expect(d.images.large).toContain(encodeURIComponent(ref));
    expect(d.images.hq).toContain(`/${encodeURIComponent(a.artnr.slice(0, 1))}/${encodeURIComponent(a.artnr.slice(0, 4))}/`);
  });
  it('lists the variants of a reference article', async () => {
    const ref = await env.db.selectFrom('articles as a').select('a.artnr').where('a.ist_referenz', '=', 1)
      .where((eb) => eb.exists(eb.selectFrom('articles as c').select('c.artnr').whereRef('c.parent_artnr', '=', 'a.artnr'))).limit(1).executeTakeFirstOrThrow();
    const kids = await env.db.selectFrom('articles').select('artnr').where('parent_artnr', '=', ref.artnr).orderBy('artnr').execute();
    const r = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: ref.artnr, country: 'de', language: 'de' } });
    expect(r.body.result.IstReferenz).toBe(1);
    expect(r.body.result.variants.map((v: any) => v.Artikelnummer)).toEqual(kids.map((k) => k.artnr));
  });
  it('lists the properties of an article', async () => {
    const p = await env.db.selectFrom('article_properties').select(['artnr']).limit(1).executeTakeFirstOrThrow();
    const props = await env.db.selectFrom('article_properties').select(['prop', 'value']).where('artnr', '=', p.artnr).execute();
    const r = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: p.artnr, country: 'de', language: 'de' } });
    expect(r.body.result.properties).toHaveLength(props.length);
  });
  it('translates the designation', async () => {
    const t = await env.db.selectFrom('article_texts').select(['artnr', 'bezeichnung']).where('lang', '=', 'en').limit(1).executeTakeFirstOrThrow();
    const r = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: t.artnr, country: 'de', language: 'en' } });
    expect(r.body.result.Bezeichnung).toBe(t.bezeichnung);
  });
  it('finds an article by a prefixed number (section 5)', async () => {
    const a = await env.db.selectFrom('articles').select('artnr').where('artnr', 'not like', 'FH%').orderBy('artnr').limit(1).executeTakeFirstOrThrow();
    const r = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: `K-${a.artnr}`, country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result.Artikelnummer).toBe(a.artnr);
  });
  it('finds an article the loaded snapshot does not know yet, and answers 404 (not 500) for one it still lists', async () => {
    // writes that bypass the bus: the article call asks the database when the snapshot says no,
    // and a snapshot that still lists a removed article leads to 404
    const row = (await someArticle((q) => q.where('ist_referenz', '=', 0).where('parent_artnr', 'is', null)))! as Record<string, unknown>;
    const nr = 'ZZSNAP01';
    await snapshot(env.db);
    await env.db.insertInto('articles').values({ ...row, artnr: nr, referenz: nr } as never).execute();
    try {
      const added = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: nr, country: 'de', language: 'de' } });
      expect(added.status).toBe(200);
      expect(added.body.result.Artikelnummer).toBe(nr);
      invalidateCatalog(env.db);
      expect((await snapshot(env.db)).idxOf.has(nr)).toBe(true);
    } finally {
      await env.db.deleteFrom('articles').where('artnr', '=', nr).execute();
    }
    for (const path of ['GET /api/artikel/:artnr/:country/:language', 'GET /api/artikel/:artnr/verfuegbar/:country'] as const) {
      const gone = await env.client().call(path, { params: { artnr: nr, country: 'de', language: 'de' } } as never);
      expect(gone.status, path).toBe(404);
      expect(gone.body.error).toBe('error_artnr');
    }
    invalidateCatalog(env.db);
  });
  it('answers 404 error_artnr for an unknown article, 400 for bad input', async () => {
    const r = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: 'ZZ0000000', country: 'de', language: 'de' } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('error_artnr');
    expect((await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: '1'.repeat(41), country: 'de', language: 'de' } })).body.error).toBe('error_artnr');
    expect((await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: '1234', country: 'de', language: 'deu' } })).status).toBe(400);
  });
});

describe('GET produktgruppen/{country}/{language}', () => {
  it('skips group 9 and lists the reserved groups last in the order 90, 91, 0, 888', async () => {
    const r = await env.client().call('GET /api/produktgruppen/:country/:language', { params: { country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    const pgs: number[] = r.body.result.map((g: any) => g.pg);
    expect(pgs).not.toContain(9);
    for (const g of r.body.result) expect(typeof g.bez).toBe('string');
    const reserved = pgs.filter((p) => RESERVED.includes(p));
    expect(reserved).toEqual(RESERVED.filter((p) => reserved.includes(p)));
    expect(pgs.slice(pgs.length - reserved.length)).toEqual(reserved);
  });
  it('answers translated names', async () => {
    const de = await env.client().call('GET /api/produktgruppen/:country/:language', { params: { country: 'de', language: 'de' } });
    const en = await env.client().call('GET /api/produktgruppen/:country/:language', { params: { country: 'de', language: 'en' } });
    expect(en.body.result.map((g: any) => g.pg)).toEqual(de.body.result.map((g: any) => g.pg));
  });
  it('rejects a bad language', async () => {
    expect((await env.client().call('GET /api/produktgruppen/:country/:language', { params: { country: 'de', language: 'd1' } })).status).toBe(400);
  });
});

describe('POST navigation/{country}/{language}', () => {
  it('answers groups with ids PG+pg, reserved ids last, categories with counts', async () => {
    const r = await env.client().call('POST /api/navigation/:country/:language', { params: { country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    const els = r.body.result.elements;
    expect(els.length).toBeGreaterThan(0);
    const ids: string[] = els.map((e: any) => e.id);
    for (const e of els) expect(e.id).toBe(`PG${e.pg}`);
    expect(ids).not.toContain('PG9');
    const order = ['PG90', 'PG91', 'PG0', 'PG888'];
    const reserved = ids.filter((i) => order.includes(i));
    expect(ids.slice(ids.length - reserved.length)).toEqual(order.filter((i) => reserved.includes(i)));
    const withKids = els.find((e: any) => e.children.length > 0);
    expect(withKids).toBeTruthy();
    for (const k of withKids!.children) {
      expect(typeof k.katId).toBe('number');
      expect(typeof k.name).toBe('string');
      expect(k.count).toBeGreaterThanOrEqual(0);
    }
  });
  it('counts the articles of a category like the category listing does', async () => {
    const r = await env.client().call('POST /api/navigation/:country/:language', { params: { country: 'de', language: 'de' } });
    const el = r.body.result.elements.find((e: any) => e.children.some((k: any) => k.count > 0));
    const kid = el!.children.find((k: any) => k.count > 0);
    const list = await env.client().call('GET /api/shop/category', { query: { pg: el!.pg, katId: kid!.katId } });
    expect(list.body.result.total).toBe(kid!.count);
  });
  it('rejects a bad country', async () => {
    expect((await env.client().call('POST /api/navigation/:country/:language', { params: { country: '1', language: 'de' } })).status).toBe(400);
  });
});

describe('GET recommend/{artnr}/{country}/{language}', () => {
  it('answers the bought-together articles and the product (guest API)', async () => {
    const rec = await env.db.selectFrom('recommendations').select('artnr').limit(1).executeTakeFirstOrThrow();
    const nr = rec.artnr;
    const r = await env.client().call('GET /api/guest/recommend/:artnr/:country/:language', { params: { artnr: nr, country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result.product.Artikelnummer).toBe(nr);
    expect(Array.isArray(r.body.result.recommendations)).toBe(true);
    expect(r.body.result.recommendations.length).toBeGreaterThan(0);
    for (const i of r.body.result.recommendations) expect(i.Artikelnummer).not.toBe(nr);
  });
  it('answers 404 error_artnr for an unknown article', async () => {
    const r = await env.client().call('GET /api/guest/recommend/:artnr/:country/:language', { params: { artnr: 'ZZ0000000', country: 'de', language: 'de' } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('error_artnr');
  });
});

describe('GET shop/category', () => {
  async function pgWithArticles(): Promise<number> {
    const r = await env.db.selectFrom('articles').select(['pg', sql<number>`count(*)`.as('n')]).where('parent_artnr', 'is', null)
      .groupBy('pg').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow();
    return r.pg;
  }
  it('lists a product group with paging and facets', async () => {
    const pg = await pgWithArticles();
    const n = await env.db.selectFrom('articles').select(sql<number>`count(*)`.as('n')).where('pg', '=', pg).where('parent_artnr', 'is', null).executeTakeFirstOrThrow();
    const r = await env.client().call('GET /api/shop/category', { query: { pg } });
    expect(r.status).toBe(200);
    const res = r.body.result;
    expect(res.total).toBe(Number(n.n));
    expect(res.items.length).toBe(Math.min(24, res.total));
    expect(res.pages).toBe(Math.ceil(res.total / 24));
    for (const i of res.items) expect(i.PG).toBe(pg);
    // brand counts cover the result set exactly
    expect(res.filters.marken.reduce((s: number, m: any) => s + m.count, 0)).toBe(res.total);
    expect(res.filters.price.min).toBeLessThanOrEqual(res.filters.price.max);
  });
  it('sorts by price across pages', async () => {
    const pg = await pgWithArticles();
    const c = env.client();
    const p1 = await c.call('GET /api/shop/category', { query: { pg, sort: 'price_asc', pageSize: '10', page: '1' } });
    const p2 = await c.call('GET /api/shop/category', { query: { pg, sort: 'price_asc', pageSize: '10', page: '2' } });
    const prices = [...p1.body.result.items, ...p2.body.result.items].map((i: any) => i.Preis);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await c.call('GET /api/shop/category', { query: { pg, sort: 'price_desc', pageSize: '20' } });
    const d = desc.body.result.items.map((i: any) => i.Preis);
    expect(d).toEqual([...d].sort((a, b) => b - a));
    const named = await c.call('GET /api/shop/category', { query: { pg, sort: 'name', pageSize: '20' } });
    const names = named.body.result.items.map((i: any) => i.Bezeichnung);
    const coll = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(coll.compare));
    const newest = await c.call('GET /api/shop/category', { query: { pg, sort: 'newest', pageSize: '5' } });
    expect(newest.status).toBe(200);
  });
  it('filters by manufacturer, with disjunctive brand counts', async () => {
    const pg = await pgWithArticles();
    const c = env.client();
    const all = await c.call('GET /api/shop/category', { query: { pg } });
    const brand = all.body.result.filters.marken[0]!;
    const r = await c.call('GET /api/shop/category', { query: { pg, marken: brand.id, pageSize: '96' } });
    expect(r.body.result.total).toBe(brand.count);
    for (const i of r.body.result.items) expect(i.lieferant).toBe(brand.name);
    // the other brands keep their counts so they can be added to the selection
    expect(r.body.result.filters.marken.length).toBe(all.body.result.filters.marken.length);
  });
  it('filters by property and price range', async () => {
    const pg = await pgWithArticles();
    const c = env.client();
    const all = await c.call('GET /api/shop/category', { query: { pg } });
    const prop = all.body.result.filters.eigenschaften[0];
    if (prop) {
      const v = prop.values[0]!;
      const r = await c.call('GET /api/shop/category', { query: { pg, eigenschaften: `${prop.prop}:${v.value}`, pageSize: '96' } });
      expect(r.body.result.total).toBe(v.count);
      const rows = await env.db.selectFrom('article_properties').select('artnr').where('prop', '=', prop.prop).where('value', '=', v.value).execute();
      const ok = new Set(rows.map((x) => x.artnr));
      for (const i of r.body.result.items) expect(ok.has(i.Artikelnummer)).toBe(true);
    }
    const { min, max } = all.body.result.filters.price;
    const mid = Math.round(((min + max) / 2) * 100) / 100;
    const r = await c.call('GET /api/shop/category', { query: { pg, min, max: mid, pageSize: '96' } });
    for (const i of r.body.result.items) { expect(i.Preis).toBeGreaterThanOrEqual(min); expect(i.Preis).toBeLessThanOrEqual(mid); }
    expect(r.body.result.total).toBeLessThanOrEqual(all.body.result.total);
  });
  it('lists a category with its descendants', async () => {
    const k = await env.db.selectFrom('articles').select(['pg', 'kat_id']).where('parent_artnr', 'is', null).limit(1).executeTakeFirstOrThrow();
    const r = await env.client().call('GET /api/shop/category', { query: { pg: k.pg, katId: k.kat_id } });
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBeGreaterThan(0);
  });
  it('lists only bought articles for bereitsGekauft=1 (login only)', async () => {
    expect((await env.client().call('GET /api/shop/category', { query: { bereitsGekauft: '1' } })).status).toBe(401);
    const c = env.client();
    await c.login(LAB_A);
    const r = await c.call('GET /api/shop/category', { query: { bereitsGekauft: '1', pageSize: '96' } });
    expect(r.status).toBe(200);
    for (const i of r.body.result.items) expect(i.BereitsGekauft).toBe(1);
    const other = env.client();
    await other.login(LAB_B);
    const b = await other.call('GET /api/shop/category', { query: { bereitsGekauft: '1', pageSize: '96' } });
    const mine = new Set((await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.artnr').where('o.kdnr', '=', LAB_B).execute()).map((x) => x.artnr));
    for (const i of b.body.result.items) expect(mine.has(i.Artikelnummer)).toBe(true);
  });
  it('a listing page kept for guests never reaches a customer, and a customer\'s purchases never reach a guest', async () => {
    const bought = await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').innerJoin('articles as a', 'a.artnr', 'l.artnr')
      .select(['a.pg']).where('o.kdnr', '=', LAB_A).where('a.parent_artnr', 'is', null).limit(1).executeTakeFirstOrThrow();
    const query = { pg: String(bought.pg), sort: 'price_asc', pageSize: '96' };
    const guest = env.client();
    // asked often enough to be kept (a key is kept from its second ask on)
    for (let i = 0; i < 3; i++) expect((await guest.call('GET /api/shop/category', { query })).status).toBe(200);
    const c = env.client();
    await c.login(LAB_A);
    const mine = await c.call('GET /api/shop/category', { query });
    expect(mine.status).toBe(200);
    expect(mine.body.result.items.some((i: { BereitsGekauft?: number }) => i.BereitsGekauft === 1)).toBe(true);
    const again = await guest.call('GET /api/shop/category', { query });
    expect(again.body.result.items.map((i: { Artikelnummer: string }) => i.Artikelnummer)).toEqual(mine.body.result.items.map((i: { Artikelnummer: string }) => i.Artikelnummer));
    for (const i of again.body.result.items) expect(i.BereitsGekauft ?? 0).toBe(0);
  });
  it('an article detail kept for guests never reaches a customer, and a customer\'s purchase never reaches a guest', async () => {
    const bought = await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').innerJoin('articles as a', 'a.artnr', 'l.artnr')
      .select(['a.artnr']).where('o.kdnr', '=', LAB_A).where('a.parent_artnr', 'is', null).limit(1).executeTakeFirstOrThrow();
    const params = { artnr: bought.artnr, country: 'de', language: 'de' };
    const guest = env.client();
    // asked often enough to be kept as bytes (a key is kept from its second ask on)
    for (let i = 0; i < 3; i++) expect((await guest.call('GET /api/artikel/:artnr/:country/:language', { params })).body.result.BereitsGekauft ?? 0).toBe(0);
    const c = env.client();
    await c.login(LAB_A);
    const mine = await c.call('GET /api/artikel/:artnr/:country/:language', { params });
    expect([mine.status, mine.body.result.Artikelnummer, mine.body.result.BereitsGekauft]).toEqual([200, bought.artnr, 1]);
    const again = await guest.call('GET /api/artikel/:artnr/:country/:language', { params });
    expect([again.body.result.Artikelnummer, again.body.result.BereitsGekauft ?? 0]).toEqual([bought.artnr, 0]);
    // an unknown article is still a 404, asked once or often
    for (let i = 0; i < 3; i++) {
      expect((await guest.call('GET /api/artikel/:artnr/:country/:language', { params: { ...params, artnr: 'ZZ0000000' } })).status).toBe(404);
    }
  });
  it('lists the computed groups 90 (promotions) and 91 (new articles)', async () => {
    const c = env.client();
    const neu = await c.call('GET /api/shop/category', { query: { pg: '91', pageSize: '96' } });
    expect(neu.status).toBe(200);
    expect(neu.body.result.total).toBeGreaterThan(0);
    for (const i of neu.body.result.items) expect(i.IstNeuheit).toBe(1);
    const promo = await c.call('GET /api/shop/category', { query: { pg: '90', pageSize: '96' } });
    expect(promo.status).toBe(200);
    expect(promo.body.result.total).toBeGreaterThan(0);
    for (const i of promo.body.result.items) expect(i.MCode).toBeLessThan(5);
  });
  it('rejects bad page sizes, pages, sorts, filters and unknown groups', async () => {
    const c = env.client();
    for (const q of ['pageSize=0', 'pageSize=97', 'pageSize=x', 'page=0', 'sort=random', 'pg=abc', 'pg=-1', 'marken=a,b', 'eigenschaften=novalue', 'min=-5', 'bereitsGekauft=2']) {
      const r = await c.get(`/api/shop/category?${q}`);
      expect(r.status, q).toBe(400);
    }
    expect((await c.call('GET /api/shop/category', { query: { pg: '12345' } })).status).toBe(404);
    expect((await c.call('GET /api/shop/category', { query: { katId: '99999999' } })).status).toBe(404);
  });
});

describe('GET aktionen', () => {
  it('lists current promotions with their articles sorted by price descending', async () => {
    const r = await env.client().call('GET /api/aktionen/:country/:language', { params: { country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result.promotions.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    for (const p of r.body.result.promotions) {
      expect(p.validFrom.slice(0, 10) <= today && p.validTo.slice(0, 10) >= today).toBe(true);
      const prices = p.items.map((i: any) => i.Preis);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    }
  });
  it('lists the promotion articles of a group, price descending', async () => {
    const pg = (await env.client().call('GET /api/aktionen/:country/:language', { params: { country: 'de', language: 'de' } })).body.result.promotions[0]!.pg;
    const r = await env.client().call('GET /api/aktionen/artikel/:pg/:country/:language', { params: { pg: pg, country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result.pg).toBe(pg);
    expect(r.body.result.items.length).toBeGreaterThan(0);
    const prices = r.body.result.items.map((i: any) => i.Preis);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
  it('rejects an invalid group and answers 404 for an unknown one', async () => {
    expect((await env.client().call('GET /api/aktionen/artikel/:pg/:country/:language', { params: { pg: 'abc', country: 'de', language: 'de' } })).status).toBe(400);
    expect((await env.client().call('GET /api/aktionen/artikel/:pg/:country/:language', { params: { pg: '54321', country: 'de', language: 'de' } })).status).toBe(404);
    expect((await env.client().call('GET /api/aktionen/:country/:language', { params: { country: 'dex', language: 'de' } })).status).toBe(400);
  });
});

describe('GET meinlabor/topartikel', () => {
  it('needs a login', async () => {
    expect((await env.client().call('GET /api/meinlabor/topartikel')).status).toBe(401);
  });
  it('lists the customer’s most ordered articles with counts, optionally per group', async () => {
    const c = env.client();
    await c.login(LAB_A);
    const r = await c.call('GET /api/meinlabor/topartikel');
    expect(r.status).toBe(200);
    const items = r.body.result.items;
    expect(items.length).toBeGreaterThan(0);
    for (let k = 1; k < items.length; k++) expect(items[k - 1]!.Anzahl).toBeGreaterThanOrEqual(items[k]!.Anzahl);
    const top = items[0];
    const n = await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(sql<number>`count(distinct o.id)`.as('n')).where('o.kdnr', '=', LAB_A).where('l.artnr', '=', top!.Artikelnummer).executeTakeFirstOrThrow();
    expect(top!.Anzahl).toBe(Number(n.n));
    const pg = top!.PG;
    const byPg = await c.call('GET /api/meinlabor/topartikel', { query: { pg } });
    for (const i of byPg.body.result.items) expect(i.PG).toBe(pg);
    expect(r.body.result.groups.some((g: any) => g.pg === pg)).toBe(true);
  });
  it('shows only the own purchases (cross-customer)', async () => {
    const c = env.client();
    await c.login(LAB_B);
    const r = await c.call('GET /api/meinlabor/topartikel', { query: { limit: '200' } });
    const mine = new Set((await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.artnr').where('o.kdnr', '=', LAB_B).execute()).map((x) => x.artnr));
    for (const i of r.body.result.items) expect(mine.has(i.Artikelnummer)).toBe(true);
  });
  it('rejects an invalid group and limit', async () => {
    const c = env.client();
    await c.login(LAB_A);
    expect((await c.call('GET /api/meinlabor/topartikel', { query: { pg: 'x' } })).status).toBe(400);
    expect((await c.call('GET /api/meinlabor/topartikel', { query: { limit: '0' } })).status).toBe(400);
  });
});

describe('GET meinlabor/vorschlag', () => {
  it('needs a login', async () => {
    expect((await env.client().call('GET /api/meinlabor/vorschlag')).status).toBe(401);
  });
  it('suggests the articles due within the chosen week, month or year (issue 12: weekly/yearly were empty for 24 months of orders)', async () => {
    const c = env.client();
    await c.login(LAB_A);
    const all = await c.call('GET /api/meinlabor/vorschlag', { query: { filter: 'all' } });
    expect(all.status).toBe(200);
    expect(all.body.result.items.length).toBeGreaterThan(0);
    const horizon = { weekly: 7, monthly: 30, yearly: 365 } as Record<string, number>;
    const today = Date.now();
    const sets: Record<string, Set<string>> = {};
    for (const f of ['weekly', 'monthly', 'yearly']) {
      const r = await c.call('GET /api/meinlabor/vorschlag', { query: { filter: f } });
      expect(r.status).toBe(200);
      // a lab with two years of orders has something due in every horizon
      expect(r.body.result.items.length, f).toBeGreaterThan(0);
      for (const i of r.body.result.items) {
        expect(['weekly', 'monthly', 'yearly']).toContain(i.Rhythmus);
        expect((Date.parse(i.Faellig) - today) / 86_400_000).toBeLessThanOrEqual(horizon[f]! + 1);
        // due = last purchase + rhythm interval
        expect(Math.abs((Date.parse(i.Faellig) - Date.parse(i.LetzterKauf)) / 86_400_000 - i.IntervallTage)).toBeLessThanOrEqual(1);
      }
      const dues = r.body.result.items.map((i: any) => i.Faellig);
      expect(dues).toEqual([...dues].sort());
      sets[f] = new Set(r.body.result.items.map((i: any) => i.Artikelnummer));
    }
    // a longer horizon contains the shorter one; all contains every horizon
    for (const a of sets.weekly!) expect(sets.monthly!.has(a)).toBe(true);
    for (const a of sets.monthly!) expect(sets.yearly!.has(a)).toBe(true);
    const allNrs = new Set(all.body.result.items.map((i: any) => i.Artikelnummer));
    for (const a of sets.yearly!) expect(allNrs.has(a)).toBe(true);
  });
  it('rejects an unknown filter', async () => {
    const c = env.client();
    await c.login(LAB_A);
    const r = await c.call('GET /api/meinlabor/vorschlag', { query: { filter: 'daily' } });
    expect(r.status).toBe(400);
  });
});

describe('tooth assistant', () => {
  it('lists tooth lines with manufacturer', async () => {
    const r = await env.client().call('GET /api/zahnassistent/zahnlinien/:country/:language', { params: { country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    const lines = r.body.result.zahnlinien;
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) { expect(typeof l.zahnlinie).toBe('string'); expect(l.count).toBeGreaterThan(0); }
  });
  it('narrows tooth sets by line, manufacturer and the other properties, with remaining facet values', async () => {
    const c = env.client();
    const lines = (await c.call('GET /api/zahnassistent/zahnlinien/:country/:language', { params: { country: 'de', language: 'de' } })).body.result.zahnlinien;
    const line = lines[0];
    const r = await c.call('GET /api/zahnassistent/garnituren', { query: { zahnlinie: line!.zahnlinie, hersteller: line!.hersteller.id, limit: '500' } });
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(line!.count);
    for (const i of r.body.result.items) {
      expect(i.properties.zahnlinie).toBe(line!.zahnlinie);
      expect(i.lieferant).toBe(line!.hersteller.name);
    }
    const farbe = r.body.result.facets.farbe[0]!;
    expect(farbe).toBeTruthy();
    {
      const f = await c.call('GET /api/zahnassistent/garnituren', { query: { zahnlinie: line!.zahnlinie, farbe: farbe.value } });
      expect(f.body.result.total).toBe(farbe.count);
      for (const i of f.body.result.items) expect(i.properties.farbe).toBe(farbe.value);
    }
    const byName = await c.call('GET /api/zahnassistent/garnituren', { query: { hersteller: line!.hersteller.name } });
    expect(byName.status).toBe(200);
  });
  it('rejects overlong values and unknown manufacturers', async () => {
    const c = env.client();
    expect((await c.call('GET /api/zahnassistent/garnituren', { query: { farbe: 'x'.repeat(101) } })).status).toBe(400);
    expect((await c.call('GET /api/zahnassistent/garnituren', { query: { hersteller: 'NoSuchMaker' } })).status).toBe(404);
    expect((await c.call('GET /api/zahnassistent/garnituren', { query: { limit: '0' } })).status).toBe(400);
  });
});

describe('the product page reads the article call\'s domain function', () => {
  it('guestArticleDetail is the guest answer of GET artikel/:artnr/:country/:language (no route looked up by its path)', async () => {
    const a = (await someArticle())!;
    const answer = await env.client().call('GET /api/guest/artikel/:artnr/:country/:language', { params: { artnr: a.artnr, country: 'de', language: 'de' } });
    expect(answer.status).toBe(200);
    expect(await guestArticleDetail(env.db, a.artnr, 'de', 'de')).toEqual(answer.body.result);
    await expect(guestArticleDetail(env.db, 'ZZ0000000', 'de', 'de')).rejects.toMatchObject({ status: 404 });
  });
});
