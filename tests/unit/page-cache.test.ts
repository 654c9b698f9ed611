// The product-page cache of the site host: a render runs once per page and auth state, the copy
// carries the page's status and headers, and answers that set cookies or fail are never kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageCache } from '../../server/page-cache.ts';

const cache = new PageCache(10);
const renders: string[] = [];
let base = '';
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const rest = (req.url ?? '').replace(/^\/de\/de\//, '');
    const loggedIn = req.headers.cookie === 'sid=x';
    const render = async () => {
      renders.push(`${req.url}|${loggedIn}`);
      const status = rest.includes('fail') ? 500 : rest.includes('NOPE') ? 404 : 200;
      res.writeHead(status, { 'content-type': 'text/html', 'cache-control': 'private, no-cache', ...(rest.includes('cookie') ? { 'set-cookie': ['a=1'] } : {}) });
      res.write(`<p>${loggedIn ? 'customer' : 'guest'}</p>`);
      await new Promise((r) => setTimeout(r, 1));
      res.end(Buffer.from(`<p>${renders.length}</p>`));
    };
    const key = cache.keyOf(req, rest, loggedIn);
    if (!key) return void render();
    if (cache.serve(key, res)) return;
    void cache.capture(key, res, render);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = async (p: string, cookie?: string) => {
  const r = await fetch(base + p, { headers: cookie ? { cookie } : {} });
  return { status: r.status, type: r.headers.get('content-type'), cc: r.headers.get('cache-control'), body: await r.text() };
};

describe('PageCache', () => {
  it('renders a product page once per auth state and answers the copy with status and headers', async () => {
    const p = '/de/de/shop/artikel/4711-zahn/details/';
    const first = await get(p);
    const again = await get(p);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 200, type: 'text/html', cc: 'private, no-cache' });
    expect(renders.filter((r) => r.startsWith(p))).toEqual([`${p}|false`]);
    const customer = await get(p, 'sid=x');
    expect(customer.body).toContain('customer');
    expect((await get(p, 'sid=x')).body).toBe(customer.body);
    expect(renders.filter((r) => r.startsWith(p))).toEqual([`${p}|false`, `${p}|true`]);
  });
  it('keeps 404 answers but not failures, answers with cookies or other pages', async () => {
    await get('/de/de/shop/artikel/NOPE-x/details/');
    expect((await get('/de/de/shop/artikel/NOPE-x/details/')).status).toBe(404);
    for (const p of ['/de/de/shop/artikel/fail-x/details/', '/de/de/shop/artikel/cookie-x/details/', '/de/de/wk/']) {
      await get(p);
      await get(p);
      expect(renders.filter((r) => r.startsWith(p))).toHaveLength(2);
    }
    expect(renders.filter((r) => r.startsWith('/de/de/shop/artikel/NOPE'))).toHaveLength(1);
  });
});
