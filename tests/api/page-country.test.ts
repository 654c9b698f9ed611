// The currency of an answer: a customer who logged in on the German site and then opened the Polish one
// saw the cart in euros and the checkout of the same page in złoty (the cart followed the session's
// country, the checkout the page's). The browser's API client sends the page's country with every call
// (PAGE_COUNTRY_HEADER); a country the call names itself (path, ?country=) still wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_COUNTRY_HEADER } from '../../src/api/contract.ts';
import { DEMO_PASSWORD, LAB_A, LAB_B, plainArticle, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let c: Client;
let artnr = '';
let preisEur = 0;
let plnRate = 0;
const PL = { [PAGE_COUNTRY_HEADER]: 'pl' };

beforeAll(async () => {
  env = await setupApi();
  c = env.client();
  expect((await c.login(LAB_A)).status).toBe(200);
  ({ artnr, preis: preisEur } = await plainArticle(env.db));
  plnRate = Number((await env.db.selectFrom('currencies').select('rate').where('code', '=', 'PLN').executeTakeFirstOrThrow()).rate);
  expect(plnRate).toBeGreaterThan(1);
  await c.call('POST /api/wk/delete', {});
});
afterAll(async () => {
  await c.call('POST /api/wk/delete', {});
  await env.close();
});

const cartLine = async (headers: Record<string, string>) => {
  const r = await c.call('GET /api/wkJSON/:language', { params: { language: 'pl' }, headers });
  expect(r.status).toBe(200);
  return r.body.result.find((l: { Artikelnummer: string }) => l.Artikelnummer === artnr) as { Einzelpreis: number; Gesamtpreis: number; Waehrung: string };
};

describe('prices in the currency of the page', () => {
  it('the add answers in the page\'s currency', async () => {
    const r = await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr, qty: 2 }, headers: PL });
    expect(r.status).toBe(200);
    expect(r.body.result.line).toMatchObject({ Waehrung: 'PLN', Menge: 2 });
    expect(r.body.result.line.Einzelpreis).toBeCloseTo(preisEur * plnRate, 2);
  });

  it('the cart: the session\'s currency without the header, the page\'s with it', async () => {
    expect(await cartLine({})).toMatchObject({ Waehrung: 'EUR', Einzelpreis: preisEur });
    const pl = await cartLine(PL);
    expect(pl.Waehrung).toBe('PLN');
    expect(pl.Einzelpreis).toBeCloseTo(preisEur * plnRate, 2);
    expect(pl.Gesamtpreis).toBeCloseTo(pl.Einzelpreis * 2, 2);
  });

  it('the cart and the checkout of one page show the same line and currency', async () => {
    const cart = await cartLine(PL);
    const r = await c.call('GET /api/checkout', { query: { lang: 'pl' }, headers: PL });
    expect(r.status).toBe(200);
    const v = r.body.result;
    expect(v.totals.currency).toBe('PLN');
    const line = v.lines.find((l: { Artikelnummer: string }) => l.Artikelnummer === artnr);
    expect(line).toMatchObject({ Waehrung: 'PLN', Einzelpreis: cart.Einzelpreis, Gesamtpreis: cart.Gesamtpreis });
  });

  it('the customer\'s currency (user/infos), which formats filter ranges and sums on the page, follows the page too', async () => {
    const currency = async (headers: Record<string, string>) => (await c.call('GET /api/user/infos', { headers })).body.result.currency;
    expect(await currency({})).toBe('EUR');
    expect(await currency(PL)).toBe('PLN');
  });

  it('a country the call names itself wins over the page\'s', async () => {
    const r = await c.call('GET /api/checkout', { query: { lang: 'de', country: 'de' }, headers: PL });
    expect(r.body.result.totals.currency).toBe('EUR');
  });

  it('a guest gets the page\'s currency, and a kept guest answer never reaches a guest of another page', async () => {
    const guest = env.client();
    const currencies = async (headers: Record<string, string>, country?: string) => {
      const r = await guest.call('GET /api/shop/category', { query: { katId: 601, lang: 'pl', ...(country ? { country } : {}) }, headers });
      expect(r.status).toBe(200);
      return new Set(r.body.result.items.map((i: { Waehrung: string }) => i.Waehrung));
    };
    expect(await currencies(PL)).toEqual(new Set(['PLN']));
    expect(await currencies({})).toEqual(new Set(['EUR']));
    expect(await currencies(PL)).toEqual(new Set(['PLN']));
    expect(await currencies(PL, 'de')).toEqual(new Set(['EUR']));
  });

  it('the header reaches only the caller\'s own data: another customer sees its own cart and account', async () => {
    const b = env.client();
    expect((await b.login(LAB_B)).status).toBe(200);
    const lines = (await b.call('GET /api/wkJSON/:language', { params: { language: 'pl' }, headers: PL })).body.result as { Artikelnummer: string }[];
    expect(lines.some((l) => l.Artikelnummer === artnr)).toBe(false);
    expect((await b.call('GET /api/user/infos', { headers: PL })).body.result).toMatchObject({ Kundennummer: LAB_B, currency: 'PLN' });
  });

  it('grants no right: a sub-user without the account function is still refused the customer data (403)', async () => {
    const k13 = env.client();
    expect((await k13.login(`${LAB_A}x3`, DEMO_PASSWORD)).status).toBe(200);
    const r = await k13.call('PUT /api/user/kundendaten', { body: { Titel: 'Dr.' }, headers: PL });
    expect([r.status, r.body.error]).toEqual([403, 'forbidden_function']);
  });

  it('a cross-site page cannot add with it: refused, the cart unchanged', async () => {
    const before = await cartLine(PL);
    const r = await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr, qty: 1 }, headers: { ...PL, 'sec-fetch-site': 'cross-site' } });
    expect(r.status).toBe(403);
    expect((await cartLine(PL)).Gesamtpreis).toBe(before.Gesamtpreis);
  });

  it('ignores a header that is not a country code', async () => {
    for (const bad of ['pl-PL', 'p', '<script>', 'pl;de', ''.padEnd(300, 'x')]) {
      expect((await cartLine({ [PAGE_COUNTRY_HEADER]: bad })).Waehrung, bad).toBe('EUR');
    }
  });
});
