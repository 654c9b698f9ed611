// Server side of the search page: the first page of results rendered with the page (no client fetch,
// no React on the critical path), from the domain functions the search calls answer with (runSearch
// behind POST shopware/search, alreadyBoughtSearch behind POST sw/gekaufteArtikel), called in-process.
// Anything the calls would refuse (a term too long, a page out of range) is left to the island, which
// asks the API and shows the call's error text.
import { alreadyBoughtSearch, runSearch } from '#server/modules/search.ts';
import { zPage, zTerm } from '#api/search.ts';
import { ALREADY_BOUGHT_LIMIT, SEARCH_PREVIEW_CATEGORIES } from '#rules/constants.ts';
import type { SortKey } from '../lib/catalog.ts';
import { SEARCH_PAGE_SIZE, type SearchFirst } from '../lib/search.ts';
import { ssrDb } from './product.ts';

/** null: the island asks the API itself (and shows its error). */
export async function loadSearchFirst(a: { q: string; page: number; sort: SortKey; topArt: boolean; country: string; lang: string; kdnr: number | null }): Promise<SearchFirst | null> {
  const q = a.q.trim();
  if (!q) return { result: { items: [], total: 0, page: 1, pages: 0 }, bought: null, sort: a.sort };
  const term = zTerm.safeParse(q);
  if (!term.success || !zPage.safeParse(a.page).success) return null;
  const db = await ssrDb();
  const { lang, country, kdnr } = a;
  const [bought, main] = await Promise.all([
    kdnr ? alreadyBoughtSearch(db, kdnr, { search: term.data, limit: ALREADY_BOUGHT_LIMIT, p: a.topArt ? a.page : 1, lang, country }).catch(() => null) : null,
    a.topArt && kdnr ? null : runSearch(db, {
      term: term.data, page: a.page, limit: SEARCH_PAGE_SIZE, lang, country, kdnr,
      filters: a.sort === 'relevance' ? undefined : { sort: a.sort }, chips: SEARCH_PREVIEW_CATEGORIES,
    }),
  ]);
  const result = main ?? bought;
  return result ? { result, bought, sort: a.sort } : null;
}
