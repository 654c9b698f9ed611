// Server side of a category listing: its first page rendered with the page (no client fetch, no React
// on the critical path), from the domain functions the category and navigation calls answer with
// (categoryListing, navigationElements), called in-process. What the call would refuse (an unknown
// filter shape, a page beyond the last) is left to the island, which asks the API and shows its error.
import { categoryListing, navigationElements } from '#server/modules/catalog.ts';
import { ApiError } from '#server/http/errors.ts';
import { category } from '#api/catalog.ts';
import { filterQuery } from '../lib/filters.ts';
import { LISTING_PAGE_SIZE, listingFromSearch, type ListingFirst } from '../lib/catalog.ts';
import { ssrDb } from './product.ts';

/** null: the island asks the API itself. */
export async function loadListingFirst(a: {
  search: string; pg: number | null; katId: number | null; page: number; country: string; lang: string; kdnr: number | null;
}): Promise<ListingFirst | null> {
  const { sort, filters } = listingFromSearch(a.search);
  const query = category.query.safeParse({
    ...filterQuery(filters), page: a.page, pageSize: LISTING_PAGE_SIZE, sort, country: a.country, lang: a.lang,
    pg: a.pg ?? undefined, katId: a.katId !== null && a.katId > 0 ? a.katId : undefined,
  });
  if (!query.success || (query.data.bereitsGekauft && !a.kdnr)) return null;
  const db = await ssrDb();
  try {
    const [listing, nav] = await Promise.all([categoryListing(db, query.data, a.lang, a.country, a.kdnr), navigationElements(db, a.lang)]);
    if (listing.pages > 0 && a.page > listing.pages) return null;
    return { listing, nav: nav.filter((g) => a.pg === null || g.pg === a.pg), search: a.search };
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) return null;
    throw e;
  }
}
