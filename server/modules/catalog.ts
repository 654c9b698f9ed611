// Catalogue calls: availability, article detail, product groups, navigation, recommendations
// (section 7), plus category listings with facets, promotions, top articles, order suggestions
// and the tooth assistant.
import type { z } from 'zod';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { ApiError, badRequest, notFound, unauthorized } from '../http/errors.ts';
import type { Db } from '../db/index.ts';
import { cachedCurrency, convertPrice, purchaseFacts, withPurchases, type ArticleListItem } from '../lib/articles.ts';
import {
  artnrForms, artnrMatches, cachedGuestJson, cachedGuestValue, cachedListing, categoryNames, loadedSnapshot, listItems, filterAndFacet, katDescendants, propertyLabels, propIndex, relevanceOrder, snapshot, sortHits,
  type ListFilter, type SortKey, type Snapshot,
} from '../search/index.ts';
import { articleImages } from '#rules/artnr.ts';
import { RESERVED_CATEGORY_IDS, SKIPPED_PRODUCT_GROUP } from '#rules/constants.ts';
import { sortSaleList } from '#rules/pricing.ts';
import * as calls from '#api/catalog.ts';

/** Reserved groups go last in this order (PG90, PG91, PG0, PG888). */
const RESERVED_PGS = RESERVED_CATEGORY_IDS.map((id) => Number(id.slice(2)));
export const TOOTH_PROPS = ['zahnlinie', 'kiefer', 'zahnart', 'farbe', 'form'] as const;

// ---- helpers ----

/**
 * Finds an article by number as typed, upper-cased or normalised (section 5): in the loaded catalogue
 * snapshot (kept current by the bus; no query per article call), else in the database.
 */
async function findArtnr(db: Db, raw: string): Promise<string | null> {
  const s = loadedSnapshot(db);
  const known = s ? artnrMatches(s, raw)[0] : undefined;
  if (known) return known;
  const cands = artnrForms(raw);
  if (!cands.length) return null;
  const rows = await db.selectFrom('articles').select('artnr').where('artnr', 'in', cands).execute();
  for (const c of cands) if (rows.some((r) => r.artnr === c)) return c;
  return null;
}

async function requireArtnr(db: Db, raw: string): Promise<string> {
  const nr = await findArtnr(db, raw);
  if (!nr) throw notFound('error_artnr');
  return nr;
}

/** Product groups in display order: by sort, group 9 skipped, reserved groups last in their fixed order. */
async function orderedGroups(db: Db, lang: string): Promise<{ pg: number; bez: string }[]> {
  const rows = await db.selectFrom('product_groups as g')
    .leftJoin('product_group_names as n', (j) => j.onRef('n.pg', '=', 'g.pg').on('n.lang', '=', lang))
    .leftJoin('product_group_names as d', (j) => j.onRef('d.pg', '=', 'g.pg').on('d.lang', '=', 'de'))
    .select(['g.pg', 'g.sort', 'n.bez as bez', 'd.bez as bez_de'])
    .where('g.parent_pg', 'is', null).where('g.pg', '!=', SKIPPED_PRODUCT_GROUP)
    .orderBy('g.sort').orderBy('g.pg').execute();
  const normal = rows.filter((r) => !RESERVED_PGS.includes(r.pg));
  const reserved = RESERVED_PGS.map((pg) => rows.find((r) => r.pg === pg)).filter((r) => r !== undefined);
  return [...normal, ...reserved].map((r) => ({ pg: r.pg, bez: r.bez ?? r.bez_de ?? String(r.pg) }));
}

const UMLAUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
/** URL slug like the seeded category slugs: umlauts transliterated, other marks dropped. */
const slugify = (s: string) => s.toLowerCase().replace(/[äöüß]/g, (c) => UMLAUT[c]!).normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Listable articles per category including descendants. */
function countWithDescendants(s: Snapshot, katId: number): number {
  let n = 0;
  for (const k of katDescendants(s, katId)) n += s.byKat.get(k)?.length ?? 0;
  return n;
}

const today = () => new Date().toISOString().slice(0, 10);

function activePromotions(db: Db) {
  const d = today();
  return db.selectFrom('promotions').selectAll().where('valid_from', '<=', `${d}T23:59:59`).where('valid_to', '>=', d)
    .orderBy('valid_from').orderBy('id');
}

/** The customer's purchase history per article: order count, quantity, purchase dates (oldest first). */
async function purchaseHistory(db: Db, kdnr: number) {
  const rows = await db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.artnr', 'l.menge', 'o.id', 'o.created_at']).where('o.kdnr', '=', kdnr).orderBy('o.created_at').execute();
  const by = new Map<string, { orders: Set<number>; menge: number; dates: string[] }>();
  for (const r of rows) {
    let h = by.get(r.artnr);
    if (!h) by.set(r.artnr, (h = { orders: new Set(), menge: 0, dates: [] }));
    h.orders.add(r.id);
    h.menge += r.menge;
    const day = r.created_at.slice(0, 10);
    if (h.dates[h.dates.length - 1] !== day) h.dates.push(day);
  }
  return by;
}

const images = (artnr: string, referenz: string) => articleImages(artnr, referenz);

function parseMarken(v: string | undefined): number[] | undefined {
  if (!v) return undefined;
  if (!/^\d{1,9}(,\d{1,9}){0,49}$/.test(v)) throw badRequest('invalid_input');
  return v.split(',').map(Number);
}

function parseEigenschaften(v: string | undefined): Map<string, string[]> | undefined {
  if (!v) return undefined;
  const m = new Map<string, string[]>();
  for (const part of v.split(',')) {
    const at = part.indexOf(':');
    if (at <= 0 || at === part.length - 1) throw badRequest('invalid_input');
    const prop = part.slice(0, at).trim(), value = part.slice(at + 1).trim();
    const list = m.get(prop) ?? [];
    list.push(value);
    m.set(prop, list);
  }
  if (m.size > 20) throw badRequest('invalid_input');
  return m;
}

/** Article detail as a guest sees it (no purchase facts). */
async function articleDetail(db: Db, nr: string, lang: string, country: string) {
  const [[item], art, texts, props, children] = await Promise.all([
    listItems(db, [nr], { lang, country }),
    db.selectFrom('articles as a').innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
      .select(['a.hersteller_artnr', 'a.gtin', 'a.referenz', 'a.ist_referenz', 'a.pg', 'a.kat_id', 'm.name'])
      .where('a.artnr', '=', nr).executeTakeFirst(),
    db.selectFrom('article_texts').select(['lang', 'beschreibung']).where('artnr', '=', nr).where('lang', 'in', [lang, 'de']).execute(),
    db.selectFrom('article_properties').select(['prop', 'value']).where('artnr', '=', nr).orderBy('prop').execute(),
    db.selectFrom('articles').select('artnr').where('parent_artnr', '=', nr).orderBy('artnr').execute(),
  ]);
  // removed since the snapshot said it exists (a write that bypassed the bus)
  if (!art || !item) throw notFound('error_artnr');
  const [variants, names, kat, labels] = await Promise.all([
    art.ist_referenz === 1 && children.length ? listItems(db, children.map((c) => c.artnr), { lang, country }) : Promise.resolve([]),
    db.selectFrom('product_group_names').select(['lang', 'bez']).where('pg', '=', art.pg).where('lang', 'in', [lang, 'de']).execute(),
    db.selectFrom('category_names').select(['lang', 'name']).where('kat_id', '=', art.kat_id).where('lang', 'in', [lang, 'de']).execute(),
    snapshot(db).then((s) => propertyLabels(db, s, lang)),
  ]);
  const pick = <T extends { lang: string }>(rows: T[]) => rows.find((r) => r.lang === lang) ?? rows[0];
  return {
    ...item,
    // MCode as stored: a missing code is part of the section 9 UVP rule (the list item says the same)
    Referenz: art.referenz,
    Beschreibung: pick(texts)?.beschreibung ?? '',
    Hersteller: art.name,
    HerstellerArtikelnummer: art.hersteller_artnr,
    GTIN: art.gtin,
    PGBez: pick(names)?.bez ?? '',
    KatName: pick(kat)?.name ?? '',
    properties: props.map((p) => ({ ...p, label: labels(p.prop, p.value) })),
    variants,
    images: images(nr, art.referenz),
  };
}

/**
 * The article detail as a guest sees it (no customer data: cached) — the article call's answer and the
 * product page's data (src/islands/shop/server/product.ts). 404 not_found for an unknown article.
 */
export async function guestArticleDetail(db: Db, artnr: string, lang: string, country: string) {
  const nr = await requireArtnr(db, artnr);
  return cachedGuestValue(db, `detail|${nr}|${lang}|${country}`, () => articleDetail(db, nr, lang, country));
}

/** A page of a category listing with its filters (calls.category); `kdnr` null: the guest view. */
export async function categoryListing(db: Db, query: z.output<typeof calls.category.query>, lang: string, country: string, kdnr: number | null) {
  const s = await snapshot(db);
  if (query.pg !== undefined && !s.pgs.has(query.pg)) throw notFound('not_found');
  if (query.katId !== undefined) {
    const kp = s.katPg.get(query.katId);
    if (kp === undefined || (query.pg !== undefined && kp !== query.pg)) throw notFound('not_found');
  }
  if (query.bereitsGekauft && !kdnr) throw unauthorized();
  const cur = await cachedCurrency(db, country);
  const f: ListFilter = { marken: parseMarken(query.marken), eigenschaften: parseEigenschaften(query.eigenschaften) };
  if (query.min !== undefined) f.min = query.min / cur.rate - 1e-9;
  if (query.max !== undefined) f.max = query.max / cur.rate + 1e-9;
  let onlyKey = '';
  if (query.bereitsGekauft && kdnr) {
    const rows = await db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.artnr').distinct().where('o.kdnr', '=', kdnr).execute();
    f.only = new Set(rows.map((r) => s.idxOf.get(r.artnr)).filter((i): i is number => i !== undefined));
    onlyKey = `k${kdnr}:${rows.length}`;
  }
  if (query.neu) {
    const rows = await db.selectFrom('articles').select('artnr').where('ist_neuheit', '=', 1).execute();
    const neu = new Set(rows.map((r) => s.idxOf.get(r.artnr)).filter((i): i is number => i !== undefined));
    f.only = f.only ? new Set([...f.only].filter((i) => neu.has(i))) : neu;
    onlyKey += 'n';
  }
  const key = JSON.stringify([query.pg, query.katId, query.sort, query.sort === 'name' ? lang : '', query.marken, query.eigenschaften, f.min, f.max, onlyKey]);
  const { hits, facets } = await cachedListing(s, key, async () => {
    let base: number[];
    if (query.katId !== undefined) {
      base = [];
      for (const k of katDescendants(s, query.katId)) for (const i of s.byKat.get(k) ?? []) base.push(i);
      base.sort((a, b) => a - b);
    } else if (query.pg !== undefined) base = s.byPg.get(query.pg) ?? [];
    else base = s.listable;
    const props = await propIndex(db, s);
    const r = filterAndFacet(s, props, base, f, [...props.byProp.keys()].sort());
    const sorted = query.sort === 'relevance' ? relevanceOrder(s, r.hits) : await sortHits(db, s, r.hits, query.sort as SortKey, lang);
    return { hits: sorted, facets: r.facets };
  });
  const total = hits.length;
  const start = (query.page - 1) * query.pageSize;
  const [items, labels] = await Promise.all([
    listItems(db, Array.from(hits.subarray(start, start + query.pageSize), (i) => s.artnr[i]!), { lang, country, kdnr }),
    propertyLabels(db, s, lang),
  ]);
  const fc = facets!;
  return {
    items, total, page: query.page, pages: Math.ceil(total / query.pageSize),
    filters: {
      marken: fc.marken,
      // value: the key a filter sends; label: its wording in the page's language
      eigenschaften: fc.eigenschaften.map((e) => ({
        prop: e.prop, values: e.values.slice(0, 200).map((v) => ({ ...v, label: labels(e.prop, v.value) })),
      })),
      price: { min: convertPrice(fc.price.min, cur.rate), max: convertPrice(fc.price.max, cur.rate) },
    },
  };
}

/** The product groups with their categories and article counts (calls.navigation). */
export async function navigationElements(db: Db, lang: string) {
  const [groups, s] = await Promise.all([orderedGroups(db, lang), snapshot(db)]);
  const names = await categoryNames(db, s, lang);
  const slugs = new Map((await db.selectFrom('categories').select(['kat_id', 'slug']).execute()).map((c) => [c.kat_id, c.slug]));
  return groups.map((g) => {
    const roots = s.katChildren.get(-g.pg - 1) ?? [];
    // a single root category stands for the group itself; its children are the navigation entries
    const single = roots.length === 1 ? roots[0]! : null;
    const kids = single !== null && (s.katChildren.get(single)?.length ?? 0) > 0 ? s.katChildren.get(single)! : roots;
    return {
      pg: g.pg, id: `PG${g.pg}`, name: g.bez, katId: single ?? 0, slug: single !== null ? slugs.get(single) ?? slugify(g.bez) : slugify(g.bez),
      children: kids.map((k) => ({ katId: k, name: names.get(k) ?? '', slug: slugs.get(k) ?? '', count: countWithDescendants(s, k) })),
    };
  });
}

/** The availability of an article as it stands now (calls.availability; the detail is cached). */
export async function articleAvailability(db: Db, artnr: string) {
  const r = await db.selectFrom('articles').select(['vkz', 'lieferstatus']).where('artnr', '=', artnr).executeTakeFirst();
  if (!r) throw notFound('error_artnr');
  return { vkz: r.vkz, Lieferstatus: r.lieferstatus };
}

/** The article detail with the customer's own purchase facts laid over (calls.article for a customer). */
export async function customerArticleDetail(db: Db, artnr: string, lang: string, country: string, kdnr: number) {
  const [base, bought] = await Promise.all([guestArticleDetail(db, artnr, lang, country), purchaseFacts(db, kdnr)]);
  return { ...withPurchases([base], bought)[0]!, variants: withPurchases(base.variants, bought) };
}

export const routes: AnyRoute[] = [
  // registered before the detail call: both paths have four segments
  defineRoute(calls.availability, async ({ db, params }) => articleAvailability(db, await requireArtnr(db, params.artnr))),

  defineRoute(calls.article, async ({ db, params, lang, country, session, c }) => {
    // the guest view is cached, for a guest serialised and compressed once per key as the listings are;
    // a customer gets it with the own purchase facts laid over
    if (!session) {
      return cachedGuestJson(db, JSON.stringify(['d', params.artnr, lang, country]), () => guestArticleDetail(db, params.artnr, lang, country), c.req.header('accept-encoding'));
    }
    return customerArticleDetail(db, params.artnr, lang, country, session.kdnr);
  }),

  defineRoute(calls.productGroups, async ({ db, lang }) => orderedGroups(db, lang)),

  defineRoute(calls.navigation, async ({ db, lang }) => ({ elements: await navigationElements(db, lang) })),

  defineRoute(calls.recommend, async ({ db, params, lang, country, session }) => {
    const nr = await requireArtnr(db, params.artnr);
    const recs = await db.selectFrom('recommendations as r').innerJoin('articles as a', 'a.artnr', 'r.rec_artnr')
      .select('r.rec_artnr').where('r.artnr', '=', nr).where('r.rec_artnr', '!=', nr).where('a.aus_sortiment', '=', 0)
      .orderBy('r.score', 'desc').orderBy('r.rec_artnr').limit(12).execute();
    const items = await listItems(db, [nr, ...recs.map((r) => r.rec_artnr)], { lang, country, kdnr: session?.kdnr ?? null });
    return { recommendations: items.slice(1), product: items[0]! };
  }),

  defineRoute(calls.category, async ({ db, query, lang, country, session, c }) => {
    if (session) return categoryListing(db, query, lang, country, session.kdnr);
    // every guest gets the same page of a listing: serialised and compressed once per key, as search answers
    return cachedGuestJson(db, JSON.stringify(['c', query, lang, country]), () => categoryListing(db, query, lang, country, null), c.req.header('accept-encoding'));
  }),

  defineRoute(calls.promotions, async ({ db, lang, country, session }) => {
    const promos = await activePromotions(db).execute();
    if (!promos.length) return { promotions: [] };
    const links = await db.selectFrom('promotion_articles').select(['promotion_id', 'artnr'])
      .where('promotion_id', 'in', promos.map((p) => p.id)).execute();
    const items = await listItems(db, [...new Set(links.map((l) => l.artnr))], { lang, country, kdnr: session?.kdnr ?? null });
    const byNr = new Map(items.map((i) => [i.Artikelnummer, i]));
    return {
      promotions: promos.map((p) => ({
        id: p.id, name: p.name, pg: p.pg, validFrom: p.valid_from, validTo: p.valid_to, newsletterId: p.newsletter_id,
        items: sortSaleList(links.filter((l) => l.promotion_id === p.id).map((l) => byNr.get(l.artnr))
          .filter((i): i is ArticleListItem => !!i && !i.AusSortiment)),
      })),
    };
  }),

  defineRoute(calls.promotionArticles, async ({ db, params, lang, country, session }) => {
    const g = await db.selectFrom('product_groups').select('pg').where('pg', '=', params.pg).executeTakeFirst();
    if (!g) throw notFound('not_found');
    const promos = await activePromotions(db).where('pg', '=', params.pg).execute();
    const links = promos.length
      ? await db.selectFrom('promotion_articles').select('artnr').distinct().where('promotion_id', 'in', promos.map((p) => p.id)).execute()
      : [];
    const items = await listItems(db, links.map((l) => l.artnr), { lang, country, kdnr: session?.kdnr ?? null });
    const bez = (await orderedGroups(db, lang)).find((x) => x.pg === params.pg)?.bez ?? '';
    return { pg: params.pg, bez, items: sortSaleList(items.filter((i) => !i.AusSortiment)) };
  }),

  defineRoute(calls.topArticles, async ({ db, query, lang, country, session }) => {
    const hist = await purchaseHistory(db, session.kdnr);
    const s = await snapshot(db);
    const ranked = [...hist].map(([artnr, h]) => ({ artnr, anzahl: h.orders.size, menge: h.menge, idx: s.idxOf.get(artnr) }))
      .filter((r) => r.idx !== undefined)
      .sort((a, b) => b.anzahl - a.anzahl || b.menge - a.menge || a.artnr.localeCompare(b.artnr));
    const groupCounts = new Map<number, number>();
    for (const r of ranked) groupCounts.set(s.pg[r.idx!]!, (groupCounts.get(s.pg[r.idx!]!) ?? 0) + 1);
    const chosen = ranked.filter((r) => query.pg === undefined || s.pg[r.idx!] === query.pg).slice(0, query.limit);
    const items = await listItems(db, chosen.map((r) => r.artnr), { lang, country, kdnr: session.kdnr });
    const byNr = new Map(chosen.map((r) => [r.artnr, r]));
    const groupNames = new Map((await orderedGroups(db, lang)).map((g) => [g.pg, g.bez]));
    return {
      items: items.map((i) => ({ ...i, Anzahl: byNr.get(i.Artikelnummer)!.anzahl, Menge: byNr.get(i.Artikelnummer)!.menge })),
      groups: [...groupCounts].map(([pg, count]) => ({ pg, bez: groupNames.get(pg) ?? String(pg), count }))
        .sort((a, b) => b.count - a.count || a.pg - b.pg),
    };
  }),

  defineRoute(calls.suggestions, async ({ db, query, lang, country, session }) => {
    const hist = await purchaseHistory(db, session.kdnr);
    const now = Date.now();
    const DAY = 86_400_000;
    // the filter is the planning horizon ("what is due this week"): a rhythm of its own would leave
    // weekly and yearly empty for a lab that reorders most consumables every two to four weeks
    const HORIZON = { weekly: 7, monthly: 30, yearly: 365 } as const;
    const found: { artnr: string; rhythm: 'weekly' | 'monthly' | 'yearly'; interval: number; last: string; due: number; n: number }[] = [];
    for (const [artnr, h] of hist) {
      if (h.dates.length < 2) continue;
      const t = h.dates.map((d) => Date.parse(d));
      const interval = (t[t.length - 1]! - t[0]!) / (t.length - 1) / DAY;
      // rhythm by mean purchase interval: up to ~2 weeks weekly, up to ~2 months monthly, else yearly
      const rhythm = interval <= 14 ? 'weekly' : interval <= 62 ? 'monthly' : 'yearly';
      const due = t[t.length - 1]! + interval * DAY;
      if (query.filter !== 'all' && (due - now) / DAY > HORIZON[query.filter]) continue;
      found.push({ artnr, rhythm, interval: Math.round(interval), last: h.dates[h.dates.length - 1]!, due, n: h.orders.size });
    }
    // most urgent first
    found.sort((a, b) => a.due - b.due || b.n - a.n || a.artnr.localeCompare(b.artnr));
    const chosen = found.slice(0, 200);
    const items = await listItems(db, chosen.map((f) => f.artnr), { lang, country, kdnr: session.kdnr });
    const by = new Map(chosen.map((f) => [f.artnr, f]));
    return {
      items: items.filter((i) => !i.AusSortiment).map((i) => {
        const f = by.get(i.Artikelnummer)!;
        return { ...i, Rhythmus: f.rhythm, IntervallTage: f.interval, LetzterKauf: f.last, Faellig: new Date(f.due).toISOString().slice(0, 10), Anzahl: f.n };
      }),
    };
  }),

  defineRoute(calls.toothLines, async ({ db }) => {
    const s = await snapshot(db);
    const props = await propIndex(db, s);
    const lines = props.byProp.get('zahnlinie');
    const m = new Map<string, { zahnlinie: string; hersteller: { id: number; name: string }; count: number }>();
    if (lines) for (let i = 0; i < s.n; i++) {
      const v = lines[i]!;
      if (v < 0 || s.aus[i]) continue;
      const key = `${v}|${s.herst[i]}`;
      const e = m.get(key);
      if (e) e.count++;
      else m.set(key, { zahnlinie: props.values[v]!, hersteller: { id: s.herst[i]!, name: s.manufacturers.get(s.herst[i]!) ?? '' }, count: 1 });
    }
    return { zahnlinien: [...m.values()].sort((a, b) => a.hersteller.name.localeCompare(b.hersteller.name) || a.zahnlinie.localeCompare(b.zahnlinie, 'de', { numeric: true })) };
  }),

  defineRoute(calls.toothSets, async ({ db, query, lang, country, session }) => {
    const s = await snapshot(db);
    const props = await propIndex(db, s);
    const lines = props.byProp.get('zahnlinie');
    const base: number[] = [];
    if (lines) for (let i = 0; i < s.n; i++) if (lines[i]! >= 0 && !s.aus[i]) base.push(i);
    const f: ListFilter = { children: true, eigenschaften: new Map() };
    for (const p of TOOTH_PROPS) if (query[p]) f.eigenschaften!.set(p, [query[p]!]);
    if (query.hersteller) {
      const h = query.hersteller.trim();
      const id = /^\d+$/.test(h) ? Number(h) : [...s.manufacturers].find(([, name]) => name.toLowerCase() === h.toLowerCase())?.[0];
      if (id === undefined) throw new ApiError(404, 'not_found');
      f.marken = [id];
    }
    const { hits, facets } = filterAndFacet(s, props, base, f, [...TOOTH_PROPS]);
    const shown = hits.slice(0, query.limit).map((i) => s.artnr[i]!);
    const items = await listItems(db, shown, { lang, country, kdnr: session?.kdnr ?? null });
    const propsOf = (nr: string) => {
      const i = s.idxOf.get(nr)!;
      const o: Record<string, string> = {};
      for (const [p, arr] of props.byProp) if (arr[i]! >= 0 && (TOOTH_PROPS as readonly string[]).includes(p) || p === 'garnitur' && arr[i]! >= 0) o[p] = props.values[arr[i]!]!;
      return o;
    };
    const values = (p: string) => facets!.eigenschaften.find((e) => e.prop === p)?.values ?? [];
    return {
      items: items.map((i) => ({ ...i, properties: propsOf(i.Artikelnummer) })),
      total: hits.length,
      facets: {
        hersteller: facets!.marken, zahnlinie: values('zahnlinie'), kiefer: values('kiefer'),
        zahnart: values('zahnart'), farbe: values('farbe'), form: values('form'),
      },
    };
  }),
];
