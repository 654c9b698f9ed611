// Issue 9, item 9 (CSRF): a third-party page can make the browser send the shop's cookie along, but the
// browser also says where the request comes from. State-changing calls from another site are refused
// (403 JSON), the spec's state-changing GET calls included; same-origin calls and clients that are no
// browser (no Origin, no Sec-Fetch-Site) keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, plainArticle, setupApi, type Client, type TestEnv } from '../api/harness.ts';

let env: TestEnv;
let artnr: string;
beforeAll(async () => { env = await setupApi(); artnr = (await plainArticle(env.db)).artnr; });
afterAll(async () => { await env.close(); });

async function customer(): Promise<Client> {
  const c = env.client();
  expect((await c.login(LAB_A)).status).toBe(200);
  return c;
}
const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const cartCount = async (c: Client) => Number((await c.get('/api/wk/anz')).body.result);

describe('cross-site requests with the session cookie', () => {
  it('a cross-site text/plain POST (the form trick) is refused with 403 JSON and changes nothing', async () => {
    const c = await customer();
    await c.post('/api/wk/delete');
    for (const headers of [EVIL, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }] as Record<string, string>[]) {
      const r = await c.req('POST', `/api/wk/${encodeURIComponent(artnr)}/add/3`, '{}', { 'content-type': 'text/plain', ...headers });
      expect([r.status, r.body.error, r.body.reason]).toEqual([403, 'forbidden', 'cross_site_request']);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(await cartCount(c)).toBe(0);
    const pw = await c.req('POST', '/api/password/change', { old: 'x', neu: 'y' }, EVIL);
    expect(pw.status).toBe(403);
  });

  it('GET logout and GET zahnlager/zubuchen/auto answer only same-origin requests', async () => {
    const c = await customer();
    const out = await c.req('GET', '/api/logout', undefined, EVIL);
    expect([out.status, out.body.reason]).toEqual([403, 'cross_site_request']);
    expect((await c.get('/api/user/infos')).status).toBe(200); // still logged in
    const auto = await c.req('GET', '/api/zahnlager/zubuchen/auto', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(auto.status).toBe(403);
    expect((await c.req('GET', '/api/zahnlager/zubuchen/auto', undefined, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // reading calls stay open to navigation from elsewhere
    expect((await c.req('GET', '/api/user/infos', undefined, EVIL)).status).toBe(200);
    const own = await c.req('GET', '/api/logout', undefined, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' });
    expect(own.status).toBe(200);
  });

  it('another site cannot send the page-language header: its preflight gets no CORS permission', async () => {
    const c = await customer();
    // a custom header makes the browser ask first (OPTIONS); without Access-Control-Allow-* it stops there
    for (const path of ['/api/favoriten/listen', `/api/wk/${encodeURIComponent(artnr)}/add/1`]) {
      const r = await c.req('OPTIONS', path, undefined, {
        origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-page-language',
      });
      expect(r.status).toBeLessThan(500);
      for (const h of ['access-control-allow-origin', 'access-control-allow-headers', 'access-control-allow-credentials']) expect(r.headers.get(h), h).toBeNull();
    }
  });

  it('the shop\'s own pages (same origin) and non-browser clients keep working', async () => {
    const c = await customer();
    const same = await c.req('POST', `/api/wk/${encodeURIComponent(artnr)}/add/1`, undefined, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' });
    expect(same.status).toBe(200);
    // older browser without Sec-Fetch-Site: Origin equal to the host it talks to
    const host = await c.req('POST', `/api/wk/${encodeURIComponent(artnr)}/add/1`, undefined, { origin: 'https://shop.example', host: 'shop.example' });
    expect(host.status).toBe(200);
    // curl / server-to-server: neither header
    expect((await c.post(`/api/wk/${encodeURIComponent(artnr)}/add/1`)).status).toBe(200);
  });
});
