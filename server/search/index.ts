// The search feature's facade: what the API modules (search, catalog, quick order) use.
//   text.ts         query parsing and folding          synonyms.ts   the trade's dictionary, stems
//   compounds.ts    German compounds (index and query) correction.ts typos, repaired words
//   documents.ts    search documents                   postings.ts   the in-memory term index
//   ranking.ts      bm25, tiers, category vote         match.ts      ranked match set of a term
//   codes.ts        article numbers, GTIN/GS1/HIBC     snapshot.ts   catalogue columns in memory
//   listing.ts      filters, facets, sort orders       autocomplete.ts  autocomplete words
//   guest-cache.ts  guest answers from memory          engine.ts     per-database state and its refresh
export { tokenize } from './text.ts';
export { artnrForms, artnrMatches, artnrsWithPrefix, exactCandidates } from './codes.ts';
export { chipsFor, matchTerm } from './match.ts';
export { loadedSnapshot, rebuildSearchIndex, snapshot, warmSearch } from './engine.ts';
export { categoryNames, katDescendants, propertyLabels, propIndex, type Snapshot } from './snapshot.ts';
export { cachedListing, filterAndFacet, relevanceOrder, sortHits, type ListFilter, type SortKey } from './listing.ts';
export { wordsWithPrefix } from './autocomplete.ts';
export { cachedGuestJson, cachedGuestValue, listItems } from './guest-cache.ts';
