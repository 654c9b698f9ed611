// The bus topics of the data behind the process-local caches (server/lib/cache.ts). A writer of the data
// calls `invalidate(TOPIC.x, key)` (server/lib/bus.ts); a cache lists the topics it is built from.
// docs/DEPLOY.md's process-state table names the caches on each topic.
export const TOPIC = {
  /** an article's texts, range flags, category, or the set of articles; key: article number, `*` = any */
  articles: 'articles',
  /** an article's price (EUR) only: words, ranks and categories unchanged; key: article number, `*` = any */
  prices: 'prices',
  /** a currency's rate or a country's currency; key: country ISO2 (upper case), `*` = any */
  currencies: 'currencies',
  /** the category and product-group tree; key `*` */
  categories: 'categories',
  /** a country's brand (company) or settings; key: country ISO2 (upper case), `*` = any */
  countries: 'countries',
  /** the search index was rebuilt (`npm run db:reindex`); key `*` */
  searchIndex: 'search-index',
  /** CMS content (the webhook); key `*` */
  content: 'content',
  /** a customer's prices and purchase facts (an order, a price list); key: customer number */
  customer: 'customer',
  /** a session ended or changed rights; key: the session id */
  session: 'session',
} as const;

export type Topic = (typeof TOPIC)[keyof typeof TOPIC];

/** Topics whose entries carry prices or article data: a page or result built from them goes with any of them. */
export const CATALOGUE_TOPICS: readonly Topic[] = [TOPIC.articles, TOPIC.prices, TOPIC.currencies, TOPIC.categories];
