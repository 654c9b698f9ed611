import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptLanguageCandidates } from '../../server/modules/user.ts';
import { LAB_A, LAB_LS, setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

describe('countries, company, currency', () => {
  it('GET user/countries lists countries with names in the request language and continents', async () => {
    const g = env.client();
    const de = await g.call('GET /api/guest/user/countries', { query: { lang: 'de' } });
    expect(de.status).toBe(200);
    const germany = de.body.result.find((c: any) => c.iso2country === 'de')!;
    expect(germany).toMatchObject({ lndnr: expect.any(Number), iso2language: 'de', fi: 1 });
    expect(Array.isArray(germany.continents)).toBe(true);
    expect(germany.continents).toContain('EU');
    const en = await g.call('GET /api/user/countries', { query: { lang: 'en' } });
    const germanyEn = en.body.result.find((c: any) => c.iso2country === 'de')!;
    expect(typeof germanyEn.lndname).toBe('string');
    expect(germanyEn.lndname.length).toBeGreaterThan(0);
    expect((await g.call('GET /api/user/countries', { query: { lang: 'deu' } })).status).toBe(400);
  });

  it('countries 52 and 600 appear under Europe and Asia', async () => {
    const r = await env.client().call('GET /api/user/countries');
    for (const c of r.body.result.filter((x: any) => x.lndnr === 52 || x.lndnr === 600)) {
      expect(c.continents).toEqual(expect.arrayContaining(['EU', 'AS']));
    }
  });

  it('GET user/company/{country} answers the company number', async () => {
    const g = env.client();
    const r = await g.call('GET /api/guest/user/company/:country', { params: { country: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(1);
    expect((await g.call('GET /api/user/company/:country', { params: { country: 'DE' } })).body.result).toBe(1);
    expect((await g.call('GET /api/user/company/:country', { params: { country: 'zz' } })).status).toBe(404);
    expect((await g.call('GET /api/user/company/:country', { params: { country: 'd1' } })).body.error).toBe('invalid_country');
  });

  it('the company number of an isLS country is the one its customers log in with (issue 12: the panel sent Firma 1)', async () => {
    const g = env.client();
    const firma = (await g.call('GET /api/guest/user/company/:country', { params: { country: 'dk' } })).body.result;
    expect(firma).toBe(3);
    expect((await g.call('POST /api/login', { body: { Firma: 1, Benutzername: String(LAB_LS), Kennwort: 'Demo-Labor-2026', kw: '' } })).status).toBe(401);
    const r = await g.call('POST /api/login', { body: { Firma: firma, Benutzername: String(LAB_LS), Kennwort: 'Demo-Labor-2026', kw: '' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ Kundennummer: LAB_LS, Firma: 3, isLS: true });
  });

  it('GET user/firma/{country} answers currency, symbol and firma', async () => {
    const g = env.client();
    const r = await g.call('GET /api/guest/user/firma/:country', { params: { country: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ currency: 'EUR', firma: 1 });
    expect(typeof r.body.result.symbol).toBe('string');
    const ch = await env.db.selectFrom('countries').select('currency').where('iso2', '=', 'CH').executeTakeFirst();
    if (ch) expect((await g.call('GET /api/user/firma/:country', { params: { country: 'ch' } })).body.result.currency).toBe(ch.currency);
    expect((await g.call('GET /api/user/firma/:country', { params: { country: 'zz' } })).status).toBe(404);
    expect((await g.call('GET /api/user/firma/:country', { params: { country: 123 } })).status).toBe(400);
  });
});

describe('customer data', () => {
  it('GET user/infos is 401 without a session and the Customer entity with one', async () => {
    const c = env.client();
    const no = await c.call('GET /api/user/infos');
    expect(no.status).toBe(401);
    expect(no.body.error).toBe('unauthorized');
    await c.login(LAB_A);
    const r = await c.call('GET /api/user/infos');
    expect(r.status).toBe(200);
    const fields = ['Firma', 'Kundennummer', 'Titel', 'Vorname', 'Nachname', 'Geburtsdatum', 'Geschlecht', 'TelefonVorwahl',
      'TelefonRufnummer', 'MobilVorwahl', 'MobilRufnummer', 'FaxVorwahl', 'FaxRufnummer', 'eMail', 'Internetadresse', 'UstIdNr',
      'NamensZeile1', 'NamensZeile2', 'NamensZeile3', 'Strasse', 'PLZ', 'Ort', 'Landnummer', 'Landname', 'LandISO2', 'Newsletter',
      'Faxwerbung', 'activeUser', 'isLS', 'currency'];
    expect(Object.keys(r.body.result).sort()).toEqual(fields.sort());
    expect(r.body.result).toMatchObject({ Kundennummer: LAB_A, Firma: 1, isLS: false, activeUser: null, currency: 'EUR' });
    expect(['D', 'ka', 'M', 'W']).toContain(r.body.result.Geschlecht);
  });

  it('isLS is true for company 3', async () => {
    const c = env.client();
    expect((await c.login(LAB_LS, undefined, 3)).status).toBe(200);
    expect((await c.call('GET /api/user/infos')).body.result).toMatchObject({ Firma: 3, isLS: true });
  });
});

describe('catalogue and location', () => {
  it('GET katalog/{country}/{iso3} answers the PDF address and price list', async () => {
    const g = env.client();
    const r = await g.call('GET /api/guest/katalog/:country/:languageISO3', { params: { country: 'de', languageISO3: 'DEU' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ url: '/kataloge/de-DEU.pdf', pl: false, plnr: 0 });
    expect((await g.call('GET /api/katalog/:country/:languageISO3', { params: { country: 'de', languageISO3: 'XYZ' } })).body.error).toBe('invalid_language');
    expect((await g.call('GET /api/katalog/:country/:languageISO3', { params: { country: 'de', languageISO3: 'de' } })).status).toBe(400);
    expect((await g.call('GET /api/katalog/:country/:languageISO3', { params: { country: 'zz', languageISO3: 'DEU' } })).status).toBe(404);
    await env.db.updateTable('customers').set({ price_list: 7 }).where('kdnr', '=', LAB_A).execute();
    await g.login(LAB_A);
    expect((await g.call('GET /api/katalog/:country/:languageISO3', { params: { country: 'de', languageISO3: 'enu' } })).body.result).toEqual({ url: '/kataloge/de-ENU.pdf', pl: true, plnr: 7 });
  });

  it('parses Accept-Language into country candidates', () => {
    expect(acceptLanguageCandidates('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7')).toEqual(['CH', 'FR', 'EN', 'DE']);
    expect(acceptLanguageCandidates('en;q=0.1, de-AT')).toEqual(['AT', 'DE', 'EN']);
    expect(acceptLanguageCandidates('*')).toEqual([]);
    expect(acceptLanguageCandidates(undefined)).toEqual([]);
  });

  it('GET geo/locate answers the country from Accept-Language, else the default', async () => {
    const g = env.client();
    const at = await env.db.selectFrom('countries').select(['iso2', 'iso2language']).where('iso2', '=', 'AT').executeTakeFirst();
    if (at) {
      const r = await g.call('GET /api/guest/geo/locate', { headers: { 'accept-language': 'de-AT,de;q=0.9' } });
      expect(r.body.result).toEqual({ iso2: 'at', country: { spracheIso2: at.iso2language.toLowerCase() } });
    }
    const none = await g.call('GET /api/geo/locate', { headers: { 'accept-language': 'xx-QQ' } });
    expect(none.status).toBe(200);
    expect(none.body.result).toEqual({ iso2: 'de', country: { spracheIso2: 'de' } });
    const garbage = await g.call('GET /api/geo/locate', { headers: { 'accept-language': ';;;,,q=abc' + 'x'.repeat(5000) } });
    expect(garbage.status).toBe(200);
  });
});

describe('settings', () => {
  it('PUT user/settings stores country and language on the session and the customer', async () => {
    const c = env.client();
    const guest = await c.call('PUT /api/user/settings', { body: { country: 'at', language: 'en' } });
    expect(guest.status).toBe(200);
    expect(guest.body.result).toEqual({ country: 'at', language: 'en' });
    await c.login(LAB_A);
    const r = await c.call('PUT /api/user/settings', { body: { country: 'de', language: 'fr' } });
    expect(r.body.result).toEqual({ country: 'de', language: 'fr' });
    const row = await env.db.selectFrom('customers').select('sprache').where('kdnr', '=', LAB_A).executeTakeFirstOrThrow();
    expect(row.sprache).toBe('fr');
    // unsupported interface language → en
    expect((await c.call('PUT /api/user/settings', { body: { country: 'de', language: 'hu' } })).body.result.language).toBe('en');
    await c.call('PUT /api/user/settings', { body: { country: 'de', language: 'de' } });
  });

  it('rejects bad settings', async () => {
    const c = env.client();
    expect((await c.call('PUT /api/user/settings', { body: { country: 'zz', language: 'de' } })).body.error).toBe('invalid_country');
    expect((await c.call('PUT /api/user/settings', { body: { country: 'de', language: 'deutsch' } })).body.error).toBe('invalid_language');
    expect((await c.call('PUT /api/user/settings', { body: { country: 5, language: 'de' } as never })).status).toBe(400);
    expect((await c.put('/api/user/settings', '{"country":')).body.error).toBe('invalid_json');
  });
});
