// The article list item of section 3, shared by catalogue, search, cart, lists and orders.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { cachePerDb } from './cache.ts';
import { invalidate } from './bus.ts';
import { TOPIC } from './cache-topics.ts';
import { REQUEST_PRICES } from '#rules/constants.ts';
import { discountPercent } from '#rules/pricing.ts';
import type { ArticleListItem } from '#api/articles.ts';

export type { ArticleListItem };

/** Prices are stored in EUR; request-price markers (0.01/0.02) are never converted. */
export function convertPrice(eur: number, rate: number): number {
  if (REQUEST_PRICES.includes(eur) || rate === 1) return eur;
  return Math.round(eur * rate * 100) / 100;
}

export async function currencyFor(db: Db, country: string): Promise<{ code: string; rate: number }> {
  const row = await db.selectFrom('countries').innerJoin('currencies', 'currencies.code', 'countries.currency')
    .select(['currencies.code', 'currencies.rate']).where('countries.iso2', '=', country.toUpperCase()).executeTakeFirst();
  return row ? { code: row.code, rate: Number(row.rate) } : { code: 'EUR', rate: 1 };
}

type Currency = { code: string; rate: number };
// dropped on every instance when a rate or a country's currency changes; the minute is the safety net
const currencies = cachePerDb<string, Currency>({ ttlMs: 60_000, max: 500, topics: [TOPIC.currencies] });

/** Currency of a country (countries and rates are reference data, cached). */
export function cachedCurrency(db: Db, country: string): Promise<Currency> {
  const key = country.toUpperCase();
  return currencies(db).getOrLoad(key, () => currencyFor(db, key));
}

// Purchase facts of a customer (article → time of the last order containing it): one query over the
// customer's history, kept briefly and forgotten on every instance when the customer orders, so list calls
// (search, categories, cart) add BereitsGekauft/LetzterKauf* without a per-call join over the order lines.
const purchases = cachePerDb<number, Map<string, string>>({ ttlMs: 30_000, max: 5_000, topics: [TOPIC.customer] });

export function purchaseFacts(db: Db, kdnr: number): Promise<Map<string, string>> {
  return purchases(db).getOrLoad(kdnr, () => db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.artnr', sql<string>`max(o.created_at)`.as('last')])
    .where('o.kdnr', '=', kdnr).groupBy('l.artnr').execute()
    .then((rows) => new Map(rows.map((r) => [r.artnr, r.last]))));
}

/** Call after an order of the customer was written: every instance forgets the customer's facts. */
export function forgetPurchases(kdnr: number): void {
  invalidate(TOPIC.customer, String(kdnr));
}

/** The customer's purchase facts on list items loaded without a customer (a copy per item). */
export function withPurchases<T extends ArticleListItem>(items: readonly T[], bought: Map<string, string>): T[] {
  return items.map((it) => {
    const last = bought.get(it.Artikelnummer);
    return last
      ? { ...it, BereitsGekauft: 1, LetzterKaufMonat: Number(last.slice(5, 7)), LetzterKaufJahr: Number(last.slice(0, 4)) }
      : it;
  });
}

/**
 * Loads list items in the given order. `kdnr` adds the customer's purchase facts
 * (BereitsGekauft, last purchase month/year) from the order history.
 */
export async function loadArticleItems(
  db: Db, artnrs: readonly string[], opts: { lang: string; country: string; kdnr?: number | null },
): Promise<ArticleListItem[]> {
  if (artnrs.length === 0) return [];
  const unique = [...new Set(artnrs)];
  const [rows, bought, cur] = await Promise.all([
    db.selectFrom('articles as a')
      .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'a.artnr').on('t.lang', '=', opts.lang))
      .innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
      .select(['a.artnr', 'a.bezeichnung', 't.bezeichnung as bez_lang', 'a.gebinde', 'a.preis', 'a.kat_preis', 'a.ist_neuheit',
        'a.ist_referenz', 'a.aus_sortiment', 'a.temp_aus_sortiment', 'a.mcode', 'm.name as lieferant', 'a.parent_artnr',
        'a.pg', 'a.kat_id', 'a.referenz', 'a.vkz', 'a.lieferstatus'])
      .where('a.artnr', 'in', unique).execute(),
    opts.kdnr ? purchaseFacts(db, opts.kdnr) : new Map<string, string>(),
    cachedCurrency(db, opts.country),
  ]);
  const byNr = new Map(rows.map((r) => [r.artnr, r]));
  const out: ArticleListItem[] = [];
  for (const nr of artnrs) {
    const r = byNr.get(nr);
    if (!r) continue;
    const last = bought.get(nr);
    const preis = convertPrice(Number(r.preis), cur.rate);
    const kat = convertPrice(Number(r.kat_preis), cur.rate);
    out.push({
      Artikelnummer: r.artnr,
      Bezeichnung: r.bez_lang ?? r.bezeichnung,
      Gebinde: r.gebinde,
      Preis: preis,
      KatPreis: kat,
      IstNeuheit: r.ist_neuheit,
      IstReferenz: r.ist_referenz,
      AusSortiment: r.aus_sortiment,
      TempAusSortiment: r.temp_aus_sortiment,
      BereitsGekauft: last ? 1 : 0,
      Rabatt: discountPercent(preis, kat),
      MCode: r.mcode,
      lieferant: r.lieferant,
      LetzterKaufMonat: last ? Number(last.slice(5, 7)) : null,
      LetzterKaufJahr: last ? Number(last.slice(0, 4)) : null,
      ParentId: r.parent_artnr,
      ParentArtikelnummer: r.parent_artnr,
      PG: r.pg,
      KatId: r.kat_id,
      Referenz: r.referenz,
      vkz: r.vkz,
      Lieferstatus: r.lieferstatus,
      Waehrung: cur.code,
    });
  }
  return out;
}
