// Product images at the addresses of section 9 (src/lib/rules/artnr.ts articleImages): each article
// shows its category's picture, files drawn by the seed (server/seed/product-images.ts).
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ArticleImageSize } from '#rules/artnr.ts';
import type { Db } from '../db/index.ts';
import { cachePerDb } from './cache.ts';
import { TOPIC } from './cache-topics.ts';

/** File of a category's image in one size (written by the seed, read here). */
export function categoryImageFile(dir: string, katId: number, size: ArticleImageSize): string {
  return path.join(dir, `${katId}-${size}.webp`);
}

// article number → category: a card grid asks for two dozen images at once, a re-visit for the same
const categoryOf = cachePerDb<string, number | null>({ ttlMs: 10 * 60_000, max: 20_000, topics: [TOPIC.articles] });

/** The image file of an article (by article number or reference) in one size; null when there is none. */
export async function articleImageFile(db: Db, dir: string, artnr: string, size: ArticleImageSize): Promise<{ file: string; size: number; mtimeMs: number } | null> {
  const katId = await categoryOf(db).getOrLoad(artnr, async () => {
    const row = await db.selectFrom('articles').select('kat_id').where('artnr', '=', artnr).executeTakeFirst();
    return row ? Number(row.kat_id) : null;
  });
  if (katId === null) return null;
  const file = categoryImageFile(dir, katId, size);
  const st = await fsp.stat(file).catch(() => null);
  return st?.isFile() ? { file, size: st.size, mtimeMs: st.mtimeMs } : null;
}
