// Issue 9, item 10 (headers): pages, API answers and uploads carry nosniff, no-framing, referrer and
// permissions policies and a CSP; page CSPs allow inline scripts only by their hashes; customer JSON is
// never stored; HSTS and Secure cookies whenever PUBLIC_URL is https. (Uploads: uploads.test.ts; the
// pages of the real site running under their CSP without violations: tests/e2e/security-csp.spec.ts.)
import http from 'node:http';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, setupApi, type TestEnv } from '../api/harness.ts';
import { withPageHeaders } from '../../server/page-headers.ts';
import { inlineScripts, pageCsp } from '../../server/http/security-headers.ts';
import { config } from '../../server/config.ts';
import { startRealServer } from './real-server.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

function expectCommon(h: Headers): void {
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('permissions-policy')).toMatch(/(^|, )camera=\(self\)/);
  expect(h.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
}

describe('API answers', () => {
  it('customer JSON: security headers, a deny-all CSP and no-store', async () => {
    const c = env.client();
    const login = await c.login(LAB_A);
    expectCommon(login.headers);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const infos = await c.get('/api/user/infos');
    expect(infos.status).toBe(200);
    expectCommon(infos.headers);
    expect(infos.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(infos.headers.get('cache-control')).toBe('no-store');
    // errors too
    const missing = await c.get('/api/nothing-here');
    expectCommon(missing.headers);
    expect(missing.headers.get('strict-transport-security')).toBeNull(); // plain http here
  });
});

const PAGE = '<!doctype html><html><head><script>window.a=1</script><script type="module">import "/x.js"</script>'
  + '<script type="application/ld+json">{"@type":"Product"}</script><script src="/_astro/app.js"></script></head>'
  + '<body><script is:inline>document.documentElement.dataset.b="2"</script></body></html>';
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('pages', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    // the three ways a page leaves the renderer: writeHead with headers, setHeader + chunks, raw header arrays
    server = http.createServer((req, res) => {
      withPageHeaders(req, res);
      if (req.url === '/static') { res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(PAGE) }); res.end(PAGE); return; }
      if (req.url === '/stream') { res.setHeader('content-type', 'text/html'); res.write(PAGE.slice(0, 50)); res.write(Buffer.from(PAGE.slice(50, 120))); res.end(PAGE.slice(120)); return; }
      if (req.url === '/array') { res.writeHead(200, ['Content-Type', 'text/html', 'x-a', '1']); res.end(PAGE); return; }
      if (req.url === '/gone') { res.writeHead(404, { 'content-type': 'text/html' }); res.end(PAGE); return; }
      // a static asset as `send` delivers it: headers set, then piped chunks (the head is implicit)
      res.setHeader('content-type', 'text/css'); res.write('body'); res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('finds the executable inline scripts only', () => {
    expect(inlineScripts(PAGE)).toEqual(['window.a=1', 'import "/x.js"', 'document.documentElement.dataset.b="2"']);
  });

  it('a page\'s CSP lists the hashes of exactly its inline scripts and never unsafe-inline for scripts', async () => {
    for (const p of ['/static', '/stream', '/array']) {
      const r = await fetch(base + p);
      expect(await r.text()).toBe(PAGE); // unchanged body
      expectCommon(r.headers);
      const csp = r.headers.get('content-security-policy')!;
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'))!;
      expect(scriptSrc).toBe(`script-src 'self' ${sha('window.a=1')} ${sha('import "/x.js"')} ${sha('document.documentElement.dataset.b="2"')}`);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com/);
    }
    const css = await fetch(`${base}/app.css`);
    expect(css.headers.get('etag')).toBeNull(); // passed through: its own server decides
    expect(await css.text()).toBe('body{}');
    expect(css.headers.get('x-content-type-options')).toBe('nosniff');
    expect(css.headers.get('content-security-policy')).toBeNull();
  });
  it('a page rendered on demand has an ETag from its bytes and answers 304 to a client that holds them', async () => {
    const tags = new Set<string>();
    for (const p of ['/static', '/stream', '/array']) {
      const r = await fetch(base + p);
      await r.text();
      const etag = r.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
      tags.add(etag);
      const again = await fetch(base + p, { headers: { 'if-none-match': `"other", ${etag}` } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('content-security-policy')).toMatch(/^default-src/);
      const changed = await fetch(base + p, { headers: { 'if-none-match': 'W/"not-this-page"' } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toBe(PAGE);
    }
    expect(tags.size).toBe(1); // the same bytes however they were written
    const gone = await fetch(`${base}/gone`, { headers: { 'if-none-match': [...tags][0]! } });
    expect(gone.status).toBe(404); // only a 200 revalidates
    expect(gone.headers.get('etag')).toBeNull();
    expect(await gone.text()).toBe(PAGE);
  });
});

describe('configured third parties stay allowed', () => {
  it('analytics (MATOMO_URL) may load its script, send and count; YouTube only in frames (consent-gated)', () => {
    const saved = config.analyticsUrl;
    config.analyticsUrl = 'https://stats.example.org/matomo/';
    try {
      const d = Object.fromEntries(pageCsp('<p></p>').split('; ').map((x) => [x.split(' ')[0], x]));
      for (const k of ['script-src', 'connect-src', 'img-src']) expect(d[k]).toContain('https://stats.example.org');
      expect(d['frame-src']).toBe('frame-src https://www.youtube-nocookie.com');
      expect(d['script-src']).not.toContain('youtube');
    } finally { config.analyticsUrl = saved; }
    expect(pageCsp('<p></p>')).not.toContain('stats.example.org');
  });
});

describe('https deployments (PUBLIC_URL=https://…)', () => {
  it('HSTS on every answer and Secure session cookies', async () => {
    const srv = await startRealServer({ PUBLIC_URL: 'https://shop.example' });
    try {
      const r = await fetch(`${srv.url}/api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Firma: 1, Benutzername: String(LAB_A), Kennwort: 'Demo-Labor-2026', kw: '' }),
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/);
      // the Node server sets the API's headers on its own response (server/http/app.ts): the same
      // headers as above, and an answer's own caching rule wins over the default no-store
      expectCommon(r.headers);
      expect(r.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      for (const enc of ['', 'br']) {
        const missing = await fetch(`${srv.url}/api/nothing-here`, { headers: enc ? { 'accept-encoding': enc } : {} });
        expect(missing.status).toBe(404);
        expectCommon(missing.headers);
        expect(missing.headers.get('cache-control')).toBe('no-store');
        expect(missing.headers.get('vary')).toMatch(/Accept-Encoding/);
        expect(missing.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/);
        expect((await missing.json() as { error: string }).error).toBe('not_found');
      }
      const image = await fetch(`${srv.url}/images/artikel/small/NOPE-0000.webp`);
      expect(image.status).toBe(404);
      expect(image.headers.get('cache-control')).toBe('no-cache');
      expectCommon(image.headers);
      const sid = r.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
      expect(sid).toMatch(/;\s*Secure/i);
      expect(sid).toMatch(/HttpOnly/i);
    } finally {
      await srv.stop();
    }
  }, 90_000);
});
