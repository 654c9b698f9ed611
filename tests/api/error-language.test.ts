// An error's `message` (and the few answer fields that carry a text) comes from the locale files in the
// request's language: the route's language segment, else ?lang=, else the session's, else German; the error key and status stay.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCart, LAB_B, plainArticle, setupApi, type TestEnv } from './harness.ts';

const locale = (l: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../src/i18n/locales', `${l}.json`), 'utf8')) as Record<string, string>;
const de = locale('de');
const fr = locale('fr');
const en = locale('en');

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => {
  await env.db.updateTable('customers').set({ sprache: 'de' }).where('kdnr', '=', LAB_B).execute();
  await env.close();
});

describe('API error texts in the request\'s language', () => {
  it('?lang=fr answers the French text of the key, without it German; an unknown language English', async () => {
    const c = env.client();
    const fr401 = await c.get('/api/checkout?lang=fr');
    expect([fr401.status, fr401.body.error, fr401.body.message]).toEqual([401, 'unauthorized', 'Veuillez vous connecter.']);
    const de401 = await c.get('/api/checkout');
    expect([de401.status, de401.body.error, de401.body.message]).toEqual([401, 'unauthorized', de.unauthorized]);
    expect((await c.get('/api/checkout?lang=xx')).body.message).toBe(en.unauthorized);
    // a route with a language segment speaks that language, before ?lang=
    const seg = await c.get('/api/wkJSON/fr?lang=de');
    expect([seg.status, seg.body.error, seg.body.message]).toEqual([401, 'unauthorized', fr.unauthorized]);
    const nf = await c.get('/api/no-such-call?lang=fr');
    expect([nf.status, nf.body.error, nf.body.message]).toEqual([404, 'not_found', fr.not_found]);
    const json = await c.req('POST', '/api/login?lang=fr', '{nope', { 'content-type': 'application/json' });
    expect([json.status, json.body.error, json.body.message]).toEqual([400, 'invalid_json', fr.invalid_json]);
  });

  it('fills the text\'s placeholders from the error and keeps the key\'s extra fields', async () => {
    const c = env.client();
    expect((await c.login(LAB_B)).status).toBe(200);
    const { artnr } = await plainArticle(env.db);
    await fillCart(c, artnr, 1);
    const r = await c.put('/api/checkout?country=de&lang=fr', { versandart: 'drohne' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'field_invalid', field: 'versandart', message: 'Champ versandart non valide' });
    const g = await c.put('/api/checkout?country=de&lang=de', { versandart: 'drohne' });
    expect(g.body.message).toBe('Feld versandart ungültig');
    await c.post('/api/wk/delete');
  });

  it('without ?lang= the session\'s language speaks; statistics\' message as well', async () => {
    await env.db.updateTable('customers').set({ sprache: 'fr' }).where('kdnr', '=', LAB_B).execute();
    const c = env.client();
    expect((await c.login(LAB_B)).status).toBe(200);
    await c.post('/api/wk/delete');
    const empty = await c.get('/api/checkout?country=de');
    expect([empty.status, empty.body.error, empty.body.message]).toEqual([400, 'cart_no_products', fr.cart_no_products]);
    const code = await c.post('/api/checkout/benefit?country=de', { code: ' ' });
    expect([code.status, code.body.error, code.body.message]).toEqual([400, 'benefit_code_empty', fr.benefit_code_empty]);
    const stats = await c.get('/api/statistics/orders?from=1990-01-01&to=1990-12-31');
    expect(stats.body.result).toMatchObject({ notice: 'statistics_no_data', message: fr.statistics_no_data });
    const statsDe = await c.get('/api/statistics/orders?from=1990-01-01&to=1990-12-31&lang=de');
    expect(statsDe.body.result.message).toBe('Im gewählten Zeitraum konnten keine Daten ermittelt werden');
    const zl = await c.get('/api/zahnlager/statistik?from=2001-01-01&to=2001-12-31&lang=fr');
    expect([zl.status, zl.body.result]).toMatchObject([200, { empty: true, message: fr.statistics_no_data }]);
  });
});
