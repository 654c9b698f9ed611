// Server side of the product detail page: the domain function the API's article call answers with
// (guestArticleDetail behind GET /api/artikel/:artnr/:country/:language), called in-process — no HTTP to
// itself — with a short cache so the page renders in well under a millisecond of data work.
import path from 'node:path';
import type { Db } from '#server/db/index.ts';
import { createDb } from '#server/db/index.ts';
import { articleAvailability, customerArticleDetail, guestArticleDetail } from '#server/modules/catalog.ts';
import { orderLists } from '#server/modules/favoriten.ts';
import { firstChoice } from '../lib/article.ts';
import type { BuyBoxFirst } from '../lib/cart.ts';
import { ApiError } from '#server/http/errors.ts';
import { artnrFromArtbez } from '#rules/artnr.ts';
import { zArtnr } from '#api/common.ts';
import type { ResultOf } from '#api/contract.ts';
import type * as catalog from '#api/catalog.ts';

export type ProductDetail = ResultOf<typeof catalog.article>;

const g = globalThis as typeof globalThis & { __shopDb?: Db; __shopSsrDb?: Promise<Db> };

/** The server's database: the one the API process shares (globalThis.__shopDb), else an own handle on the same file. */
export function ssrDb(): Promise<Db> {
  if (g.__shopDb) return Promise.resolve(g.__shopDb);
  g.__shopSsrDb ??= createDb({ file: process.env.SQLITE_FILE || path.join(process.cwd(), 'data', 'shop.sqlite') });
  return g.__shopSsrDb;
}

const TTL_MS = 60_000;
const MAX = 2000;
const cache = new Map<string, { at: number; v: Promise<ProductDetail | null> }>();

async function fetchDetail(artnr: string, country: string, language: string): Promise<ProductDetail | null> {
  const db = await ssrDb();
  try {
    // the article call's path rule (zArtnr): anything else is no article
    if (!zArtnr.safeParse(artnr).success) return null;
    return await guestArticleDetail(db, artnr, language.toLowerCase(), country.toLowerCase());
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

/**
 * What the buy box shows first, for the session's customer: the chosen article's availability as it stands
 * now, the customer's last purchase and order lists (the calls the island would make on load).
 */
export async function loadBuyBoxFirst(product: ProductDetail, a: { kdnr: number | null; lang: string; country: string }): Promise<BuyBoxFirst> {
  const { kdnr } = a;
  const db = await ssrDb();
  const chosen = firstChoice(product, product.variants);
  const [live, mine, lists] = await Promise.all([
    articleAvailability(db, chosen.Artikelnummer).catch(() => null),
    kdnr ? customerArticleDetail(db, product.Artikelnummer, a.lang, a.country, kdnr).catch(() => null) : null,
    kdnr ? orderLists(db, kdnr) : null,
  ]);
  return {
    kdnr: kdnr ?? 0,
    vkz: live ? { [chosen.Artikelnummer]: String(live.vkz) } : {},
    lastPurchase: mine ? { LetzterKaufMonat: mine.LetzterKaufMonat, LetzterKaufJahr: mine.LetzterKaufJahr } : null,
    lists,
  };
}
