import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { clearContentCache, getCollection } from '../../server/lib/content.ts';
import { LAB_LS, setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

const g = () => env.client();

describe('strapicontent', () => {
  it('answers each collection of the spec', async () => {
    for (const col of ['banners', 'category-banners', 'solutions-features', 'ls-sidemenus', 'Services', 'service-nav-menus',
      'kundenservices', 'service-chatwoots', 'ls-page-metadatas']) {
      const r = await g().call('GET /api/guest/strapicontent/:collection/:country/:language', { params: { collection: col, country: 'de', language: 'de' } });
      expect(r.status, col).toBe(200);
      expect(Array.isArray(r.body.result), col).toBe(true);
      expect(r.body.result.length, col).toBeGreaterThan(0);
    }
  });

  it('unknown collections are 404, malformed country/language 400', async () => {
    expect((await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'users', country: 'de', language: 'de' } })).status).toBe(404);
    expect((await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'banners', country: 'deu', language: 'de' } })).status).toBe(400);
    expect((await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'banners', country: 'de', language: 'd' } })).body.error).toBe('invalid_language');
  });

  it('texts come typeset in their language, as the static pages show them (French "?" and ":" stay on the line)', async () => {
    const r = await g().call('GET /api/faq/:country/:language', { params: { country: 'fr', language: 'fr' } });
    const texts = JSON.stringify(r.body.result);
    expect(texts).toMatch(/\u00a0[?:]/);
    expect(texts).not.toMatch(/ [?:](?:\s|"|$)/);
  });

  it('solutions-features are sorted by sort_id', async () => {
    const r = await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'solutions-features', country: 'de', language: 'en' } });
    const ids = r.body.result.map((x: any) => x.sort_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect(r.body.result.every((x: any) => x.language === 'en')).toBe(true);
  });

  it('page metadata: country entries override "*" entries', async () => {
    const de = await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'ls-page-metadatas', country: 'de', language: 'de' } });
    const ch = await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'ls-page-metadatas', country: 'ch', language: 'de' } });
    const homeDe = de.body.result.filter((x: any) => x.route_path_name === 'home');
    const homeCh = ch.body.result.filter((x: any) => x.route_path_name === 'home');
    expect(homeDe).toHaveLength(1);
    expect(homeCh).toHaveLength(1);
    expect(homeCh[0]!.country).toBe('ch');
    expect(homeDe[0]!.meta_title).not.toBe(homeCh[0]!.meta_title);
    for (const x of de.body.result) for (const k of ['route_path_name', 'meta_title', 'meta_description']) expect(x).toHaveProperty(k);
  });

  it('falls back to en (then de) for languages without content', async () => {
    const hu = await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'Services', country: 'hu', language: 'hu' } });
    expect(hu.body.result.length).toBeGreaterThan(0);
    expect(hu.body.result.every((x: any) => x.language === 'en')).toBe(true);
    // brand 3 has no nl content → en
    const ls = env.client();
    expect((await ls.login(LAB_LS, undefined, 3)).status).toBe(200);
    const nl = await ls.call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'ls-page-metadatas', country: 'de', language: 'nl' } });
    const home = nl.body.result.find((x: any) => x.route_path_name === 'home')!;
    expect(home.language).toBe('en');
    expect(home.firma).toBe(3);
  });

  it('service-chatwoots lists the exact (company, language) switches', async () => {
    const r = await g().call('GET /api/strapicontent/:collection/:country/:language', { params: { collection: 'service-chatwoots', country: 'de', language: 'de' } });
    const on = (f: number, l: string) => r.body.result.some((x: any) => Number(x.firmennummer) === f && x.language === l && x.enabled === true);
    expect(on(1, 'de')).toBe(true);
    expect(on(1, 'fr')).toBe(false);
    expect(on(1, 'hu')).toBe(false);
  });
});

describe('faq, team, company data, phone', () => {
  it('GET faq/{c}/{l}', async () => {
    const r = await g().call('GET /api/guest/faq/:country/:language', { params: { country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result.length).toBeGreaterThan(5);
    expect(r.body.result[0]).toHaveProperty('question');
    const at = await g().call('GET /api/faq/:country/:language', { params: { country: 'at', language: 'de' } });
    const vk = at.body.result.filter((x: any) => x.slug === 'versandkosten');
    expect(vk.length).toBeLessThanOrEqual(1);
    expect((await g().call('GET /api/faq/:country/:language', { params: { country: 'de', language: 'xyz' } })).status).toBe(400);
  });

  it('POST mitarbeiter/{c}/{l} flat, grouped and randomized', async () => {
    const flat = await g().call('POST /api/guest/mitarbeiter/:country/:language', { params: { country: 'de', language: 'de' }, body: {} });
    expect(flat.status).toBe(200);
    expect(flat.body.result).toHaveLength(12);
    const grouped = await g().call('POST /api/mitarbeiter/:country/:language', { params: { country: 'de', language: 'de' }, body: { grouped: true, randomize: true } });
    expect(grouped.status).toBe(200);
    const total = grouped.body.result.reduce((n: number, gr: any) => n + gr.mitarbeiter.length, 0);
    expect(total).toBe(12);
    for (const gr of grouped.body.result as any[]) {
      expect(gr).toHaveProperty('abteilung_name');
      expect(gr.mitarbeiter.every((m: any) => m.abteilung === gr.abteilung)).toBe(true);
    }
    expect((await g().call('POST /api/mitarbeiter/:country/:language', { params: { country: 'de', language: 'de' }, body: { grouped: 'yes' } as never })).status).toBe(400);
    expect((await g().post('/api/mitarbeiter/de/de', '{x')).body.error).toBe('invalid_json');
  });

  it('GET content/Firmendaten/{c}/{l} matches the company number', async () => {
    const r = await g().call('GET /api/guest/content/Firmendaten/:country/:language', { params: { country: 'de', language: 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.result.firmennummer).toBe(1);
    const ls = env.client();
    await ls.login(LAB_LS, undefined, 3);
    expect((await ls.call('GET /api/content/Firmendaten/:country/:language', { params: { country: 'de', language: 'de' } })).body.result.firmennummer).toBe(3);
    expect((await g().call('GET /api/content/Firmendaten/:country/:language', { params: { country: 'de', language: 1 } })).status).toBe(400);
  });

  it('GET telefon/{country} answers the country numbers or the brand fallback', async () => {
    const de = await g().call('GET /api/guest/telefon/:country', { params: { country: 'de' } });
    expect(de.status).toBe(200);
    expect(de.body.result.data).toHaveLength(1);
    expect(de.body.result.data[0]!.company_telephone1).toMatch(/^\+49/);
    const lu = await g().call('GET /api/telefon/:country', { params: { country: 'lu' } });
    expect(lu.body.result.data).toHaveLength(1);
    expect(Object.keys(lu.body.result.data[0]!).sort()).toEqual(['company_telephone1', 'company_telephone2', 'company_telephone3']);
    expect((await g().call('GET /api/telefon/:country', { params: { country: 123 } })).status).toBe(400);
  });
});

describe('CMS source', () => {
  let server: Server;
  const seen: { url: string; auth?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization });
      const u = new URL(req.url ?? '', 'http://x');
      const country = u.searchParams.get('filters[country]');
      const language = u.searchParams.get('filters[language]');
      const data = u.pathname === '/api/services' && country === '*' && language === 'de'
        ? [{ id: 1, attributes: { country: '*', language: 'de', hash: 'kontakt', title: 'Aus dem CMS', sort: 1 } }]
        : [];
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data, meta: {} }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    config.cmsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config.cmsToken = 'tok';
    clearContentCache();
  });
  afterAll(async () => {
    config.cmsUrl = '';
    config.cmsToken = '';
    clearContentCache();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('reads collections from the CMS with the token and caches them for 60 s', async () => {
    const items = await getCollection('Services', { country: 'de', language: 'de', firma: 1 });
    expect(items).toEqual([{ id: 1, country: '*', language: 'de', hash: 'kontakt', title: 'Aus dem CMS', sort: 1 }]);
    expect(seen.every((s) => s.auth === 'Bearer tok')).toBe(true);
    expect(seen.some((s) => s.url.includes('pagination[pageSize]=1000') || s.url.includes('pagination%5BpageSize%5D=1000'))).toBe(true);
    const n = seen.length;
    await getCollection('Services', { country: 'de', language: 'de', firma: 1 });
    expect(seen.length).toBe(n);
  });

  it('POST cms/webhook clears the cache with the shared secret only', async () => {
    expect((await g().post('/api/cms/webhook')).status).toBe(401);
    const r = await g().req('POST', '/api/cms/webhook', undefined, { 'x-webhook-secret': config.cmsWebhookSecret });
    expect(r.status).toBe(200);
    const n = seen.length;
    await getCollection('Services', { country: 'de', language: 'de', firma: 1 });
    expect(seen.length).toBeGreaterThan(n);
  });
});
