// Compressed delivery: the built site's pages and scripts are served from their build-time brotli and
// gzip variants by content negotiation (identity to a client that does not ask), with ETag
// revalidation and immutable caching of /_astro; on-demand pages and API JSON are compressed on the
// fly above the threshold (server/static-files.ts, server/http/compress.ts, src/integrations/precompress.ts).
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { SiteHost } from '../../server/site.ts';
import { withCompression, COMPRESS_THRESHOLD } from '../../server/http/compress.ts';
import { withPageHeaders } from '../../server/page-headers.ts';
import { INLINE_MAX, negotiateEncoding } from '../../server/lib/encoding.ts';
import { precompressDir } from '../../src/integrations/precompress.ts';
import { setupApi, type TestEnv } from './harness.ts';

interface Raw { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A GET that keeps the bytes as sent (fetch would decompress them). */
function raw(base: string, p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http.get(base + p, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

function decode(r: Raw): Buffer {
  const enc = r.headers['content-encoding'];
  return enc === 'br' ? zlib.brotliDecompressSync(r.body) : enc === 'gzip' ? zlib.gunzipSync(r.body) : r.body;
}

async function listen(listener: http.RequestListener): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const PAGE = `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<p>Artikel ${i}: Superhartgips Klasse 4</p>`).join('')}</body></html>`;
const SCRIPT = `export const rows = [${Array.from({ length: 500 }, (_, i) => `{ id: ${i}, name: "Fräser ${i}" }`).join(', ')}];\n`;
const ON_DEMAND = `<!doctype html><html><body>${'<div class="card">Kunststoffzähne</div>'.repeat(300)}</body></html>`;

describe('compressed delivery of the built site', () => {
  let root: string;
  let srv: { server: http.Server; base: string };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
    // the stand-in renderer of on-demand pages: head first, then the body in two writes (as Astro streams;
    // the first one above the threshold, so compression starts before the end)
    fs.writeFileSync(path.join(dist, 'server', 'entry.mjs'), `export const handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const html = ${JSON.stringify(ON_DEMAND)};
      res.write(html.slice(0, 1500)); res.end(html.slice(1500));
    };\n`);
    for (const [file, text] of [['de/de/service/index.html', PAGE], ['de/de/404/index.html', '<html>404</html>'], ['_astro/app.Xy12.js', SCRIPT], ['robots.txt', 'User-agent: *\n']]) {
      fs.mkdirSync(path.dirname(path.join(dist, 'client', file!)), { recursive: true });
      fs.writeFileSync(path.join(dist, 'client', file!), text!);
    }
    const stats = await precompressDir(path.join(dist, 'client'));
    expect(stats.compressed).toBe(4);
    const host = new SiteHost({ dir: dist, shopDomain: 'shop.example', session: async () => null, guestPageCacheMs: 60_000 });
    expect(await host.load()).toBe(true);
    // as server/main.ts: compression outside, the page headers (CSP, ETag of on-demand pages) inside
    srv = await listen(withCompression((req, res) => { withPageHeaders(req, res); void host.handle(req, res); }));
  });

  afterAll(async () => {
    await new Promise((r) => srv.server.close(r));
    fs.rmSync(root, { recursive: true, force: true });
  });

  for (const [what, url, identity] of [['a page', '/de/de/service/', PAGE], ['a script', '/_astro/app.Xy12.js', SCRIPT]] as const) {
    it(`serves ${what} brotli, gzip or identity as the client asks`, async () => {
      const br = await raw(srv.base, url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(Buffer.byteLength(identity) / 3);
      expect(decode(br).toString()).toBe(identity);

      const gz = await raw(srv.base, url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
      expect(decode(gz).toString()).toBe(identity);

      const preferGzip = await raw(srv.base, url, { 'accept-encoding': 'br;q=0.4, gzip;q=0.9' });
      expect(preferGzip.headers['content-encoding']).toBe('gzip');

      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
        const plain = await raw(srv.base, url, headers);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(identity));
        expect(plain.body.toString()).toBe(identity);
      }
    });
  }

  it('revalidates pages by ETag (304) and caches /_astro for a year', async () => {
    const first = await raw(srv.base, '/de/de/service/', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toMatch(/max-age=0/);
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    expect((await raw(srv.base, '/de/de/service', {})).headers.etag).toBe(etag);
    const again = await raw(srv.base, '/de/de/service/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await raw(srv.base, '/de/de/service/', { 'if-none-match': 'W/"other"' })).status).toBe(200);
    const script = await raw(srv.base, '/_astro/app.Xy12.js', { 'accept-encoding': 'br' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not precompress what does not shrink, and serves such files as they are', async () => {
    expect(fs.existsSync(path.join(root, 'dist', 'client', 'robots.txt.br'))).toBe(false);
    const r = await raw(srv.base, '/robots.txt', { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe('User-agent: *\n');
  });

  it('compresses an on-demand page on the fly', async () => {
    const br = await raw(srv.base, '/de/de/shop/warenkorb/', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(br).toString()).toBe(ON_DEMAND);
    const plain = await raw(srv.base, '/de/de/shop/warenkorb/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ON_DEMAND);
    // revalidated by the ETag of its bytes, whatever encoding the client took it in
    expect(br.headers.etag).toBe(plain.headers.etag);
    const again = await raw(srv.base, '/de/de/shop/warenkorb/', { 'accept-encoding': 'br, gzip', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves a guest page from the page cache compressed as each client asks', async () => {
    const url = '/de/de/shop/artikel/zahn-123/details';
    const etags = new Set<string | undefined>();
    for (const enc of ['br', undefined, 'gzip', 'br']) {
      const r = await raw(srv.base, url, enc ? { 'accept-encoding': enc } : {});
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe(enc);
      expect(decode(r).toString()).toBe(ON_DEMAND);
      etags.add(r.headers.etag);
    }
    // rendered once, then from the cache: one ETag, and a client holding the page gets a 304 from the cache
    expect(etags.size).toBe(1);
    const etag = [...etags][0]!;
    expect(etag).toMatch(/^W\//);
    const again = await raw(srv.base, url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('copies the variants of unchanged files from the live build', async () => {
    const next = path.join(root, 'next');
    fs.cpSync(path.join(root, 'dist', 'client'), next, { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) });
    fs.writeFileSync(path.join(next, 'de', 'de', 'service', 'index.html'), PAGE.replace('Klasse 4', 'Klasse 3'));
    const stats = await precompressDir(next, { reuseFrom: path.join(root, 'dist', 'client') });
    expect(stats).toMatchObject({ files: 4, reused: 1, compressed: 3 }); // the script reused; the page changed; 404 and robots.txt have no variants
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(next, 'de', 'de', 'service', 'index.html.br'))).toString()).toContain('Klasse 3');
  });
});

describe('compressed API JSON', () => {
  let env: TestEnv;
  let srv: { server: http.Server; base: string };
  beforeAll(async () => {
    env = await setupApi();
    srv = await listen(withCompression(getRequestListener(env.app.fetch)));
  });
  afterAll(async () => {
    await new Promise((r) => srv.server.close(r));
    await env.close();
  });

  it('compresses JSON above the threshold and leaves small answers alone', async () => {
    const url = '/api/suche/de?q=Zahn';
    const plain = await raw(srv.base, url);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const enc of ['br', 'gzip']) {
      const r = await raw(srv.base, url, { 'accept-encoding': enc });
      expect(r.headers['content-encoding']).toBe(enc);
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(r).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    const small = await raw(srv.base, '/api/nothing-here', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
  });
  const guestCalls: [string, () => Promise<string>][] = [
    ['a search', async () => '/api/suche/de?q=Gips&limit=10'],
    ['an article detail', async () => {
      const a = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('parent_artnr', 'is', null)
        .orderBy('artnr').executeTakeFirstOrThrow();
      return `/api/artikel/${encodeURIComponent(a.artnr)}/de/de`;
    }],
  ];
  for (const [what, path] of guestCalls) it(`${what}: a guest answer from the cache is compressed once per encoding, then sent as kept`, async () => {
    const url = await path();
    const first = await raw(srv.base, url);
    expect(first.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const plain = JSON.parse(first.body.toString());
    // the first asks compute it; from the second on the cache keeps it (a key asked once is not kept)
    for (let i = 0; i < 3; i++) for (const enc of ['br', 'gzip']) await raw(srv.base, url, { 'accept-encoding': enc });
    const br = vi.spyOn(zlib, 'brotliCompressSync');
    const gz = vi.spyOn(zlib, 'gzipSync');
    try {
      for (let i = 0; i < 5; i++) {
        for (const enc of ['br', 'gzip']) {
          const r = await raw(srv.base, url, { 'accept-encoding': `${enc}, deflate` });
          expect(r.headers['content-encoding']).toBe(enc);
          expect(r.headers.vary).toMatch(/accept-encoding/i);
          expect(Number(r.headers['content-length'])).toBe(r.body.length);
          expect(JSON.parse(decode(r).toString())).toEqual(plain);
        }
        const identity = await raw(srv.base, url);
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.headers.vary).toMatch(/accept-encoding/i);
        expect(JSON.parse(identity.body.toString())).toEqual(plain);
      }
      expect(br).not.toHaveBeenCalled();
      expect(gz).not.toHaveBeenCalled();
    } finally {
      br.mockRestore();
      gz.mockRestore();
    }
  });
});

describe('the ways an answer is written', () => {
  // a complete answer is compressed in one call and sent with its length; one written in parts, or a
  // large one, streams through the compressor (chunked): the client gets the same bytes either way.
  // A whole answer up to INLINE_MAX is compressed in line, a bigger one on the thread pool.
  const big = 'x'.repeat(200 * 1024) + 'ende';
  const mid = JSON.stringify({ text: 'Superhartgips Klasse 4 '.repeat(1800) });
  let srv: { server: http.Server; base: string };
  beforeAll(async () => {
    srv = await listen(withCompression((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/whole') return void res.end(JSON.stringify({ text: 'Klasse 4 '.repeat(400) }));
      if (req.url === '/big') return void res.end(big);
      if (req.url === '/mid') return void res.end(mid);
      res.write('"'); res.write('Teil '.repeat(400)); res.end('"');
    }));
  });
  afterAll(() => new Promise<void>((r) => srv.server.close(() => r())));

  it.each(['br', 'gzip'])('%s: whole, large and written in parts', async (enc) => {
    const whole = await raw(srv.base, '/whole', { 'accept-encoding': enc });
    expect(whole.headers['content-encoding']).toBe(enc);
    expect(Number(whole.headers['content-length'])).toBe(whole.body.length);
    expect(whole.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decode(whole).toString()).text).toBe('Klasse 4 '.repeat(400));
    expect(mid.length).toBeGreaterThan(INLINE_MAX);
    const pooled = await raw(srv.base, '/mid', { 'accept-encoding': enc });
    expect(pooled.headers['content-encoding']).toBe(enc);
    expect(Number(pooled.headers['content-length'])).toBe(pooled.body.length);
    expect(decode(pooled).toString()).toBe(mid);
    const large = await raw(srv.base, '/big', { 'accept-encoding': enc });
    expect(large.headers['content-encoding']).toBe(enc);
    expect(large.headers['transfer-encoding']).toBe('chunked');
    expect(decode(large).toString()).toBe(big);
    const parts = await raw(srv.base, '/parts', { 'accept-encoding': enc });
    expect(parts.headers['content-encoding']).toBe(enc);
    expect(decode(parts).toString()).toBe(`"${'Teil '.repeat(400)}"`);
  });

  it('identity: the answer as written, with Vary', async () => {
    const whole = await raw(srv.base, '/whole');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(whole.body.toString()).text).toBe('Klasse 4 '.repeat(400));
    expect((await raw(srv.base, '/parts')).body.toString()).toBe(`"${'Teil '.repeat(400)}"`);
  });
});

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.2', 'gzip'],
    ['identity', null],
    ['br;q=0', null],
    ['', null],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header, ['br', 'gzip'])).toBe(expected);
  });
});
