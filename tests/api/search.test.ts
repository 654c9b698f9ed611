// Search calls: quick suggestion, full search (quality, ranking, filters), already-bought search,
// autocomplete and the top-bar preview. Test data is discovered from the seeded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupApi, LAB_A, LAB_B, type TestEnv } from './harness.ts';
import { foldText } from '../../server/search/text.ts';
import { engine } from '../../server/search/engine.ts';

let env: TestEnv;
const SEARCH = 'POST /api/shopware/search/:country/:language/1';
const DE = { country: 'de', language: 'de' };

/** All searchable text of an article (designations of all languages, manufacturer), folded. */
async function textsOf(artnrs: string[]): Promise<Map<string, string>> {
  const m = new Map<string, string>();
  if (!artnrs.length) return m;
  const arts = await env.db.selectFrom('articles as a').innerJoin('manufacturers as mf', 'mf.id', 'a.hersteller_id')
    .select(['a.artnr', 'a.bezeichnung', 'mf.name', 'a.hersteller_artnr']).where('a.artnr', 'in', artnrs).execute();
  for (const a of arts) m.set(a.artnr, foldText(`${a.artnr} ${a.bezeichnung} ${a.name} ${a.hersteller_artnr}`));
  const texts = await env.db.selectFrom('article_texts').select(['artnr', 'bezeichnung']).where('artnr', 'in', artnrs).execute();
  for (const t of texts) m.set(t.artnr, `${m.get(t.artnr) ?? ''} ${foldText(t.bezeichnung)}`);
  return m;
}

const hasWordPrefix = (text: string, prefix: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${prefix}`, 'u').test(text);

async function anyArticle(where: (a: { artnr: string; aus_sortiment: number }) => boolean = () => true) {
  const rows = await env.db.selectFrom('articles').select(['artnr', 'aus_sortiment', 'bezeichnung', 'parent_artnr'])
    .orderBy('artnr').execute();
  return rows.filter(where);
}

beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

describe('GET shopware/artikel/suggest/{term}/{country}/{language}', () => {
  it('answers status 0 with the article number for an exact number', async () => {
    const [a] = await anyArticle((x) => x.artnr.length <= 10 && /^[A-Za-z0-9]+$/.test(x.artnr));
    const r = await env.client().call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: a!.artnr, country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ status: 0, productNumber: a!.artnr });
  });
  it('normalises a letter prefix, FH- and a trailing version (section 5)', async () => {
    const plain = (await anyArticle((x) => /^\d{3,7}$/.test(x.artnr)))[0]!;
    const c = env.client();
    expect((await c.call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: `K-${plain.artnr}`, country: 'de', language: 'de' } })).body.result).toEqual({ status: 0, productNumber: plain.artnr });
    expect((await c.call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: `${plain.artnr}.2`, country: 'de', language: 'de' } })).body.result).toEqual({ status: 0, productNumber: plain.artnr });
    const fh = (await anyArticle((x) => /^FH\d{1,7}$/.test(x.artnr)))[0];
    expect(fh, 'the seed has FH articles').toBeTruthy();
    const r = await c.call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: `FH-${fh!.artnr.slice(2)}`, country: 'de', language: 'de' } });
    expect(r.body.result).toEqual({ status: 0, productNumber: fh!.artnr });
  });
  it('answers status 1 when the term is no article number', async () => {
    const r = await env.client().call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: 'ZZ999999', country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ status: 1 });
  });
  it('is also reachable on the guest API', async () => {
    const r = await env.client().call('GET /api/guest/shopware/artikel/suggest/:term/:country/:language', { params: { term: 'ZZ1', country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
  });
  it('rejects terms over 10 characters or with other characters (400 error_artnr)', async () => {
    const c = env.client();
    for (const t of ['12345678901', 'ab cd', 'abc+d', 'a_b']) {
      const r = await c.call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: t, country: 'de', language: 'de' } });
      expect(r.status, t).toBe(400);
      expect(r.body.error).toBe('error_artnr');
    }
  });
  it('rejects an invalid country', async () => {
    expect((await env.client().call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: 1234, country: 'deu', language: 'de' } })).status).toBe(400);
  });
});

describe('POST shopware/search/{country}/{language}/1', () => {
  it('finds "zahn" as a word prefix, including Zähne (diacritics removed)', async () => {
    const r = await env.client().call(SEARCH, { params: DE, body: { search: 'zahn', limit: 96 } });
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBeGreaterThan(0);
    const texts = await textsOf(r.body.result.items.map((i: any) => i.Artikelnummer));
    for (const i of r.body.result.items) expect(hasWordPrefix(texts.get(i.Artikelnummer)!, 'zahn'), i.Artikelnummer).toBe(true);
    // Zähne: "zahn" is a prefix of the folded "zahne", so every Zähne article is in the "zahn" set
    const umlaut = await env.client().call(SEARCH, { params: DE, body: { search: 'zähne' } });
    const plain = await env.client().call(SEARCH, { params: DE, body: { search: 'zahne' } });
    expect(umlaut.body.result.total).toBeGreaterThan(0);
    expect(plain.body.result.total).toBe(umlaut.body.result.total);
    expect(r.body.result.total).toBeGreaterThanOrEqual(umlaut.body.result.total);
    // compounds are split at index time: "frontzahn" finds Frontzahngarnitur, "garnitur" too
    for (const part of ['frontzahn', 'garnitur']) {
      const c = await env.client().call(SEARCH, { params: DE, body: { search: part, limit: 5 } });
      expect(c.body.result.total, part).toBeGreaterThan(0);
      for (const i of c.body.result.items) expect(foldText(i.Bezeichnung)).toContain(part);
    }
  });
  it('finds IPS and VITA articles (designation or manufacturer), case-insensitive', async () => {
    for (const term of ['IPS', 'VITA', 'vita']) {
      const r = await env.client().call(SEARCH, { params: DE, body: { search: term } });
      expect(r.status).toBe(200);
      expect(r.body.result.total, term).toBeGreaterThan(0);
      const texts = await textsOf(r.body.result.items.map((i: any) => i.Artikelnummer));
      for (const i of r.body.result.items) expect(hasWordPrefix(texts.get(i.Artikelnummer)!, term.toLowerCase()), `${term} ${i.Artikelnummer}`).toBe(true);
    }
  });
  it('ranks the exact article number first, with and without a prefix', async () => {
    const arts = await anyArticle((x) => /^\d{4,8}$/.test(x.artnr));
    const a = arts[Math.floor(arts.length / 2)]!;
    for (const term of [a.artnr, `X-${a.artnr}`, `${a.artnr}/01`]) {
      const r = await env.client().call(SEARCH, { params: DE, body: { search: term } });
      expect(r.status).toBe(200);
      expect(r.body.result.items[0]!.Artikelnummer, term).toBe(a.artnr);
    }
  });
  it('finds an FH article by its FH- variant', async () => {
    const fh = (await anyArticle((x) => /^FH\d+$/.test(x.artnr)))[0]!;
    expect(fh).toBeTruthy();
    for (const term of [`FH-${fh.artnr.slice(2)}`, fh.artnr.toLowerCase(), `fh-${fh.artnr.slice(2)}`]) {
      const r = await env.client().call(SEARCH, { params: DE, body: { search: term } });
      expect(r.body.result.items[0]!.Artikelnummer, term).toBe(fh.artnr);
    }
  });
  it('corrects a typo like "zirkonoxyd" via the index vocabulary', async () => {
    const exact = await env.client().call(SEARCH, { params: DE, body: { search: 'zirkonoxid' } });
    const r = await env.client().call(SEARCH, { params: DE, body: { search: 'zirkonoxyd' } });
    expect(r.status).toBe(200);
    expect(exact.body.result.total).toBeGreaterThan(0);
    expect(r.body.result.total).toBe(exact.body.result.total);
    // a typo of a trade word of the synonym dictionary is rewritten to it on both engines
    // (other words: SQLite from the FTS vocabulary, PostgreSQL by trigram similarity without a term to show)
    expect(r.body.result.corrected).toBe('zirkonoxid');
    const none = await env.client().call(SEARCH, { params: DE, body: { search: 'qqqqxxxxzzzz' } });
    expect(none.body.result.total).toBe(0);
    expect(none.body.result.corrected).toBeNull();
  });
  it('returns up to 4 category chips with counts, most hits first', async () => {
    const r = await env.client().call(SEARCH, { params: DE, body: { search: 'zahn' } });
    const chips = r.body.result.categories;
    expect(chips.length).toBeLessThanOrEqual(4);
    for (let k = 1; k < chips.length; k++) expect(chips[k - 1]!.count).toBeGreaterThanOrEqual(chips[k]!.count);
    for (const c of chips) {
      expect(typeof c.name).toBe('string');
      expect(c.count).toBeLessThanOrEqual(r.body.result.total);
    }
  });
  it('pages through the results without overlap', async () => {
    const c = env.client();
    const p1 = await c.call(SEARCH, { params: DE, body: { search: 'zahn', page: 1, limit: 5 } });
    const p2 = await c.call(SEARCH, { params: DE, body: { search: 'zahn', page: 2, limit: 5 } });
    expect(p1.body.result.total).toBe(p2.body.result.total);
    if (p1.body.result.total > 5) {
      const a = p1.body.result.items.map((i: any) => i.Artikelnummer);
      for (const i of p2.body.result.items) expect(a).not.toContain(i.Artikelnummer);
    }
    expect(p1.body.result.pages).toBe(Math.ceil(p1.body.result.total / 5));
  });
  it('filters by product group and manufacturer and sorts by price', async () => {
    const c = env.client();
    const base = await c.call(SEARCH, { params: DE, body: { search: 'zahn', limit: 96 } });
    const first = base.body.result.items[0]!;
    const byPg = await c.call(SEARCH, { params: DE, body: { search: 'zahn', limit: 96, filters: { pg: first.PG } } });
    expect(byPg.body.result.total).toBeGreaterThan(0);
    for (const i of byPg.body.result.items) expect(i.PG).toBe(first.PG);
    const art = await env.db.selectFrom('articles').select('hersteller_id').where('artnr', '=', first.Artikelnummer).executeTakeFirstOrThrow();
    const byMaker = await c.call(SEARCH, { params: DE, body: { search: 'zahn', limit: 96, filters: { marken: [art.hersteller_id] } } });
    for (const i of byMaker.body.result.items) expect(i.lieferant).toBe(first.lieferant);
    const asc = await c.call(SEARCH, { params: DE, body: { search: 'zahn', limit: 96, filters: { sort: 'price_asc' } } });
    const prices = asc.body.result.items.map((i: any) => i.Preis);
    expect(prices).toEqual([...prices].sort((x: number, y: number) => x - y));
    const ranged = await c.call(SEARCH, { params: DE, body: { search: 'zahn', limit: 96, filters: { min: 10, max: 50 } } });
    for (const i of ranged.body.result.items) { expect(i.Preis).toBeGreaterThanOrEqual(10); expect(i.Preis).toBeLessThanOrEqual(50); }
  });
  it('marks already-bought articles for a logged-in customer', async () => {
    const c = env.client();
    expect((await c.login(LAB_A)).status).toBe(200);
    const bought = await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.artnr').where('o.kdnr', '=', LAB_A).limit(1).executeTakeFirst();
    expect(bought).toBeTruthy();
    const r = await c.call(SEARCH, { params: DE, body: { search: bought!.artnr } });
    const hit = r.body.result.items.find((i: any) => i.Artikelnummer === bought!.artnr);
    expect(hit?.BereitsGekauft).toBe(1);
    // the same search as a guest carries no purchase facts
    const g = await env.client().call(SEARCH, { params: DE, body: { search: bought!.artnr } });
    expect(g.body.result.items.find((i: any) => i.Artikelnummer === bought!.artnr)?.BereitsGekauft).toBe(0);
  });
  it('marks an article as bought right after the customer ordered it (search and detail)', async () => {
    const c = env.client();
    expect((await c.login(LAB_B)).status).toBe(200);
    const bought = await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.artnr').where('o.kdnr', '=', LAB_B).execute();
    const art = await env.db.selectFrom('articles').select('artnr').where('preis', '>', 1).where('aus_sortiment', '=', 0)
      .where('ist_referenz', '=', 0).where('parent_artnr', 'is', null).where('artnr', 'not in', bought.length ? bought.map((b) => b.artnr) : ['-'])
      .orderBy('artnr', 'desc').executeTakeFirstOrThrow();
    const detail = { params: { artnr: art.artnr, country: 'de', language: 'de' } };
    const flag = async () => [
      (await c.call(SEARCH, { params: DE, body: { search: art.artnr } })).body.result.items.find((i: any) => i.Artikelnummer === art.artnr)?.BereitsGekauft,
      (await c.call('GET /api/artikel/:artnr/:country/:language', detail)).body.result.BereitsGekauft,
    ];
    expect(await flag()).toEqual([0, 0]);
    expect((await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: art.artnr, qty: 1 } })).status).toBe(200);
    const placed = await c.call('POST /api/checkout/submit', { body: { key: 'bought-flag-0001' } });
    expect(placed.status).toBe(200);
    expect(await flag()).toEqual([1, 1]);
    // guests still see no purchase facts
    expect((await env.client().call('GET /api/artikel/:artnr/:country/:language', detail)).body.result.BereitsGekauft).toBe(0);
  });
  it('rejects empty, overlong and malformed requests', async () => {
    const c = env.client();
    const cases: [unknown, string][] = [
      [{ search: '' }, 'invalid_input'],
      [{ search: '   ' }, 'invalid_input'],
      [{ search: 'x'.repeat(101) }, 'too_long'],
      [{}, 'invalid_input'],
      [{ search: 'zahn', limit: 0 }, 'invalid_input'],
      [{ search: 'zahn', limit: 97 }, 'invalid_input'],
      [{ search: 'zahn', page: 0 }, 'invalid_input'],
      [{ search: 'zahn', page: 'x' }, 'invalid_input'],
      [{ search: 'zahn', filters: { sort: 'random' } }, 'invalid_input'],
    ];
    for (const [body, key] of cases) {
      const r = await c.call(SEARCH, { params: DE, body: body as never });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error, JSON.stringify(body)).toBe(key);
    }
    const bad = await c.req('POST', '/api/shopware/search/de/de/1', '{"search":', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect((await c.call('POST /api/shopware/search/:country/:language/1', { params: { country: 'd', language: 'de' }, body: { search: 'zahn' } })).status).toBe(400);
  });
  it('treats FTS syntax characters as plain text', async () => {
    for (const term of ['"zahn', 'zahn*', 'NEAR(a b)', 'a OR b', '-zahn', 'zahn AND', '(', '^x']) {
      const r = await env.client().call(SEARCH, { params: DE, body: { search: term } });
      expect(r.status, term).toBe(200);
    }
  });
});

describe('POST sw/gekaufteArtikel/0/{language}/1', () => {
  const URL = 'POST /api/sw/gekaufteArtikel/0/:language/1';
  it('needs a login', async () => {
    expect((await env.client().call(URL, { params: { language: 'de' }, body: { search: '', limit: 24, p: 1 } })).status).toBe(401);
  });
  it('lists the customer’s bought articles and filters them by the search', async () => {
    const c = env.client();
    await c.login(LAB_A);
    const all = await c.call(URL, { params: { language: 'de' }, body: { search: '', limit: 24, p: 1 } });
    expect(all.status).toBe(200);
    expect(all.body.result.items.length).toBeLessThanOrEqual(24);
    const bought = new Set((await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.artnr').where('o.kdnr', '=', LAB_A).execute()).map((r) => r.artnr));
    for (const i of all.body.result.items) { expect(bought.has(i.Artikelnummer)).toBe(true); expect(i.BereitsGekauft).toBe(1); }
    expect(all.body.result.items.length).toBeGreaterThan(0);
    {
      const first = all.body.result.items[0]!;
      const word = first.Bezeichnung.split(/[^\p{L}\p{N}]+/u).find((w: string) => w.length >= 4) ?? first.Artikelnummer;
      const r = await c.call(URL, { params: { language: 'de' }, body: { search: word, limit: 24, p: 1 } });
      expect(r.body.result.total).toBeGreaterThan(0);
      expect(r.body.result.total).toBeLessThanOrEqual(all.body.result.total);
      for (const i of r.body.result.items) expect(bought.has(i.Artikelnummer)).toBe(true);
    }
  });
  it('never shows another customer’s purchases', async () => {
    const c = env.client();
    await c.login(LAB_B);
    const r = await c.call(URL, { params: { language: 'de' }, body: { search: '', limit: 24, p: 1 } });
    const mine = new Set((await env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.artnr').where('o.kdnr', '=', LAB_B).execute()).map((x) => x.artnr));
    for (const i of r.body.result.items) expect(mine.has(i.Artikelnummer)).toBe(true);
  });
  it('rejects a limit above 24 and a bad page', async () => {
    const c = env.client();
    await c.login(LAB_A);
    expect((await c.call(URL, { params: { language: 'de' }, body: { search: '', limit: 25, p: 1 } })).body.error).toBe('invalid_input');
    expect((await c.call(URL, { params: { language: 'de' }, body: { search: '', limit: 24, p: 0 } })).status).toBe(400);
    expect((await c.call(URL, { params: { language: 'de' }, body: { search: 'x'.repeat(101) } })).body.error).toBe('too_long');
  });
});

describe('GET suche/autocomplete/{term}/{language}', () => {
  it('suggests words and designations from 3 characters', async () => {
    const r = await env.client().call('GET /api/suche/autocomplete/:term/:language', { params: { term: 'zah', language: 'de' } });
    expect(r.status).toBe(200);
    const s = r.body.result.suggestions;
    expect(s.length).toBeGreaterThan(0);
    for (const w of s.filter((x: any) => x.type === 'word')) expect(foldText(w.text).startsWith('zah')).toBe(true);
    for (const a of s.filter((x: any) => x.type === 'article')) expect(typeof a.artnr).toBe('string');
  });
  it('answers nothing under 3 characters', async () => {
    const r = await env.client().call('GET /api/suche/autocomplete/:term/:language', { params: { term: 'za', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result.suggestions).toEqual([]);
  });
  it('rejects overlong terms and bad languages', async () => {
    expect((await env.client().call('GET /api/suche/autocomplete/:term/:language', { params: { term: 'x'.repeat(101), language: 'de' } })).body.error).toBe('too_long');
    expect((await env.client().call('GET /api/suche/autocomplete/:term/:language', { params: { term: 'zahn', language: 'deu' } })).status).toBe(400);
  });
});

describe('GET suche/{country}', () => {
  it('previews up to 10 top articles with category chips', async () => {
    const r = await env.client().call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'zahn', top: '1', nocustomprice: '1', offset: '0', limit: '10' } });
    expect(r.status).toBe(200);
    expect(r.body.result.items.length).toBeLessThanOrEqual(10);
    expect(r.body.result.categories.length).toBeLessThanOrEqual(4);
    const same = await env.client().call(SEARCH, { params: DE, body: { search: 'zahn', limit: 10 } });
    expect(r.body.result.items.map((i: any) => i.Artikelnummer)).toEqual(same.body.result.items.map((i: any) => i.Artikelnummer));
  });
  it('honours offset', async () => {
    const a = await env.client().call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'zahn', offset: '0', limit: '10' } });
    const b = await env.client().call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'zahn', offset: '3', limit: '5' } });
    expect(b.body.result.items.map((i: any) => i.Artikelnummer)).toEqual(a.body.result.items.slice(3, 8).map((i: any) => i.Artikelnummer));
  });
  it('rejects a missing q, a limit above 10 and a negative offset', async () => {
    const c = env.client();
    expect((await c.call('GET /api/suche/:country', { params: { country: 'de' } })).status).toBe(400);
    expect((await c.call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'zahn', limit: '11' } })).status).toBe(400);
    expect((await c.call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'zahn', offset: '-1' } })).status).toBe(400);
    expect((await c.call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'zahn', top: '2' } })).status).toBe(400);
    expect((await c.call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'x'.repeat(101) } })).body.error).toBe('too_long');
  });
});

describe('search index', () => {
  it('indexes every article once', async () => {
    const a = await env.db.selectFrom('articles').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const ix = await engine(env.db).index;
    expect(ix.n).toBe(Number(a.n));
    expect(new Set(ix.artnr).size).toBe(Number(a.n));
  });
});
