// Stage 2 data: recommendations, promotions (ids/pg as src/content/data/aktionen.json), newsletters,
// benefit codes, order lists; tooth storage and portal data come from zahnlager.ts and portal.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { Insertable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { DB, Tx } from '../db/schema.ts';
import type { Art, Catalog } from './catalog-build.ts';
import { dateOnly, type SeedClock } from './clock.ts';
import { insertAll } from './insert.ts';
import type { OrderSet } from './orders.ts';
import { seedPortal } from './portal.ts';
import { katIdOf } from './catalog.ts';
import { rng } from './prng.ts';
import { seedZahnlager } from './zahnlager.ts';

export interface ExtrasInput { cat: Catalog; hist: OrderSet; clock: SeedClock }

const DAY = 86_400_000;

/** Complementary product groups for "bought together" recommendations. */
const COMPLEMENT: Record<number, number[]> = {
  1: [5, 11], 2: [4, 6], 3: [6, 7], 4: [11, 12], 5: [1, 6], 6: [3, 2], 7: [8], 8: [7], 10: [6, 3], 11: [4, 12], 12: [6, 11], 0: [12], 888: [6, 12],
};

export function buildRecommendations(arts: Art[]): Insertable<DB['recommendations']>[] {
  const r = rng('recommendations');
  const ok = arts.filter((a) => !a.isParent && !a.request && !a.aus);
  const byCat = new Map<string, Art[]>();
  const byPg = new Map<number, Art[]>();
  const push = <K,>(m: Map<K, Art[]>, k: K, a: Art) => { const l = m.get(k); if (l) l.push(a); else m.set(k, [a]); };
  for (const a of ok) {
    push(byCat, a.cat, a);
    push(byPg, a.pg, a);
  }
  // complementary pools per group, built once
  const compOf = new Map<number, Art[]>();
  for (const pg of byPg.keys()) compOf.set(pg, (COMPLEMENT[pg] ?? [pg]).flatMap((g) => byPg.get(g) ?? []));
  const out: Insertable<DB['recommendations']>[] = [];
  for (const a of arts) {
    const want = r.int(3, 5);
    const chosen = new Map<string, number>();
    const same = byCat.get(a.cat) ?? byPg.get(a.pg) ?? ok;
    const comp = compOf.get(a.pg) ?? [];
    for (let tries = 0; chosen.size < want && tries < 40; tries++) {
      const fromSame = chosen.size < want - 1 || comp.length === 0;
      const pool = fromSame ? same : comp;
      const b = pool[r.int(0, pool.length - 1)]!;
      if (b.artnr === a.artnr || chosen.has(b.artnr)) continue;
      chosen.set(b.artnr, Math.round((fromSame ? r.float(0.55, 0.98) : r.float(0.25, 0.7)) * 1000) / 1000);
    }
    for (const [rec, score] of chosen) out.push({ artnr: a.artnr, rec_artnr: rec, score });
  }
  return out;
}

interface Aktion { aktion_id: number; language: string; title: string; pg: number; newsletter_id: number | null; valid_from: string; valid_to: string }

/** Promotions 1–7 from the site content; dates keep their distance to the content's reference month. */
export function buildPromotions(arts: Art[], clock: SeedClock) {
  const file = path.resolve(import.meta.dirname, '../../src/content/data/aktionen.json');
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Aktion[];
  // the content's dates were written for 29 November 2026: every promotion keeps, on any day, the place it
  // had then (running, ended or upcoming). Anchored to today, not to the month: shifted by month, the
  // winter promotion (from the 15th) had not begun in the first half of every month.
  const ref = Date.UTC(2026, 10, 29);
  const shift = (d: string) => dateOnly(clock.t((Date.parse(`${d}T00:00:00Z`) - ref) / DAY));
  const promos: Insertable<DB['promotions']>[] = [];
  for (const a of all.filter((x) => x.language === 'de').sort((x, y) => x.aktion_id - y.aktion_id)) {
    promos.push({ id: a.aktion_id, name: a.title, pg: a.pg, valid_from: shift(a.valid_from), valid_to: shift(a.valid_to), newsletter_id: a.newsletter_id });
  }
  const r = rng('promotion-articles');
  const promoArts = arts.filter((a) => a.promo);
  const links: Insertable<DB['promotion_articles']>[] = [];
  for (const p of promos) {
    const own = promoArts.filter((a) => (p.pg === 90 ? true : p.pg === 91 ? a.neu : a.pg === p.pg));
    const chosen = r.sample(own, 40);
    if (chosen.length < 40) chosen.push(...r.sample(promoArts.filter((a) => !chosen.includes(a)), 40 - chosen.length));
    for (const a of chosen) links.push({ promotion_id: p.id!, artnr: a.artnr });
  }
  const discounts = Object.entries(CART_DISCOUNTS).filter(([id]) => promos.some((p) => p.id === Number(id)))
    .flatMap(([id, d]) => d.cats.map((cat) => ({ promotion_id: Number(id), kat_id: katIdOf(cat), percent: d.percent })));
  return { promos, links, discounts };
}

/** Automatic cart discounts the promotion texts promise ("10 % … automatisch im Warenkorb abgezogen"). */
const CART_DISCOUNTS: Record<number, { percent: number; cats: string[] }> = {
  1: { percent: 10, cats: ['verblend', 'malfarben'] },
};

const NEWSLETTER_TITLES = ['Frühjahrsneuheiten im Labor', 'Sommeraktion Gips & Einbettmassen', 'Digitale Zahntechnik: CAD/CAM-Special',
  'Herbstangebote Keramik', 'Zahnwochen: Garnituren zum Aktionspreis', 'Jahresendspurt: Fräser-Sparpakete'];

export async function seedExtras(db: Db, input: ExtrasInput): Promise<Record<string, number>> {
  const { cat, hist, clock } = input;
  const counts: Record<string, number> = {};
  const recs = buildRecommendations(cat.arts);
  const { promos, links, discounts } = buildPromotions(cat.arts, clock);
  await db.transaction().execute(async (tx) => {
    counts.recommendations = await insertAll(tx, 'recommendations', recs);
    counts.newsletters = await insertAll(tx, 'newsletters', NEWSLETTER_TITLES.map((title, i) => ({
      id: i + 1, title, sent_at: clock.m(-(NEWSLETTER_TITLES.length - i) * 30 + 3.4),
    })));
    counts.promotions = await insertAll(tx, 'promotions', promos);
    counts.promotion_articles = await insertAll(tx, 'promotion_articles', links);
    counts.promotion_cart_discounts = await insertAll(tx, 'promotion_cart_discounts', discounts);
    Object.assign(counts, await seedCodesAndLists(tx, cat.arts, hist, clock));
    Object.assign(counts, await seedZahnlager(tx, cat.arts, hist, clock));
    Object.assign(counts, await seedPortal(tx, cat.arts, hist, clock));
  });
  return counts;
}

async function seedCodesAndLists(tx: Tx, arts: Art[], hist: OrderSet, clock: SeedClock): Promise<Record<string, number>> {
  const from = dateOnly(clock.m(-365));
  const to = dateOnly(clock.m(730));
  // the free gift: the cheapest orderable article of the promotional items (pg 0), else any cheap one
  const cheap = arts.filter((a) => !a.isParent && !a.request && !a.aus && !a.temp && a.preis >= 1 && a.preis < 15);
  const gift = cheap.find((a) => a.cat === 'werbe') ?? cheap.sort((a, b) => a.preis - b.preis || (a.artnr < b.artnr ? -1 : 1))[0]!;
  const codes: Insertable<DB['benefit_codes']>[] = [
    { code: 'WILLKOMMEN10', kind: 'percent', value: 10, min_order: 0, valid_from: from, valid_to: to, single_use: 1, free_gift_artnr: null, removable: 1 },
    { code: 'SOFORT5', kind: 'instant', value: 5, min_order: 50, valid_from: from, valid_to: to, single_use: 0, free_gift_artnr: null, removable: 1 },
    { code: 'GRATIS2026', kind: 'gift', value: 0, min_order: 0, valid_from: from, valid_to: to, single_use: 0, free_gift_artnr: gift.artnr, removable: 1 },
    { code: 'ABGELAUFEN', kind: 'percent', value: 5, min_order: 0, valid_from: dateOnly(clock.m(-120)), valid_to: dateOnly(clock.m(-31)), single_use: 0, free_gift_artnr: null, removable: 1 },
    { code: 'EINMALIG', kind: 'percent', value: 5, min_order: 0, valid_from: from, valid_to: to, single_use: 1, free_gift_artnr: null, removable: 1 },
    { code: 'FEST', kind: 'percent', value: 3, min_order: 0, valid_from: from, valid_to: to, single_use: 0, free_gift_artnr: null, removable: 0 },
  ];
  const counts: Record<string, number> = {};
  counts.benefit_codes = await insertAll(tx, 'benefit_codes', codes);
  counts.benefit_redemptions = await insertAll(tx, 'benefit_redemptions', [{ code: 'EINMALIG', kdnr: 123456, order_id: null, redeemed_at: clock.m(-40.3) }]);

  const byNr = new Map(arts.map((a) => [a.artnr, a]));
  const mine = (hist.assortment.get(123456) ?? []).map((nr) => byNr.get(nr)!).filter((a) => !a.temp);
  const r = rng('order-lists');
  const lists = [
    { id: 1, kdnr: 123456, name: 'Keramik', created_at: clock.m(-500) },
    { id: 2, kdnr: 123456, name: 'Gips & Modell', created_at: clock.m(-480) },
  ];
  const items: Insertable<DB['order_list_items']>[] = [];
  const add = (kdnr: number, listId: number, list: Art[], n: number, startDays: number) => {
    list.slice(0, n).forEach((a, i) => items.push({ kdnr, list_id: listId, artnr: a.artnr, menge: r.int(1, 4), added_at: clock.m(startDays + i * 3.1) }));
  };
  add(123456, 0, mine, 12, -600);
  const fill = (pgs: number[], own: Art[]) => {
    const pool = own.filter((a) => pgs.includes(a.pg));
    const extra = arts.filter((a) => pgs.includes(a.pg) && !a.isParent && !a.request && !a.aus && !pool.includes(a));
    return [...pool, ...r.sample(extra, 8)];
  };
  add(123456, 1, fill([3], mine), 8, -500);
  add(123456, 2, fill([4, 11], mine), 7, -480);
  add(654321, 0, (hist.assortment.get(654321) ?? []).map((nr) => byNr.get(nr)!), 5, -300);
  counts.order_lists = await insertAll(tx, 'order_lists', lists);
  counts.order_list_items = await insertAll(tx, 'order_list_items', items);
  return counts;
}
