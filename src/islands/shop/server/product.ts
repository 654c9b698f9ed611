// Server side of the product detail page: the same handler the API's article call uses
// (GET /api/artikel/:artnr/:country/:language), called in-process — no HTTP to itself — with a
// short cache so the page renders in well under a millisecond of data work.
import path from 'node:path';
import type { Db } from '../../../../server/db/index.ts';
import { createDb } from '../../../../server/db/index.ts';
import { routes as catalogRoutes } from '../../../../server/modules/catalog.ts';
import { parseWith } from '../../../../server/http/route.ts';
import { ApiError } from '../../../../server/http/errors.ts';
import { artnrFromArtbez } from '../../../lib/rules/artnr.ts';
import type { ArticleItem } from '../lib/article.ts';

export interface ProductDetail extends ArticleItem {
  Beschreibung: string; Hersteller: string; HerstellerArtikelnummer: string; GTIN: string;
  properties: { prop: string; value: string }[]; variants: ArticleItem[];
  images: { small: string; large: string; hq: string }; PGBez: string; KatName: string;
}

const g = globalThis as typeof globalThis & { __shopDb?: Db; __shopSsrDb?: Promise<Db> };

/** The server's database: the one the API process shares (globalThis.__shopDb), else an own handle on the same file. */
export function ssrDb(): Promise<Db> {
  if (g.__shopDb) return Promise.resolve(g.__shopDb);
  g.__shopSsrDb ??= createDb({ file: process.env.SQLITE_FILE || path.join(process.cwd(), 'data', 'shop.sqlite') });
  return g.__shopSsrDb;
}

const detailRoute = catalogRoutes.find((r) => r.method === 'get' && r.path === '/artikel/:artnr/:country/:language');
if (!detailRoute) throw new Error('article detail route missing');

const TTL_MS = 60_000;
const MAX = 2000;
const cache = new Map<string, { at: number; v: Promise<ProductDetail | null> }>();

async function fetchDetail(artnr: string, country: string, language: string): Promise<ProductDetail | null> {
  const db = await ssrDb();
  try {
    const params = parseWith(detailRoute!.params, { artnr, country, language });
    const ctx = { params, query: undefined, body: undefined, session: null, db, c: null, ip: '', lang: language, country };
    return (await detailRoute!.handler(ctx as never)) as ProductDetail;
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) return null;
    throw e;
  }
}

/** Article of a product-detail URL segment (artbez), guest view (no customer data: cacheable). */
export function loadProduct(artbezSegment: string, country: string, language: string): Promise<ProductDetail | null> {
  const artnr = artnrFromArtbez(artbezSegment);
  if (!artnr || artnr.length > 40) return Promise.resolve(null);
  const key = `${artnr}|${country}|${language}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.v;
  const v = fetchDetail(artnr, country, language);
  v.catch(() => cache.delete(key));
  if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: now, v });
  return v;
}

/** Meta description: the description text, whitespace folded, cut at a word within 160 characters. */
export function metaDescription(p: Pick<ProductDetail, 'Beschreibung' | 'Bezeichnung' | 'Artikelnummer' | 'Hersteller'>): string {
  const base = (p.Beschreibung || `${p.Bezeichnung} – ${p.Hersteller}`).replace(/\s+/g, ' ').trim();
  const text = `${base}`.trim();
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120))}…`;
}
