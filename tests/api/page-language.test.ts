// The language of an answer's texts: a customer who logged in on the German site and then switched the
// page to French reads French article names and error texts. The browser's API client sends the page's
// language with every call (PAGE_LANGUAGE_HEADER); a language the call names itself (?lang=) still wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LANGUAGE_HEADER } from '../../src/api/contract.ts';
import { LAB_A, plainArticle, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let c: Client;
let artnr = '';
const names: Record<string, string> = {};

beforeAll(async () => {
  env = await setupApi();
  c = env.client();
  expect((await c.login(LAB_A)).status).toBe(200);
  // an article with a French name that differs from the German one
  const row = await env.db.selectFrom('article_texts as f').innerJoin('article_texts as d', (j) => j.onRef('d.artnr', '=', 'f.artnr').on('d.lang', '=', 'de'))
    .select(['f.artnr', 'f.bezeichnung as fr', 'd.bezeichnung as de']).where('f.lang', '=', 'fr').whereRef('f.bezeichnung', '<>', 'd.bezeichnung')
    .where('f.artnr', '=', (await plainArticle(env.db)).artnr).executeTakeFirstOrThrow();
  artnr = row.artnr;
  Object.assign(names, { de: row.de, fr: row.fr });
  expect((await c.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr } })).status).toBe(200);
});
afterAll(async () => {
  await c.call('DELETE /api/favoriten/:listId/:artnr', { params: { listId: 0, artnr } });
  await env.close();
});

const nameIn = async (headers: Record<string, string>, query?: { lang: string }) => {
  const r = await c.call('GET /api/favoriten/liste/:listId', { params: { listId: 0 }, headers, ...(query ? { query } : {}) });
  expect(r.status).toBe(200);
  return r.body.result.items.find((i: { Artikelnummer: string }) => i.Artikelnummer === artnr)?.Bezeichnung;
};

describe('answers in the language of the page', () => {
  it('the session\'s language without the header, the page\'s with it', async () => {
    expect(await nameIn({})).toBe(names.de);
    expect(await nameIn({ [PAGE_LANGUAGE_HEADER]: 'fr' })).toBe(names.fr);
    expect(await nameIn({ [PAGE_LANGUAGE_HEADER]: 'FR' })).toBe(names.fr);
  });

  it('a language the call names itself wins over the page\'s', async () => {
    expect(await nameIn({ [PAGE_LANGUAGE_HEADER]: 'fr' }, { lang: 'de' })).toBe(names.de);
  });

  it('ignores a header that is not a language code', async () => {
    for (const bad of ['fr-FR', 'f', '<script>', 'fr;de', ''.padEnd(300, 'x')]) expect(await nameIn({ [PAGE_LANGUAGE_HEADER]: bad }), bad).toBe(names.de);
  });

  it('error texts follow the page too', async () => {
    const r = await c.call('PUT /api/favoriten/:listId/:artnr/:qty', { params: { listId: 0, artnr, qty: 0 }, headers: { [PAGE_LANGUAGE_HEADER]: 'fr' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/quantité/);
  });
});
