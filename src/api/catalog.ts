// Catalogue calls of section 7: article detail and availability, product groups, navigation,
// recommendations, category listing with facets, promotions, top articles, suggestions, tooth assistant.
// Handlers: server/modules/catalog.ts.
import { zArtnr, zCountry, zLanguage } from './common.ts';
import { zListItem } from './search.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

export const TAG = 'catalog';
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 96;
export const zPg = z.coerce.number({ error: 'invalid_id' }).int('invalid_id').min(0, 'invalid_id').max(99_999, 'invalid_id');
export const zInt = (min: number, max: number) => z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(min, 'invalid_input').max(max, 'invalid_input');
export const zFlag = z.enum(['0', '1', 'true', 'false'], { error: 'invalid_input' }).transform((v) => v === '1' || v === 'true');
export const zPrice = z.coerce.number({ error: 'invalid_input' }).nonnegative('invalid_input').max(1e9, 'invalid_input');
export const zImages = z.object({ small: z.string(), large: z.string(), hq: z.string() });
export const zArticle = zListItem.extend({
  Beschreibung: z.string(), Hersteller: z.string(), HerstellerArtikelnummer: z.string(), GTIN: z.string(),
  properties: z.array(z.object({ prop: z.string(), value: z.string(), label: z.string().describe('the value in the page\'s language') })),
  variants: z.array(zListItem), images: zImages, PGBez: z.string(), KatName: z.string(),
});
export const zFacetResult = z.object({
  marken: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
  eigenschaften: z.array(z.object({ prop: z.string(), values: z.array(z.object({ value: z.string(), label: z.string(), count: z.number() })) })),
  price: z.object({ min: z.number(), max: z.number() }),
});

export const availability = contract({
  method: 'get', path: '/artikel/:artnr/verfuegbar/:country', access: 'guest', tag: TAG,
  summary: "Availability code of an article (vkz '4' = available, else short-term) and its delivery status",
  params: z.object({ artnr: zArtnr, country: zCountry }),
  response: z.object({ vkz: z.string(), Lieferstatus: z.number() }),
});

export const article = contract({
  method: 'get', path: '/artikel/:artnr/:country/:language', access: 'guest', tag: TAG,
  summary: 'Article detail: list item fields, description, properties, variants of a reference article, images',
  params: z.object({ artnr: zArtnr, country: zCountry, language: zLanguage }),
  response: zArticle,
});

export const productGroups = contract({
  method: 'get', path: '/produktgruppen/:country/:language', access: 'guest', tag: TAG,
  summary: 'Product groups (group 9 skipped; reserved groups 90, 91, 0, 888 last in that order)',
  params: z.object({ country: zCountry, language: zLanguage }),
  response: z.array(z.object({ pg: z.number(), bez: z.string() })),
});

export const navigation = contract({
  method: 'post', path: '/navigation/:country/:language', access: 'guest', tag: TAG,
  summary: 'Navigation tree: product groups (ids PG+pg; PG90, PG91, PG0, PG888 last) with their categories and article counts',
  params: z.object({ country: zCountry, language: zLanguage }),
  response: z.object({
    elements: z.array(z.object({
      pg: z.number(), id: z.string(), name: z.string(), katId: z.number(), slug: z.string(),
      children: z.array(z.object({ katId: z.number(), name: z.string(), slug: z.string(), count: z.number() })),
    })),
  }),
});

export const recommend = contract({
  method: 'get', path: '/recommend/:artnr/:country/:language', access: 'guest', tag: TAG,
  summary: "'Bought together' recommendations for an article and the article itself",
  params: z.object({ artnr: zArtnr, country: zCountry, language: zLanguage }),
  response: z.object({ recommendations: z.array(zListItem), product: zListItem }),
});

export const category = contract({
  method: 'get', path: '/shop/category', access: 'guest', tag: TAG,
  summary: 'Category listing with paging, sorting and filters; facet counts (brands, properties, price range) over the result set',
  query: z.object({
    pg: zPg.optional(),
    katId: z.coerce.number({ error: 'invalid_id' }).int('invalid_id').min(0, 'invalid_id').max(2_147_483_647, 'invalid_id').optional(),
    page: zInt(1, 100_000).default(1),
    pageSize: zInt(1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sort: z.enum(['relevance', 'price_asc', 'price_desc', 'name', 'newest'], { error: 'invalid_input' }).default('relevance'),
    marken: z.string().max(500, 'too_long').optional().describe('comma-separated manufacturer ids'),
    eigenschaften: z.string().max(2000, 'too_long').optional().describe('prop:value,… (values of one property are alternatives)'),
    min: zPrice.optional(),
    max: zPrice.optional(),
    bereitsGekauft: zFlag.optional().describe('login only: only articles the customer has bought'),
    neu: zFlag.optional().describe('only new articles (IstNeuheit)'),
    country: zCountry.optional(),
    lang: zLanguage.optional(),
  }),
  response: z.object({
    items: z.array(zListItem), total: z.number(), page: z.number(), pages: z.number(), filters: zFacetResult,
  }),
});

export const promotions = contract({
  method: 'get', path: '/aktionen/:country/:language', access: 'guest', tag: TAG,
  summary: 'Current promotions with their articles (sale list: price descending)',
  params: z.object({ country: zCountry, language: zLanguage }),
  response: z.object({
    promotions: z.array(z.object({
      id: z.number(), name: z.string(), pg: z.number(), validFrom: z.string(), validTo: z.string(),
      newsletterId: z.number().nullable(), items: z.array(zListItem),
    })),
  }),
});

export const promotionArticles = contract({
  method: 'get', path: '/aktionen/artikel/:pg/:country/:language', access: 'guest', tag: TAG,
  summary: 'Articles of the current promotions of a product group (sale list: price descending)',
  params: z.object({ pg: zPg, country: zCountry, language: zLanguage }),
  response: z.object({ pg: z.number(), bez: z.string(), items: z.array(zListItem) }),
});

export const topArticles = contract({
  method: 'get', path: '/meinlabor/topartikel', access: 'customer', tag: TAG,
  summary: "The customer's most ordered articles (order count, quantity), optionally of one product group",
  query: z.object({ pg: zPg.optional(), limit: zInt(1, 200).default(50), lang: zLanguage.optional(), country: zCountry.optional() }),
  response: z.object({
    items: z.array(zListItem.extend({ Anzahl: z.number(), Menge: z.number() })),
    groups: z.array(z.object({ pg: z.number(), bez: z.string(), count: z.number() })),
  }),
});

export const suggestions = contract({
  method: 'get', path: '/meinlabor/vorschlag', access: 'customer', tag: TAG,
  summary: 'Order suggestions: articles the customer buys at a rhythm, by when they are due again; weekly/monthly/yearly = due within the coming week/month/year (overdue included), all = every rhythmic article',
  query: z.object({
    filter: z.enum(['all', 'monthly', 'weekly', 'yearly'], { error: 'invalid_input' }).default('all'),
    lang: zLanguage.optional(), country: zCountry.optional(),
  }),
  response: z.object({
    items: z.array(zListItem.extend({
      Rhythmus: z.enum(['weekly', 'monthly', 'yearly']), IntervallTage: z.number(), LetzterKauf: z.string(), Faellig: z.string(), Anzahl: z.number(),
    })),
  }),
});

export const toothLines = contract({
  method: 'get', path: '/zahnassistent/zahnlinien/:country/:language', access: 'guest', tag: TAG,
  summary: 'Tooth assistant: tooth lines with manufacturer and number of set articles',
  params: z.object({ country: zCountry, language: zLanguage }),
  response: z.object({
    zahnlinien: z.array(z.object({ zahnlinie: z.string(), hersteller: z.object({ id: z.number(), name: z.string() }), count: z.number() })),
  }),
});

export const toothSets = contract({
  method: 'get', path: '/zahnassistent/garnituren', access: 'guest', tag: TAG,
  summary: 'Tooth assistant: tooth-set articles matching tooth line, manufacturer, jaw, tooth type, shade and mould, with the remaining facet values',
  query: z.object({
    zahnlinie: z.string().max(100, 'too_long').optional(),
    hersteller: z.string().max(100, 'too_long').optional().describe('manufacturer id or name'),
    kiefer: z.string().max(100, 'too_long').optional(),
    zahnart: z.string().max(100, 'too_long').optional(),
    farbe: z.string().max(100, 'too_long').optional(),
    form: z.string().max(100, 'too_long').optional(),
    limit: zInt(1, 500).default(100),
    country: zCountry.optional(), lang: zLanguage.optional(),
  }),
  response: z.object({
    items: z.array(zListItem.extend({ properties: z.record(z.string(), z.string()) })),
    total: z.number(),
    facets: z.object({
      hersteller: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
      zahnlinie: z.array(z.object({ value: z.string(), count: z.number() })),
      kiefer: z.array(z.object({ value: z.string(), count: z.number() })),
      zahnart: z.array(z.object({ value: z.string(), count: z.number() })),
      farbe: z.array(z.object({ value: z.string(), count: z.number() })),
      form: z.array(z.object({ value: z.string(), count: z.number() })),
    }),
  }),
});
