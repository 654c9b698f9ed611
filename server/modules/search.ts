// Search calls of section 7: quick article-number suggestion, full search with category chips,
// already-bought search, autocomplete and the top-bar preview. Engine: server/search/ (index.ts lists its files).
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import type { Db } from '../db/index.ts';
import {artnrMatches, cachedGuestJson, listItems, chipsFor, exactCandidates, filterAndFacet, matchTerm, snapshot, sortHits,
  tokenize, wordsWithPrefix, type ListFilter, type SortKey,
} from '../search/index.ts';
import { cachedCurrency, purchaseFacts } from '../lib/articles.ts';
import { SEARCH_MIN_CHARS, SEARCH_PREVIEW_CATEGORIES } from '#rules/constants.ts';
import * as calls from '#api/search.ts';
import { zFilters } from '#api/search.ts';

// ---- shared search runner ----
export interface SearchArgs {
  term: string; page: number; limit: number; offset?: number; lang: string; country: string; kdnr: number | null;
  filters?: z.output<typeof zFilters>; only?: Set<number>; chips?: number;
}

export async function runSearch(db: Db, a: SearchArgs) {
  const s = await snapshot(db);
  const m = await matchTerm(db, s, a.term);
  const f: ListFilter = { children: true, only: a.only };
  const rate = a.filters && (a.filters.min !== undefined || a.filters.max !== undefined) ? (await cachedCurrency(db, a.country)).rate : 1;
  if (a.filters) {
    f.pg = a.filters.pg;
    if (a.filters.katId !== undefined) f.katIds = new Set([a.filters.katId]);
    f.marken = a.filters.marken;
    if (a.filters.min !== undefined) f.min = a.filters.min / rate - 1e-9;
    if (a.filters.max !== undefined) f.max = a.filters.max / rate + 1e-9;
  }
  const filtered = f.pg !== undefined || f.katIds || f.marken?.length || f.min !== undefined || f.max !== undefined || f.only;
  const sort = (a.filters?.sort ?? 'relevance') as SortKey;
  const start = a.offset ?? (a.page - 1) * a.limit;
  // the first places of the order answer a page of the plain search; filters, sorts and later pages need all
  let hits: ArrayLike<number> = !filtered && sort === 'relevance' && start + a.limit <= m.first.length ? m.first : m.all();
  if (filtered) hits = filterAndFacet(s, null, hits, f, null).hits;
  const total = filtered ? hits.length : m.total;
  if (sort !== 'relevance') hits = await sortHits(db, s, Array.from(hits), sort, a.lang);
  const artnrs: string[] = [];
  for (let k = start; k < Math.min(total, start + a.limit); k++) artnrs.push(s.artnr[hits[k]!]!);
  const [items, categories] = await Promise.all([
    listItems(db, artnrs, { lang: a.lang, country: a.country, kdnr: a.kdnr }),
    a.chips ? chipsFor(db, s, m, a.lang, a.chips) : Promise.resolve([]),
  ]);
  return { items, total, page: a.page, pages: Math.ceil(total / a.limit), categories, corrected: m.corrected };
}

/** The customer's purchased articles (snapshot indices), most recently bought first. */
async function boughtIndices(db: Db, kdnr: number): Promise<number[]> {
  const [s, bought] = await Promise.all([snapshot(db), purchaseFacts(db, kdnr)]);
  return [...bought].sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : a[0].localeCompare(b[0])))
    .map(([artnr]) => s.idxOf.get(artnr)).filter((i): i is number => i !== undefined);
}

/** The customer's already-bought articles matching `search` (empty: all of them, most recently bought first). */
export async function alreadyBoughtSearch(db: Db, kdnr: number, a: { search: string; p: number; limit: number; lang: string; country: string }) {
  const bought = await boughtIndices(db, kdnr);
  if (a.search === '' || tokenize(a.search).length === 0 && exactCandidates(a.search).length === 0) {
    const total = bought.length;
    const s = await snapshot(db);
    const page = bought.slice((a.p - 1) * a.limit, a.p * a.limit).map((i) => s.artnr[i]!);
    const items = await listItems(db, page, { lang: a.lang, country: a.country, kdnr });
    return { items, total, page: a.p, pages: Math.ceil(total / a.limit) };
  }
  const r = await runSearch(db, { term: a.search, page: a.p, limit: a.limit, lang: a.lang, country: a.country, kdnr, only: new Set(bought) });
  return { items: r.items, total: r.total, page: r.page, pages: r.pages };
}

export const routes: AnyRoute[] = [
  defineRoute(calls.artnrSuggest, async ({ db, params }) => {
    const found = artnrMatches(await snapshot(db), params.term);
    if (found.length === 1) return { status: 0 as const, productNumber: found[0]! };
    return { status: 1 as const };
  }),

  defineRoute(calls.search, async ({ db, body, lang, country, session, c }) => {
    const args: SearchArgs = { term: body.search, page: body.page, limit: body.limit, filters: body.filters, lang, country, kdnr: session?.kdnr ?? null, chips: SEARCH_PREVIEW_CATEGORIES };
    if (args.kdnr) return runSearch(db, args);
    return cachedGuestJson(db, JSON.stringify(['s', body.search, body.page, body.limit, body.filters ?? null, lang, country]), () => runSearch(db, args), c.req.header('accept-encoding'));
  }),

  defineRoute(calls.alreadyBought, ({ db, body, lang, session, country }) =>
    alreadyBoughtSearch(db, session.kdnr, { search: body.search, p: body.p, limit: body.limit, lang, country })),

  defineRoute(calls.autocomplete, async ({ db, params, lang }) => {
    const term = params.term.trim();
    if (term.length < SEARCH_MIN_CHARS || tokenize(term).length === 0) return { suggestions: [] };
    const s = await snapshot(db);
    const words = term.split(/\s+/);
    const last = words[words.length - 1]!;
    const head = words.slice(0, -1).join(' ');
    const out: { type: 'word' | 'article'; text: string; artnr?: string }[] = [];
    const m = await matchTerm(db, s, term);
    if (tokenize(last).length === 1 && !/\d/.test(last)) {
      // a corrected typo completes the corrected word
      const prefix = m.corrected && words.length === 1 ? m.corrected : last;
      for (const w of await wordsWithPrefix(db, s, lang, prefix, 5)) out.push({ type: 'word', text: head ? `${head} ${w}` : w });
    }
    const seen = new Set<string>();
    const arts = Array.from(m.first.subarray(0, 12), (i) => s.artnr[i]!);
    for (const it of await listItems(db, arts, { lang, country: 'de' })) {
      if (seen.has(it.Bezeichnung)) continue;
      seen.add(it.Bezeichnung);
      out.push({ type: 'article', text: it.Bezeichnung, artnr: it.Artikelnummer });
      if (seen.size >= 5) break;
    }
    return { suggestions: out };
  }),

  defineRoute(calls.preview, async ({ db, query, lang, country, session, c }) => {
    const page = Math.floor(query.offset / query.limit) + 1;
    const kdnr = query.nocustomprice === '1' ? null : session?.kdnr ?? null;
    const run = async () => ({ ...(await runSearch(db, { term: query.q, page, limit: query.limit, offset: query.offset, lang, country, kdnr, chips: SEARCH_PREVIEW_CATEGORIES })), offset: query.offset });
    if (kdnr) return run();
    return cachedGuestJson(db, JSON.stringify(['q', query.q, query.offset, query.limit, lang, country]), run, c.req.header('accept-encoding'));
  }),
];
