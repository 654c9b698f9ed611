// Audit of spec section 7: every listed call answers on its exact method and path, wrapped in
// { result }, with the fields the client reads. Guest calls also answer under /api/guest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let guest: Client;
let cust: Client;
let art = '';
const enc = encodeURIComponent;

beforeAll(async () => {
  env = await setupApi();
  const row = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').limit(1).executeTakeFirstOrThrow();
  art = row.artnr;
  guest = env.client();
  cust = env.client();
  expect((await cust.login(LAB_A)).status).toBe(200);
  await cust.post('/api/wk/delete');
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
    for (const base of ['/api/guest', '/api']) {
      const list = ok(await guest.get(`${base}/user/countries`), 'countries');
      expect(list[0]).toMatchObject({ iso2country: expect.any(String), lndnr: expect.any(Number), lndname: expect.any(String), iso2language: expect.any(String), fi: expect.any(Number) });
      expect(ok(await guest.get(`${base}/user/company/de`), 'company')).toBe(1);
      expect(ok(await guest.get(`${base}/user/firma/ch`), 'firma').currency).toBe('CHF');
    }
  });

  it('katalog, geo/locate, page metadata, register/verify', async () => {
    expect(ok(await guest.get('/api/guest/katalog/de/DEU'), 'katalog')).toMatchObject({ url: expect.any(String), pl: false, plnr: 0 });
    const geo = ok(await guest.req('GET', '/api/guest/geo/locate', undefined, { 'accept-language': 'fr-CH' }), 'geo');
    expect(geo).toMatchObject({ iso2: 'ch', country: { spracheIso2: expect.any(String) } });
    const meta = ok(await guest.get('/api/guest/strapicontent/ls-page-metadatas/de/de'), 'metadata');
    expect(meta[0]).toMatchObject({ route_path_name: expect.any(String), meta_title: expect.any(String), meta_description: expect.any(String) });
    expect(ok(await guest.get('/api/guest/register/verify/nope/de/de'), 'verify')).toMatch(/^\/de\/de\/\?verified=/);
  });

  it('recommend, content collections, faq, mitarbeiter, Firmendaten, telefon', async () => {
    const rec = ok(await guest.get(`/api/guest/recommend/${enc(art)}/de/de`), 'recommend');
    expect(rec.product.Artikelnummer).toBe(art);
    expect(Array.isArray(rec.recommendations)).toBe(true);
    for (const col of ['banners', 'category-banners', 'solutions-features', 'ls-sidemenus', 'Services', 'service-nav-menus', 'kundenservices', 'service-chatwoots']) {
      expect(Array.isArray(ok(await guest.get(`/api/strapicontent/${col}/de/de`), col)), col).toBe(true);
    }
    expect(Array.isArray(ok(await guest.get('/api/faq/de/de'), 'faq'))).toBe(true);
    const team = ok(await guest.post('/api/mitarbeiter/de/de', { randomize: true, grouped: true }), 'mitarbeiter');
    expect(team[0]).toHaveProperty('mitarbeiter');
    expect(ok(await guest.get('/api/content/Firmendaten/de/de'), 'Firmendaten').firmennummer).toBeDefined();
    expect(ok(await guest.get('/api/telefon/de'), 'telefon').data[0]).toHaveProperty('company_telephone1');
  });

  it('article, availability, product groups, navigation', async () => {
    expect(ok(await guest.get(`/api/artikel/${enc(art)}/verfuegbar/de`), 'verfuegbar').vkz).toMatch(/^\d$/);
    expect(ok(await guest.get(`/api/artikel/${enc(art)}/de/de`), 'artikel')).toMatchObject({ Artikelnummer: art, Preis: expect.any(Number) });
    const pgs = ok(await guest.get('/api/produktgruppen/de/de'), 'produktgruppen');
    expect(pgs[0]).toMatchObject({ pg: expect.any(Number), bez: expect.any(String) });
    expect(ok(await guest.post('/api/navigation/de/de'), 'navigation').elements.length).toBeGreaterThan(0);
  });

  it('search calls: suggest, search, autocomplete, preview', async () => {
    const sug = ok(await guest.get(`/api/shopware/artikel/suggest/${enc(art)}/de/de`), 'suggest');
    expect(sug).toEqual({ status: 0, productNumber: art });
    expect(ok(await guest.post('/api/shopware/search/de/de/1', { search: 'zahn' }), 'search').items.length).toBeGreaterThan(0);
    expect(ok(await guest.get('/api/suche/autocomplete/zah/de'), 'autocomplete').suggestions.length).toBeGreaterThan(0);
    const prev = ok(await guest.get('/api/suche/de?q=zahn&top=1&nocustomprice=1&offset=0&limit=10'), 'preview');
    expect(prev.items.length).toBeLessThanOrEqual(10);
  });

  it('login, logs, logout', async () => {
    const c = env.client();
    expect(ok(await c.post('/api/login', { Firma: 1, Benutzername: String(LAB_A), Kennwort: 'Demo-Labor-2026', kw: '' }), 'login').Kundennummer).toBe(LAB_A);
    ok(await c.post('/api/logs', { firma: 1, kdnr: LAB_A, page: '/de/de/', error: 'x', ip: '', browser: 'test', daten: { a: 1 } }), 'logs');
    ok(await c.get('/api/logout'), 'logout');
    expect((await c.get('/api/user/infos')).status).toBe(401);
  });
});

describe('section 7 customer calls', () => {
  it('user/infos and logbook user', async () => {
    expect(ok(await cust.get('/api/user/infos'), 'infos').Kundennummer).toBe(LAB_A);
    expect(ok(await cust.get('/api/logbook/user'), 'logbook user')).toHaveProperty('id');
    expect(ok(await cust.get('/api/logbook/user/1'), 'logbook user 1').id).toBe(1);
  });

  it('basket calls', async () => {
    expect(ok(await cust.post(`/api/wk/${enc(art)}/add/2`), 'add').wkcounter).toBe(1);
    ok(await cust.post(`/api/wk/${enc(art)}/add/1/-/-/-/-/-`), 'add with variants');
    expect(ok(await cust.get('/api/wk/anz'), 'anz')).toBe(1);
    expect(ok(await cust.post(`/api/wk/${enc(art)}/set/5`), 'set').line.Menge).toBe(5);
    ok(await cust.post(`/api/wk/${enc(art)}/setLager/4/0/0/0/0/-/0`), 'setLager');
    expect(ok(await cust.get('/api/wkJSON/D'), 'wkJSON')[0].Menge).toBe(4);
    expect(ok(await cust.get(`/api/wkJSON/D/${enc(art)}`), 'wkJSON id')).toHaveLength(1);
    expect(ok(await cust.post(`/api/wk/${enc(art)}/delete/0/0/0/0/-/0`), 'delete line').wkcounter).toBe(0);
    ok(await cust.post(`/api/wk/${enc(art)}/add/1`), 'add');
    expect(ok(await cust.post('/api/wk/delete'), 'delete all').wkcounter).toBe(0);
  });

  it('order lists', async () => {
    const lists = ok(await cust.get('/api/favoriten/listen'), 'listen');
    expect(lists[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    await cust.del(`/api/favoriten/0/${enc(art)}`);
    ok(await cust.post(`/api/favoriten/0/${enc(art)}/add`), 'add to favourites');
    expect((await cust.post(`/api/favoriten/0/${enc(art)}/add`)).status).toBe(409);
    expect(ok(await cust.post('/api/favoriten/liste/0/wk'), 'list to cart')).toBeDefined();
    expect(ok(await cust.get('/api/wk/anz'), 'anz')).toBeGreaterThan(0);
    await cust.post('/api/wk/delete');
  });

  it('already bought and tooth storage booking', async () => {
    const bought = ok(await cust.post('/api/sw/gekaufteArtikel/0/de/1', { search: '', limit: 24, p: 1 }), 'gekaufteArtikel');
    expect(bought.items.length).toBeGreaterThan(0);
    expect(bought.items.length).toBeLessThanOrEqual(24);
    expect(Array.isArray(ok(await cust.get('/api/zahnlager/zubuchen/auto'), 'zubuchen').outPositionen)).toBe(true);
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
