// Search calls of section 7: quick article-number suggestion, full search with category chips,
// already-bought search, autocomplete and the top-bar preview. Handlers: server/modules/search.ts.
import { QUICK_SUGGEST_ARTNR_MAX, ALREADY_BOUGHT_LIMIT, SEARCH_PREVIEW_ARTICLES, SEARCH_TERM_MAX } from '../lib/rules/constants.ts';
import { zCountry, zLanguage } from './common.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

export const TAG = 'search';
// ---- schemas ----
export const zTerm = z.string().trim().min(1, 'invalid_input').max(SEARCH_TERM_MAX, 'too_long');
export const zPage = z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(10_000, 'invalid_input');
export const zLimit = (max: number) => z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(max, 'invalid_input');
export const zSort = z.enum(['relevance', 'price_asc', 'price_desc', 'name', 'newest'], { error: 'invalid_input' });
export const zListItem = z.object({
  Artikelnummer: z.string(), Bezeichnung: z.string(), Gebinde: z.string(), Preis: z.number(), KatPreis: z.number(),
  IstNeuheit: z.number(), IstReferenz: z.number(), AusSortiment: z.number(), TempAusSortiment: z.number(),
  BereitsGekauft: z.number(), Rabatt: z.number(), MCode: z.number().nullable(), lieferant: z.string(),
  LetzterKaufMonat: z.number().nullable(), LetzterKaufJahr: z.number().nullable(), ParentId: z.string().nullable(),
  ParentArtikelnummer: z.string().nullable(), PG: z.number(), KatId: z.number(), Referenz: z.string(), vkz: z.string(),
  Lieferstatus: z.number(), Waehrung: z.string(),
}).passthrough();
export const zChip = z.object({ pg: z.number(), katId: z.number(), name: z.string(), count: z.number() });
export const zSearchResult = z.object({
  items: z.array(zListItem), total: z.number(), page: z.number(), pages: z.number(),
  categories: z.array(zChip).describe('up to 4 category chips with hit counts'),
  corrected: z.string().nullable().describe('the corrected term when the typed one had no hits'),
});
export type SearchResult = z.infer<typeof zSearchResult>;
/** An autocomplete suggestion: a word of the designations or a matching article. */
export const zSuggestion = z.object({ type: z.enum(['word', 'article']), text: z.string(), artnr: z.string().optional() });
export type Suggestion = z.infer<typeof zSuggestion>;
export const zFilters = z.object({
  pg: z.coerce.number().int('invalid_id').optional(),
  katId: z.coerce.number().int('invalid_id').optional(),
  marken: z.array(z.coerce.number().int('invalid_id')).max(50, 'invalid_input').optional(),
  min: z.coerce.number().nonnegative('invalid_input').optional(),
  max: z.coerce.number().nonnegative('invalid_input').optional(),
  sort: zSort.optional(),
}).strict();

export const artnrSuggest = contract({
  method: 'get', path: '/shopware/artikel/suggest/:term/:country/:language', access: 'guest', tag: TAG,
  summary: 'Quick suggestion: status 0 with productNumber when the normalised term is exactly one article number, else status 1',
  params: z.object({
    term: z.string().regex(new RegExp(`^[A-Za-z0-9.,-]{1,${QUICK_SUGGEST_ARTNR_MAX}}$`), 'error_artnr'),
    country: zCountry, language: zLanguage,
  }),
  response: z.object({ status: z.union([z.literal(0), z.literal(1)]), productNumber: z.string().optional() }),
});

export const search = contract({
  method: 'post', path: '/shopware/search/:country/:language/1', access: 'guest', tag: TAG,
  summary: 'Full-text search over article number, designations (all languages) and manufacturer; exact article number first',
  params: z.object({ country: zCountry, language: zLanguage }),
  body: z.object({
    search: zTerm,
    page: zPage.default(1),
    limit: zLimit(96).default(24),
    filters: zFilters.optional(),
  }),
  response: zSearchResult,
});

export const alreadyBought = contract({
  method: 'post', path: '/sw/gekaufteArtikel/0/:language/1', access: 'customer', tag: TAG,
  summary: 'Already-bought articles of the customer matching the search (empty search: all, most recently bought first)',
  params: z.object({ language: zLanguage }),
  body: z.object({
    search: z.string().trim().max(SEARCH_TERM_MAX, 'too_long').default(''),
    limit: zLimit(ALREADY_BOUGHT_LIMIT).default(ALREADY_BOUGHT_LIMIT),
    p: zPage.default(1),
  }),
  response: z.object({ items: z.array(zListItem), total: z.number(), page: z.number(), pages: z.number() }),
});

export const autocomplete = contract({
  method: 'get', path: '/suche/autocomplete/:term/:language', access: 'guest', tag: TAG,
  summary: 'Autocomplete from 3 characters: words of the designations starting with the last word, then matching designations',
  params: z.object({ term: z.string().max(SEARCH_TERM_MAX, 'too_long'), language: zLanguage }),
  response: z.object({
    suggestions: z.array(zSuggestion),
  }),
});

export const preview = contract({
  method: 'get', path: '/suche/:country', access: 'guest', tag: TAG,
  summary: 'Top-bar search preview: up to 10 top articles and up to 4 category chips',
  params: z.object({ country: zCountry }),
  query: z.object({
    q: zTerm,
    top: z.enum(['0', '1'], { error: 'invalid_input' }).optional(),
    nocustomprice: z.enum(['0', '1'], { error: 'invalid_input' }).optional(),
    offset: z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(0, 'invalid_input').max(10_000, 'invalid_input').default(0),
    limit: zLimit(SEARCH_PREVIEW_ARTICLES).default(SEARCH_PREVIEW_ARTICLES),
    lang: zLanguage.optional(),
  }),
  response: zSearchResult.extend({ offset: z.number() }),
});
