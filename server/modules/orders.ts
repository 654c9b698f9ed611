// Order history (konto#meine_bestellungen, meinlabor/historie, zahnlager/bestellhistorie), order
// details with back-ordered lines, reorder into the basket, release of orders waiting for a K07,
// and the order statistics of the account page.
//
// Choices where the spec is silent:
// - Orders are addressed by their order number (Auftrag); another customer's number answers 404.
// - The date parts of the by-date/details routes must match the order's date; a difference of one
//   day is accepted (the browser builds them in its own time zone from the UTC timestamp).
// - Reorder adds the lines' quantities to the basket (capped at 999); free-gift lines, articles out
//   of range, unknown articles and price-on-request articles are skipped and reported.
// - Statistics: default range the last 12 months; every period of the range is listed (zeros
//   included) with values converted to the session's currency; no order at all → notice
//   'statistics_no_data' (200, empty sums).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Session } from '../http/session.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { convertPrice, currencyFor } from '../lib/articles.ts';
import { requirePermission } from '../lib/permissions.ts';
import { sendMail } from '../lib/mail.ts';
import { serverT } from '#i18n/server.ts';
import { orderSummary, totalsOf, withDesignations } from '../lib/money.ts';
import { nowIso } from '../lib/time.ts';
import { parseReleaseReason } from '../lib/release-rules.ts';
import { addCapped, cartCount } from './cart.ts';
import { QTY_MAX } from '#rules/constants.ts';
import { isRequestPrice } from '#rules/pricing.ts';
import * as calls from '#api/orders.ts';
import { pad } from '#api/orders.ts';

const round2 = (v: number) => Math.round(v * 100) / 100;

const DAY = 86_400_000;

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

// ---- shared queries ----

export interface OrderHead {
  id: number; kdnr: number; auftrag: number; vorgang: number; rechnung: number; created_at: string; status: string;
  total: number; currency: string; address_json: string; versandart: string; versanddatum: string | null; kommentar: string;
  zahlungsart: string; benefit_code: string | null; discount: number; free_gift_artnr: string | null; fwt: number;
  placed_by_sub_user: number | null; release_status: string; released_by: number | null; source: string;
}

const HEAD_COLS = ['id', 'kdnr', 'auftrag', 'vorgang', 'rechnung', 'created_at', 'status', 'total', 'currency', 'address_json',
  'versandart', 'versanddatum', 'kommentar', 'zahlungsart', 'benefit_code', 'discount', 'free_gift_artnr', 'fwt',
  'placed_by_sub_user', 'release_status', 'released_by', 'source'] as const;

/** One order of the customer by its order number, or 404 (also for other customers' orders). */
export async function ownOrder(db: Db, kdnr: number, auftrag: number): Promise<OrderHead> {
  const o = await db.selectFrom('orders').select([...HEAD_COLS]).where('kdnr', '=', kdnr).where('auftrag', '=', auftrag).executeTakeFirst();
  if (!o) throw notFound();
  return { ...o, id: Number(o.id), total: Number(o.total), discount: Number(o.discount) };
}

export interface OrderLineOut {
  pos: number; artnr: string; bezeichnung: string; menge: number; preis: number; gesamt: number; status: string;
  geliefert: number; rueckstand: number; freeGift: boolean; orderable: boolean; zahnlager_slot_id: number | null;
}

/** The order's lines with translated designations, back-order quantities and whether they can be reordered. */
export async function orderLines(db: Db, o: Pick<OrderHead, 'id' | 'free_gift_artnr'>, lang: string): Promise<OrderLineOut[]> {
  const rows = await db.selectFrom('order_lines as l')
    .leftJoin('articles as a', 'a.artnr', 'l.artnr')
    .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'l.artnr').on('t.lang', '=', lang))
    .select(['l.pos', 'l.artnr', 'l.bezeichnung', 't.bezeichnung as bez_lang', 'l.menge', 'l.preis', 'l.status', 'l.geliefert',
      'l.zahnlager_slot_id', 'a.artnr as known', 'a.aus_sortiment', 'a.preis as apreis', 'a.kat_preis'])
    .where('l.order_id', '=', o.id).orderBy('l.pos').execute();
  return rows.map((r) => {
    const freeGift = !!o.free_gift_artnr && r.artnr === o.free_gift_artnr && Number(r.preis) === 0;
    const orderable = !!r.known && !r.aus_sortiment && !isRequestPrice(Number(r.apreis), Number(r.kat_preis)) && !freeGift;
    return {
      pos: r.pos, artnr: r.artnr, bezeichnung: r.bez_lang ?? r.bezeichnung, menge: r.menge, preis: Number(r.preis),
      gesamt: round2(Number(r.preis) * r.menge), status: r.status, geliefert: r.geliefert,
      rueckstand: r.status === 'backorder' ? Math.max(0, r.menge - r.geliefert) : 0,
      freeGift, orderable, zahnlager_slot_id: r.zahnlager_slot_id,
    };
  });
}

function parseAddress(s: string): Record<string, string> {
  try {
    const o = JSON.parse(s) as unknown;
    return o && typeof o === 'object' ? (o as Record<string, string>) : {};
  } catch {
    return {};
  }
}

async function orderDetails(db: Db, session: Session, o: OrderHead, lang: string) {
  const [lines, docs, placer] = await Promise.all([
    orderLines(db, o, lang),
    db.selectFrom('documents').select(['id', 'typ', 'nummer', 'datum', 'betrag']).where('kdnr', '=', session.kdnr).where('order_id', '=', o.id).orderBy('datum').orderBy('id').execute(),
    o.placed_by_sub_user ? db.selectFrom('sub_users').select(['id', 'vorname', 'nachname']).where('kdnr', '=', session.kdnr).where('id', '=', o.placed_by_sub_user).executeTakeFirst() : Promise.resolve(undefined),
  ]);
  const row = await db.selectFrom('orders').select('summary_json').where('id', '=', o.id).executeTakeFirst();
  const sum = withDesignations(await orderSummary(db, { ...o, summary_json: row?.summary_json }, lines), new Map(lines.map((l) => [l.artnr, l.bezeichnung])));
  return {
    ...summary(o, lines.length, lines.filter((l) => l.status === 'backorder').length),
    address: parseAddress(o.address_json),
    versandart: o.versandart, versanddatum: o.versanddatum, kommentar: o.kommentar, zahlungsart: o.zahlungsart,
    benefitCode: o.benefit_code, fwt: !!o.fwt, freeGiftArtnr: o.free_gift_artnr,
    totals: totalsOf(sum),
    summary: sum,
    placedBy: placer ? { id: Number(placer.id), name: `${placer.vorname} ${placer.nachname}` } : null,
    releasedBy: o.released_by,
    lines,
    documents: docs.map((d) => ({ id: Number(d.id), typ: d.typ, nummer: d.nummer, datum: d.datum, betrag: Number(d.betrag), pdf: `/api/documents/${d.typ}/${d.id}.pdf` })),
  };
}

function summary(o: Pick<OrderHead, 'auftrag' | 'vorgang' | 'rechnung' | 'created_at' | 'status' | 'total' | 'currency' | 'release_status'>, positionen: number, rueckstand: number) {
  return {
    auftrag: o.auftrag, vorgang: o.vorgang, rechnung: o.rechnung, created_at: o.created_at, datum: o.created_at.slice(0, 10),
    status: o.status, total: Number(o.total), currency: o.currency, positionen, rueckstand, release_status: o.release_status,
  };
}

/** Order list with line and back-order counts (one query). */
async function listOrders(db: Db, kdnr: number, f: { from?: string; to?: string; page: number; limit: number; pending?: boolean }) {
  let base = db.selectFrom('orders as o').where('o.kdnr', '=', kdnr);
  if (f.from) base = base.where('o.created_at', '>=', f.from);
  if (f.to) base = base.where('o.created_at', '<', nextDay(f.to));
  if (f.pending) base = base.where('o.release_status', '=', 'pending');
  const [cnt, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    base.leftJoin('order_lines as l', 'l.order_id', 'o.id')
      .select(['o.id', 'o.auftrag', 'o.vorgang', 'o.rechnung', 'o.created_at', 'o.status', 'o.total', 'o.currency', 'o.release_status',
        'o.placed_by_sub_user', 'o.release_reason', sql<number>`count(l.pos)`.as('positionen'),
        sql<number>`sum(case when l.status = 'backorder' then 1 else 0 end)`.as('rueckstand')])
      .groupBy(['o.id', 'o.auftrag', 'o.vorgang', 'o.rechnung', 'o.created_at', 'o.status', 'o.total', 'o.currency', 'o.release_status', 'o.placed_by_sub_user', 'o.release_reason'])
      .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc')
      .limit(f.limit).offset((f.page - 1) * f.limit).execute(),
  ]);
  return {
    items: rows.map((r) => ({ ...summary(r, Number(r.positionen), Number(r.rueckstand ?? 0)), placedBySubUser: r.placed_by_sub_user,
      releaseReason: parseReleaseReason(r.release_reason) })),
    page: f.page, limit: f.limit, total: Number(cnt?.n ?? 0),
  };
}

/** Date parts of a route against the order date (UTC date; ±1 day for the browser's time zone). */
function dateMatches(createdAt: string, y: number, m: number, d: number): boolean {
  const want = Date.UTC(y, m - 1, d);
  const have = Date.parse(`${createdAt.slice(0, 10)}T00:00:00Z`);
  return Math.abs(want - have) <= DAY;
}

function checkRange(from?: string, to?: string) {
  if (from && to && from > to) throw badRequest('invalid_date', { field: 'to', reason: 'range' });
}

// ---- statistics ----

function isoWeek(d: Date): { year: number; week: number; start: string } {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = t.getUTCDay() || 7;
  const monday = new Date(t.getTime() - (dow - 1) * DAY);
  t.setUTCDate(t.getUTCDate() + 4 - dow); // Thursday decides the ISO year
  const yStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yStart) / DAY + 1) / 7);
  return { year: t.getUTCFullYear(), week, start: monday.toISOString().slice(0, 10) };
}

function periodOf(iso: string, group: 'month' | 'week'): { period: string; start: string } {
  if (group === 'month') return { period: iso.slice(0, 7), start: `${iso.slice(0, 7)}-01` };
  const w = isoWeek(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
  return { period: `${w.year}-W${pad(w.week)}`, start: w.start };
}

async function orderStatistics(db: Db, session: Session, q: { from?: string; to?: string; group: 'month' | 'week' }, country: string, lang: string) {
  const now = new Date();
  const to = q.to ?? now.toISOString().slice(0, 10);
  const from = q.from ?? new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  checkRange(from, to);
  if (Date.parse(to) - Date.parse(from) > 5 * 366 * DAY) throw badRequest('invalid_date', { field: 'from', reason: 'range' });
  const [rows, cur, rates] = await Promise.all([
    db.selectFrom('orders').select(['created_at', 'total', 'currency']).where('kdnr', '=', session.kdnr)
      .where('created_at', '>=', from).where('created_at', '<', nextDay(to)).execute(),
    currencyFor(db, country),
    db.selectFrom('currencies').select(['code', 'rate']).execute(),
  ]);
  const rateOf = new Map(rates.map((r) => [r.code, Number(r.rate) || 1]));
  const buckets = new Map<string, { period: string; start: string; count: number; total: number }>();
  // every period of the range, so charts show gaps as zeros
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    const p = periodOf(new Date(t).toISOString(), q.group);
    if (!buckets.has(p.period)) buckets.set(p.period, { ...p, count: 0, total: 0 });
  }
  for (const r of rows) {
    const p = periodOf(r.created_at, q.group);
    const b = buckets.get(p.period) ?? { ...p, count: 0, total: 0 };
    const eur = r.currency === 'EUR' ? Number(r.total) : Number(r.total) / (rateOf.get(r.currency) ?? 1);
    b.count += 1;
    b.total += r.currency === cur.code ? Number(r.total) : convertPrice(eur, cur.rate);
    buckets.set(p.period, b);
  }
  const periods = [...buckets.values()].sort((a, b) => (a.start < b.start ? -1 : 1)).map((b) => ({ ...b, total: round2(b.total) }));
  const sum = { count: rows.length, total: round2(periods.reduce((s, p) => s + p.total, 0)) };
  return {
    from, to, group: q.group, currency: cur.code, periods, sum,
    notice: rows.length === 0 ? 'statistics_no_data' : null,
    message: rows.length === 0 ? serverT(lang)('statistics_no_data') : null,
  };
}

// ---- routes ----

export const routes: AnyRoute[] = [
  defineRoute(calls.list, ({ db, session, query }) => {
    checkRange(query.from, query.to);
    return listOrders(db, session.kdnr, query);
  }),

  defineRoute(calls.pending, ({ db, session, query }) => listOrders(db, session.kdnr, { ...query, pending: true })),

  defineRoute(calls.byDate, async ({ db, session, params, lang }) => {
    const o = await ownOrder(db, session.kdnr, params.auftrag);
    if (!dateMatches(o.created_at, params.year, params.month, params.day)) throw notFound();
    return orderDetails(db, session, o, lang);
  }),

  defineRoute(calls.details, async ({ db, session, params, lang }) => {
    const o = await ownOrder(db, session.kdnr, params.auftrag);
    if (o.vorgang !== params.vorgang || o.rechnung !== params.rechnung || !dateMatches(o.created_at, params.year, params.month, params.day)) throw notFound();
    return orderDetails(db, session, o, lang);
  }),

  defineRoute(calls.byAuftrag, async ({ db, session, params, lang }) => orderDetails(db, session, await ownOrder(db, session.kdnr, params.auftrag), lang)),

  defineRoute(calls.reorder, async ({ db, session, params, body }) => {
    return db.transaction().execute(async (tx) => {
      const o = await ownOrder(tx, session.kdnr, params.auftrag);
      const lines = await tx.selectFrom('order_lines as l').leftJoin('articles as a', 'a.artnr', 'l.artnr')
        .select(['l.pos', 'l.artnr', 'l.menge', 'l.preis', 'a.artnr as known', 'a.aus_sortiment', 'a.preis as apreis', 'a.kat_preis'])
        .where('l.order_id', '=', o.id).orderBy('l.pos').execute();
      const chosen = body.lines ? new Map(body.lines.map((l) => [l.pos, l.menge])) : null;
      const wanted = chosen ? new Set(chosen.keys()) : body.positions ? new Set(body.positions) : null;
      if (wanted) {
        const missing = [...wanted].filter((p) => !lines.some((l) => l.pos === p));
        if (missing.length) throw badRequest('invalid_position', { positions: missing });
      }
      const added: { pos: number; artnr: string; menge: number }[] = [];
      const skipped: { pos: number; artnr: string; reason: 'free_gift' | 'unknown' | 'out_of_range' | 'request_price' }[] = [];
      const now = nowIso();
      for (const l of lines) {
        if (wanted && !wanted.has(l.pos)) continue;
        const reason = o.free_gift_artnr === l.artnr && Number(l.preis) === 0 ? 'free_gift'
          : !l.known ? 'unknown' : l.aus_sortiment ? 'out_of_range'
          : isRequestPrice(Number(l.apreis), Number(l.kat_preis)) ? 'request_price' : null;
        if (reason) { skipped.push({ pos: l.pos, artnr: l.artnr, reason }); continue; }
        const menge = Math.min(Math.max(1, chosen?.get(l.pos) ?? l.menge), QTY_MAX);
        await addCapped(tx, session.kdnr, l.artnr, menge, now);
        added.push({ pos: l.pos, artnr: l.artnr, menge });
      }
      return { added, skipped, count: added.length, wkcounter: await cartCount(db, session.kdnr, tx) };
    });
  }),

  defineRoute(calls.release, async ({ db, session, params, lang }) => {
    const by = (await requirePermission(db, session, 'release')).id;
    const res = await db.transaction().execute(async (tx) => {
      const o = await ownOrder(tx, session.kdnr, params.auftrag);
      if (o.release_status !== 'pending') throw conflict('order_not_pending', { release_status: o.release_status });
      // four eyes: whoever placed the order (main user = 0) cannot release it
      if ((o.placed_by_sub_user ?? 0) === by) throw forbidden('own_order_release');
      const u = await tx.updateTable('orders').set({ release_status: 'released', released_by: by, status: 'processing' })
        .where('id', '=', o.id).where('release_status', '=', 'pending').executeTakeFirst();
      if (Number(u.numUpdatedRows) !== 1) throw conflict('order_not_pending', { release_status: 'released' });
      await tx.updateTable('order_lines').set({ status: 'processing' }).where('order_id', '=', o.id).where('status', '=', 'release_pending').execute();
      return o;
    });
    const c = await db.selectFrom('customers').select(['email', 'firma']).where('kdnr', '=', session.kdnr).executeTakeFirst();
    if (c?.email) {
      const t = serverT(lang);
      await sendMail(db, {
        to: c.email, kind: 'order_released', firma: c.firma, lang, subject: t('mail.released.subject', { auftrag: res.auftrag }),
        text: `${t('mail.greeting_plain')}\n\n${t('mail.released.text', { auftrag: res.auftrag })}`,
      }).catch((e) => console.error('[orders] release mail failed', e));
    }
    return { auftrag: res.auftrag, status: 'processing', release_status: 'released', releasedBy: by };
  }),

  defineRoute(calls.statistics, ({ db, session, query, country, lang }) => orderStatistics(db, session, query, country, lang)),
];
