// Audit of spec section 7: every listed call answers on its exact method and path, wrapped in
// { result }, with the fields the client reads. Guest calls also answer under /api/guest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let guest: Client;
let cust: Client;
let art = '';

beforeAll(async () => {
  env = await setupApi();
  const row = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').limit(1).executeTakeFirstOrThrow();
  art = row.artnr;
  guest = env.client();
  cust = env.client();
  expect((await cust.login(LAB_A)).status).toBe(200);
  await cust.call('POST /api/wk/delete');
});
afterAll(async () => { await env.close(); });

/** Asserts status 200 and the { result } wrapping; answers result. */
function ok(r: { status: number; body: any }, what: string): any {
  expect(r.status, `${what}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  expect(r.body, what).toHaveProperty('result');
  return r.body.result;
}

describe('section 7 guest calls (also under /api/guest)', () => {
  it('user/countries, user/company, user/firma', async () => {
    for (const [countries, company, firma] of [
      ['GET /api/guest/user/countries', 'GET /api/guest/user/company/:country', 'GET /api/guest/user/firma/:country'],
      ['GET /api/user/countries', 'GET /api/user/company/:country', 'GET /api/user/firma/:country'],
    ] as const) {
      const list = ok(await guest.call(countries), 'countries');
      expect(list[0]).toMatchObject({ iso2country: expect.any(String), lndnr: expect.any(Number), lndname: expect.any(String), iso2language: expect.any(String), fi: expect.any(Number) });
      expect(ok(await guest.call(company, { params: { country: 'de' } }), 'company')).toBe(1);
      expect(ok(await guest.call(firma, { params: { country: 'ch' } }), 'firma').currency).toBe('CHF');
    }
  });

  it('katalog, geo/locate, page metadata, register/verify', async () => {
    expect(ok(await guest.call('GET /api/guest/katalog/:country/:languageISO3', { params: { country: 'de', languageISO3: 'DEU' } }), 'katalog')).toMatchObject({ url: expect.any(String), pl: false, plnr: 0 });
    const geo = ok(await guest.call('GET /api/guest/geo/locate', { headers: { 'accept-language': 'fr-CH' } }), 'geo');
    expect(geo).toMatchObject({ iso2: 'ch', country: { spracheIso2: expect.any(String) } });
    const meta = ok(await guest.call('GET /api/guest/strapicontent/:collection/:country/:language', { params: { collection: 'ls-page-metadatas', country: 'de', language: 'de' } }), 'metadata');
    expect(meta[0]).toMatchObject({ route_path_name: expect.any(String), meta_title: expect.any(String), meta_description: expect.any(String) });
    expect(ok(await guest.call('GET /api/guest/register/verify/:tkn/:country/:language', { params: { tkn: 'nope', country: 'de', language: 'de' } }), 'verify')).toMatch(/^\/de\/de\/\?verified=/);
  });

  it('recommend, content collections, faq, mitarbeiter, Firmendaten, telefon', async () => {
    const rec = ok(await guest.call('GET /api/guest/recommend/:artnr/:country/:language', { params: { artnr: art, country: 'de', language: 'de' } }), 'recommend');
    expect(rec.product.Artikelnummer).toBe(art);
    expect(Array.isArray(rec.recommendations)).toBe(true);
    for (const col of ['banners', 'category-banners', 'solutions-features', 'ls-sidemenus', 'Services', 'service-nav-menus', 'kundenservices', 'service-chatwoots']) {
      expect(Array.isArray(ok(await guest.call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: col, country: 'de', language: 'de' } }), col)), col).toBe(true);
    }
    expect(Array.isArray(ok(await guest.call('GET /api/faq/:country/:language', { params: { country: 'de', language: 'de' } }), 'faq'))).toBe(true);
    const team = ok(await guest.call('POST /api/mitarbeiter/:country/:language', { params: { country: 'de', language: 'de' }, body: { randomize: true, grouped: true } }), 'mitarbeiter');
    expect(team[0]).toHaveProperty('mitarbeiter');
    expect(ok(await guest.call('GET /api/content/Firmendaten/:country/:language', { params: { country: 'de', language: 'de' } }), 'Firmendaten').firmennummer).toBeDefined();
    expect(ok(await guest.call('GET /api/telefon/:country', { params: { country: 'de' } }), 'telefon').data[0]).toHaveProperty('company_telephone1');
  });

  it('article, availability, product groups, navigation', async () => {
    expect(ok(await guest.call('GET /api/artikel/:artnr/verfuegbar/:country', { params: { artnr: art, country: 'de' } }), 'verfuegbar').vkz).toMatch(/^\d$/);
    expect(ok(await guest.call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: art, country: 'de', language: 'de' } }), 'artikel')).toMatchObject({ Artikelnummer: art, Preis: expect.any(Number) });
    const pgs = ok(await guest.call('GET /api/produktgruppen/:country/:language', { params: { country: 'de', language: 'de' } }), 'produktgruppen');
    expect(pgs[0]).toMatchObject({ pg: expect.any(Number), bez: expect.any(String) });
    expect(ok(await guest.call('POST /api/navigation/:country/:language', { params: { country: 'de', language: 'de' } }), 'navigation').elements.length).toBeGreaterThan(0);
  });

  it('search calls: suggest, search, autocomplete, preview', async () => {
    const sug = ok(await guest.call('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: art, country: 'de', language: 'de' } }), 'suggest');
    expect(sug).toEqual({ status: 0, productNumber: art });
    expect(ok(await guest.call('POST /api/shopware/search/:country/:language/1', { params: { country: 'de', language: 'de' }, body: { search: 'zahn' } }), 'search').items.length).toBeGreaterThan(0);
    expect(ok(await guest.call('GET /api/suche/autocomplete/:term/:language', { params: { term: 'zah', language: 'de' } }), 'autocomplete').suggestions.length).toBeGreaterThan(0);
    const prev = ok(await guest.call('GET /api/suche/:country', { params: { country: 'de' }, query: { q: 'zahn', top: '1', nocustomprice: '1', offset: '0', limit: '10' } }), 'preview');
    expect(prev.items.length).toBeLessThanOrEqual(10);
  });

  it('login, logs, logout', async () => {
    const c = env.client();
    expect(ok(await c.call('POST /api/login', { body: { Firma: 1, Benutzername: String(LAB_A), Kennwort: 'Demo-Labor-2026', kw: '' } }), 'login').Kundennummer).toBe(LAB_A);
    ok(await c.call('POST /api/logs', { body: { firma: 1, kdnr: LAB_A, page: '/de/de/', error: 'x', ip: '', browser: 'test', daten: { a: 1 } } }), 'logs');
    ok(await c.call('GET /api/logout'), 'logout');
    expect((await c.call('GET /api/user/infos')).status).toBe(401);
  });
});

describe('section 7 customer calls', () => {
  it('user/infos and logbook user', async () => {
    expect(ok(await cust.call('GET /api/user/infos'), 'infos').Kundennummer).toBe(LAB_A);
    expect(ok(await cust.call('GET /api/logbook/user'), 'logbook user')).toHaveProperty('id');
    expect(ok(await cust.call('GET /api/logbook/user/:id', { params: { id: 1 } }), 'logbook user 1').id).toBe(1);
  });

  it('basket calls', async () => {
    expect(ok(await cust.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: art, qty: 2 } }), 'add').wkcounter).toBe(1);
    ok(await cust.call('POST /api/wk/:artnr/add/:qty/:v1/:v2/:v3/:v4/:v5', { params: { artnr: art, qty: 1, v1: '-', v2: '-', v3: '-', v4: '-', v5: '-' } }), 'add with variants');
    expect(ok(await cust.call('GET /api/wk/anz'), 'anz')).toBe(1);
    expect(ok(await cust.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: art, qty: 5 } }), 'set').line.Menge).toBe(5);
    ok(await cust.call('POST /api/wk/:artnr/setLager/:qty/:schrank/:schublade/:zeile/:spalte/:lager/:flag', { params: { artnr: art, qty: 4, schrank: 0, schublade: 0, zeile: 0, spalte: 0, lager: '-', flag: 0 } }), 'setLager');
    expect(ok(await cust.call('GET /api/wkJSON/:language', { params: { language: 'D' } }), 'wkJSON')[0].Menge).toBe(4);
    expect(ok(await cust.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: art } }), 'wkJSON id')).toHaveLength(1);
    expect(ok(await cust.call('POST /api/wk/:artnr/delete/:p1/:p2/:p3/:p4/:p5/:p6', { params: { artnr: art, p1: 0, p2: 0, p3: 0, p4: 0, p5: '-', p6: 0 } }), 'delete line').wkcounter).toBe(0);
    ok(await cust.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: art, qty: 1 } }), 'add');
    expect(ok(await cust.call('POST /api/wk/delete'), 'delete all').wkcounter).toBe(0);
  });

  it('order lists', async () => {
    const lists = ok(await cust.call('GET /api/favoriten/listen'), 'listen');
    expect(lists[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    await cust.call('DELETE /api/favoriten/:listId/:artnr', { params: { listId: 0, artnr: art } });
    ok(await cust.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: art } }), 'add to favourites');
    expect((await cust.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: art } })).status).toBe(409);
    expect(ok(await cust.call('POST /api/favoriten/liste/:listId/wk', { params: { listId: 0 } }), 'list to cart')).toBeDefined();
    expect(ok(await cust.call('GET /api/wk/anz'), 'anz')).toBeGreaterThan(0);
    await cust.call('POST /api/wk/delete');
  });

  it('already bought and tooth storage booking', async () => {
    const bought = ok(await cust.call('POST /api/sw/gekaufteArtikel/0/:language/1', { params: { language: 'de' }, body: { search: '', limit: 24, p: 1 } }), 'gekaufteArtikel');
    expect(bought.items.length).toBeGreaterThan(0);
    expect(bought.items.length).toBeLessThanOrEqual(24);
    expect(Array.isArray(ok(await cust.call('GET /api/zahnlager/zubuchen/auto'), 'zubuchen').outPositionen)).toBe(true);
  });

  it('every customer call answers 401 without login', async () => {
    for (const [m, p] of [['GET', '/api/user/infos'], ['GET', '/api/wk/anz'], ['POST', `/api/wk/${art}/add/1`], ['GET', '/api/favoriten/listen'],
      ['GET', '/api/zahnlager/zubuchen/auto'], ['POST', '/api/sw/gekaufteArtikel/0/de/1'], ['GET', '/api/orders'], ['GET', '/api/checkout']] as const) {
      const r = await guest.req(m, p, m === 'POST' ? {} : undefined);
      expect(r.status, p).toBe(401);
      expect(r.body.error).toBe('unauthorized');
    }
  });
});
