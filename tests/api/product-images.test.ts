// Product images (section 9): the addresses the article answers carry (small/large by reference,
// hq by the first 1 and 4 characters) answer the seed's drawn WebP picture of the article's category,
// cached long and revalidated by ETag; unknown articles and wrong hq folders are 404 (the browser
// shows the placeholder then).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleImages } from '../../src/lib/rules/artnr.ts';
import { setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await env.app.request(url, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const isWebp = (b: Uint8Array) => new TextDecoder().decode(b.slice(0, 4)) === 'RIFF' && new TextDecoder().decode(b.slice(8, 12)) === 'WEBP';

describe('product images', () => {
  it('the images of a seeded article (as the detail call names them) answer 200 image/webp, cached long', async () => {
    const a = await env.db.selectFrom('articles').select(['artnr', 'referenz']).where('ist_referenz', '=', 0).orderBy('artnr').limit(1).executeTakeFirstOrThrow();
    const detail = await env.client().get(`/api/guest/artikel/${encodeURIComponent(a.artnr)}/de/de`);
    expect(detail.status).toBe(200);
    const images = detail.body.result.images;
    expect(images).toEqual(articleImages(a.artnr, a.referenz));
    for (const url of [images.small, images.large, images.hq]) {
      const { res, bytes } = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(isWebp(bytes), url).toBe(true);
      expect(Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1])).toBeGreaterThanOrEqual(7 * 86400);
      const again = await get(url, { 'if-none-match': res.headers.get('etag')! });
      expect(again.res.status).toBe(304);
    }
  });

  it('sizes differ (small for cards, large for the product page) and a variant shows its reference\'s picture', async () => {
    const v = await env.db.selectFrom('articles').select(['artnr', 'referenz']).whereRef('referenz', '!=', 'artnr').orderBy('artnr').limit(1).executeTakeFirstOrThrow();
    const own = await get(articleImages(v.referenz).small);
    const viaVariant = await get(articleImages(v.artnr, v.referenz).small);
    expect(viaVariant.res.status).toBe(200);
    expect(viaVariant.bytes).toEqual(own.bytes);
    const large = await get(articleImages(v.artnr, v.referenz).large);
    expect(large.bytes.length).toBeGreaterThan(own.bytes.length);
  });

  it('unknown articles, other sizes and hq folders that do not match the number are 404', async () => {
    expect((await get('/images/artikel/small/ZZ0000000.webp')).res.status).toBe(404);
    const a = await env.db.selectFrom('articles').select('artnr').orderBy('artnr').limit(1).executeTakeFirstOrThrow();
    expect((await get(`/images/artikel/huge/${encodeURIComponent(a.artnr)}.webp`)).res.status).toBe(404);
    expect((await get(`/images/hq/Z/ZZZZ/${encodeURIComponent(a.artnr)}.webp`)).res.status).toBe(404);
  });
});
