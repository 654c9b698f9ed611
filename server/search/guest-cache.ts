// Guest answers from memory: search results and listings show the same list items to every guest,
// so items, serialised answers and computed values are kept per key for GUEST_TTL_MS (engine.ts,
// dropped with the catalogue). Customer calls get the same items with the customer's purchase facts
// laid over them (articles.ts purchaseFacts).
import type { Db } from '../db/index.ts';
import { loadArticleItems, purchaseFacts, withPurchases, type ArticleListItem } from '../lib/articles.ts';
import { engine } from './engine.ts';
import { keptBodyEncoding } from '../http/compress.ts';
import { keptEncoding } from '../lib/encoding.ts';

/** The list items of the articles, in the given order: from memory, the missing ones in one query. */
export async function listItems(
  db: Db, artnrs: readonly string[], opts: { lang: string; country: string; kdnr?: number | null },
): Promise<ArticleListItem[]> {
  if (opts.kdnr) {
    const [items, bought] = await Promise.all([listItems(db, artnrs, { lang: opts.lang, country: opts.country }), purchaseFacts(db, opts.kdnr)]);
    return withPurchases(items, bought);
  }
  const cache = engine(db).items;
  const prefix = `${opts.lang}|${opts.country}|`;
  // one lookup per article: the found ones in place, the missing ones loaded together
  const found = artnrs.map((nr) => cache.get(prefix + nr));
  if (found.includes(undefined)) {
    const missing = artnrs.filter((_, k) => found[k] === undefined);
    const loaded = new Map<string, ArticleListItem>();
    for (const it of await loadArticleItems(db, missing, { lang: opts.lang, country: opts.country })) {
      cache.set(prefix + it.Artikelnummer, it);
      loaded.set(it.Artikelnummer, it);
    }
    artnrs.forEach((nr, k) => { found[k] ??= loaded.get(nr); });
  }
  return found.filter((it): it is ArticleListItem => it !== undefined);
}

// the JSON of a guest list item, written once: the same cached item object appears in the answers of
// many searches (it is never changed; a price change brings new objects, customer views copies)
const itemJson = new WeakMap<object, string>();
const ITEMS_HEAD = '{"result":{"items":[]';

/**
 * `{ result }` as JSON; a result with list items gets each item's JSON from itemJson. Written by one join
 * into one flat string: concatenated pieces would be copied again by every reader that needs it flat
 * (the byte length, the UTF-8 encoding), 25 KB per search answer each time.
 */
export function guestJson(result: unknown): string {
  if (!result || typeof result !== 'object' || !Array.isArray((result as { items?: unknown }).items)) return JSON.stringify({ result });
  const { items, ...others } = result as { items: unknown[] };
  // items first with an empty list, then the rest as JSON.stringify writes it; the list goes in its place
  const rest = JSON.stringify({ result: { items: [], ...others } });
  const parts: string[] = [];
  for (const it of items) {
    if (!it || typeof it !== 'object') { parts.push(JSON.stringify(it) ?? 'null', ','); continue; }
    let j = itemJson.get(it);
    if (j === undefined) itemJson.set(it, (j = JSON.stringify(it)));
    parts.push(j, ',');
  }
  if (parts.length) parts[parts.length - 1] = ']'; // in place of the last comma
  else parts.push(']');
  return ['{"result":{"items":[', ...parts, rest.slice(ITEMS_HEAD.length)].join('');
}

/**
 * A guest call's `{ result }` JSON, serialised and encoded once per key: the answer is kept as its UTF-8
 * bytes, which the server writes as they are (a string body would be joined with the head and copied
 * on every write, a cached answer too), and compressed once per encoding a client asks for
 * (`acceptEncoding`: the request's header), not again for every answer from the cache.
 */
export async function cachedGuestJson(db: Db, key: string, compute: () => Promise<unknown>, acceptEncoding?: string): Promise<Response> {
  const cache = engine(db).responses;
  let kept = cache.get(key);
  const fresh = !kept;
  if (!kept) {
    kept = { body: Buffer.from(guestJson(await compute())), encoded: {} };
    cache.set(key, kept);
  }
  // a new answer goes out as any other (compressed on the fly, fast): most keys are never asked again
  const enc = fresh ? null : keptBodyEncoding(acceptEncoding, kept.body.length);
  // the bytes as they are, not a copy (a Buffer is an ArrayBuffer view, never a shared one here)
  if (!enc) return new Response(kept.body as Buffer<ArrayBuffer>, { headers: { 'content-type': 'application/json' } });
  return new Response(keptEncoding(kept, enc) as Buffer<ArrayBuffer>, {
    headers: { 'content-type': 'application/json', 'content-encoding': enc, vary: 'Accept-Encoding' },
  });
}

/** A guest-view value (no customer facts in it; callers lay those over a copy), computed once per key. */
export function cachedGuestValue<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  return engine(db).values.getOrLoad(key, compute) as Promise<T>;
}
