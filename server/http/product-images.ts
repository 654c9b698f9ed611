// The product image addresses of section 9 (outside /api; server/main.ts sends them here):
// /images/artikel/{small|large}/{artnr or reference}.webp and /images/hq/{1}/{4}/{artnr}.webp.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { hqImagePrefixes, type ArticleImageSize } from '#rules/artnr.ts';
import type { Db } from '../db/index.ts';
import { articleImageFile } from '../lib/product-images.ts';

/** URL prefixes answered by the product images (the server routes these to the API app). */
export const PRODUCT_IMAGE_PREFIXES = ['/images/artikel/', '/images/hq/'];

// Long caching: an article's picture changes only with a new seed/import; the ETag revalidates after.
const CACHE = 'public, max-age=2592000, stale-while-revalidate=604800';

function artnrOf(file: string): string | null {
  return file.endsWith('.webp') ? file.slice(0, -'.webp'.length) : null;
}

async function send(c: Context, db: Db, dir: string, artnr: string | null, size: ArticleImageSize): Promise<Response> {
  const img = artnr ? await articleImageFile(db, dir, artnr, size) : null;
  if (!img) return c.body(null, 404, { 'cache-control': 'no-cache' });
  const etag = `W/"${img.size.toString(36)}-${Math.round(img.mtimeMs).toString(36)}"`;
  const headers = { 'content-type': 'image/webp', 'cache-control': CACHE, etag };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  if (c.req.method === 'HEAD') return c.body(null, 200, { ...headers, 'content-length': String(img.size) });
  const body = Readable.toWeb(fs.createReadStream(img.file)) as ReadableStream;
  return c.body(body, 200, { ...headers, 'content-length': String(img.size) });
}

export function mountProductImages(app: Hono, db: Db, dir: string): void {
  app.get('/images/artikel/:size/:file', async (c) => {
    const size = c.req.param('size');
    if (size !== 'small' && size !== 'large') return c.body(null, 404);
    return send(c, db, dir, artnrOf(c.req.param('file')), size);
  });
  app.get('/images/hq/:p1/:p4/:file', async (c) => {
    const artnr = artnrOf(c.req.param('file'));
    // the folders must be the article number's own prefixes (one address per image)
    const [p1, p4] = artnr ? hqImagePrefixes(artnr) : ['', ''];
    if (!artnr || c.req.param('p1') !== p1 || c.req.param('p4') !== p4) return c.body(null, 404);
    return send(c, db, dir, artnr, 'hq');
  });
}
