// The operator's calls (server/modules/operator.ts): prices and exchange rates written through the API take
// effect at once, although the currency of a country is cached (server/lib/cache.ts): the write announces
// the change on the bus and the caches drop it. Shared secret: none configured 503, a wrong one 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { convertPrice } from '../../server/lib/articles.ts';
import { LAB_A, LAB_B, fillCart, plainArticle, setupApi, type Client, type TestEnv } from './harness.ts';

const SECRET = 'operator-test-secret';
let env: TestEnv;
let lab: Client;
let art: { artnr: string; preis: number };
/** The shared secret an operator call carries. */
const operator = (secret = SECRET) => ({ 'x-operator-secret': secret });
const cartPrice = async () => {
  const r = await lab.call('GET /api/wkJSON/:language', { params: { language: 'de' } });
  const line = (r.body.result as { Artikelnummer: string; Preis: number; Waehrung: string }[]).find((l) => l.Artikelnummer === art.artnr)!;
  return { preis: line.Preis, waehrung: line.Waehrung };
};

beforeAll(async () => {
  env = await setupApi();
  art = await plainArticle(env.db);
  lab = env.client();
  // a Swiss session: the cart is priced in CHF with the cached rate
  // the page locale is read by the app for every call (server/http/app.ts), not declared by the login contract
  expect((await lab.call('POST /api/login', { query: { country: 'ch', lang: 'de' } as never, body: { Firma: 1, Benutzername: String(LAB_B), Kennwort: 'Demo-Labor-2026', kw: '' } })).status).toBe(200);
  await fillCart(lab, art.artnr, 1);
});
afterAll(async () => { config.operatorSecret = ''; await env.close(); });

describe('operator calls', () => {
  it('a customer, a sub-user with fewer rights, a guest or a cross-site page cannot write prices', async () => {
    config.operatorSecret = SECRET;
    const body = { prices: [{ artikelnummer: art.artnr, preis: 1 }] };
    const main = env.client();
    expect((await main.login(LAB_A)).status).toBe(200);
    const sub = env.client();
    expect((await sub.login(`${LAB_A}x2`)).status).toBe(200);
    for (const c of [main, sub, env.client(), lab]) {
      expect((await c.call('POST /api/operator/prices', { body })).status).toBe(401);
      expect((await c.call('POST /api/operator/currencies', { body: { rates: [{ code: 'CHF', rate: 2 }] } })).status).toBe(401);
    }
    // the right secret sent from a browser page of another site: refused before any write
    expect((await env.client().call('POST /api/operator/prices', { body, headers: { ...operator(), 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const row = await env.db.selectFrom('articles').select('preis').where('artnr', '=', art.artnr).executeTakeFirstOrThrow();
    expect(Number(row.preis)).toBe(art.preis);
  });

  it('are off without a secret (503) and refuse a wrong one (401) or a bad body (400)', async () => {
    config.operatorSecret = '';
    expect((await env.client().call('POST /api/operator/prices', { body: { prices: [{ artikelnummer: art.artnr, preis: 1 }] }, headers: operator() })).status).toBe(503);
    config.operatorSecret = SECRET;
    expect((await env.client().call('POST /api/operator/prices', { body: { prices: [{ artikelnummer: art.artnr, preis: 1 }] }, headers: operator('wrong') })).status).toBe(401);
    expect((await env.client().call('POST /api/operator/prices', { body: { prices: [{ artikelnummer: art.artnr, preis: 1 }] } })).status).toBe(401);
    expect((await env.client().call('POST /api/operator/prices', { body: { prices: [{ artikelnummer: art.artnr, preis: -1 }] }, headers: operator() })).status).toBe(400);
    expect((await env.client().call('POST /api/operator/currencies', { body: { rates: [{ code: 'chf', rate: 1 }] }, headers: operator() })).status).toBe(400);
    expect(Number((await env.db.selectFrom('articles').select('preis').where('artnr', '=', art.artnr).executeTakeFirstOrThrow()).preis)).toBe(art.preis);
  });

  it('a new exchange rate is used from the answer on, though the rate was cached', async () => {
    const rate = Number((await env.db.selectFrom('currencies').select('rate').where('code', '=', 'CHF').executeTakeFirstOrThrow()).rate);
    expect(await cartPrice()).toEqual({ preis: convertPrice(art.preis, rate), waehrung: 'CHF' }); // the rate is cached now
    const r = await env.client().call('POST /api/operator/currencies', { body: { rates: [{ code: 'CHF', rate: 1.5 }, { code: 'XXX', rate: 2 }] }, headers: operator() });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ updated: ['CHF'] });
    expect(await cartPrice()).toEqual({ preis: convertPrice(art.preis, 1.5), waehrung: 'CHF' });
  });

  it('a new article price is served from the answer on; unknown articles are not reported as updated', async () => {
    const r = await env.client().call('POST /api/operator/prices', { body: { prices: [{ artikelnummer: art.artnr, preis: 33.33, katPreis: 40 }, { artikelnummer: 'NO-SUCH-9', preis: 1 }] }, headers: operator() });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ updated: [art.artnr] });
    expect(await cartPrice()).toEqual({ preis: convertPrice(33.33, 1.5), waehrung: 'CHF' });
    const row = await env.db.selectFrom('articles').select(['preis', 'kat_preis']).where('artnr', '=', art.artnr).executeTakeFirstOrThrow();
    expect([Number(row.preis), Number(row.kat_preis)]).toEqual([33.33, 40]);
  });
});
