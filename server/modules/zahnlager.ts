// Digital tooth storage (section 2/3/4): cabinets → drawers → slots (row, column) holding a set,
// automatic booking of delivered sets, completion via the cart, statistics, digitisation photos.
import { sql } from 'kysely';
import { expiresSoon } from '../../src/lib/rules/mdr.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Db, Tx } from '../db/index.ts';
import { readMultipart } from '../http/body.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { defineRoute, parseWith, validationError, type AnyRoute } from '../http/route.ts';
import { DigitisationForm } from '../../src/api/form-schemas.ts';
import * as zahnlager from '../../src/api/zahnlager.ts';
import { SLOT_STATES, type AutoBookResult, type Cabinet, type Counts, type HistoryLine, type OrderHistory, type Slot, type SlotLocation } from '../../src/api/zahnlager.ts';
import { nowIso } from '../lib/time.ts';
import {
  checkImage, insertUploads, isFile, removeFiles, serveUpload, uploadUrls, writeImages, type CheckedImage,
} from '../lib/uploads.ts';
import { DASHBOARD_DAYS, ERROR_TEXTS, isRequestPrice, isSetArticle, ZAHNLAGER_AUTO_MS } from '../../src/lib/rules/index.ts';
import { createServiceRequest, safeMail } from './forms.ts';

/** Order statuses that mean "the parcel arrived". */
export { SLOT_STATES };
export const DELIVERED_ORDER_STATUSES = ['delivered', 'geliefert', 'completed'];

// ---------------------------------------------------------------- shared helpers

/** Article designations in the interface language (falls back to the base text). */
export async function designations(db: Db | Tx, artnrs: readonly (string | null)[], lang: string): Promise<Map<string, string>> {
  const list = [...new Set(artnrs.filter((a): a is string => !!a))];
  const out = new Map<string, string>();
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    const rows = await db.selectFrom('articles as a')
      .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'a.artnr').on('t.lang', '=', lang))
      .select(['a.artnr', 'a.bezeichnung', 't.bezeichnung as bez_lang']).where('a.artnr', 'in', chunk).execute();
    for (const r of rows) out.set(r.artnr, r.bez_lang || r.bezeichnung);
  }
  return out;
}

const emptyCounts = (): Counts => ({ slots: 0, belegt: 0, selected: 0, processing: 0, delivering: 0, backorder: 0 });
function addCounts(a: Counts, b: Counts): Counts {
  return {
    slots: a.slots + b.slots, belegt: a.belegt + b.belegt, selected: a.selected + b.selected,
    processing: a.processing + b.processing, delivering: a.delivering + b.delivering, backorder: a.backorder + b.backorder,
  };
}

async function drawerCounts(db: Db, kdnr: number, drawerIds: number[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  if (drawerIds.length === 0) return out;
  const rows = await db.selectFrom('zahnlager_slots').select([
    'schublade_id',
    sql<number>`count(*)`.as('slots'),
    sql<number>`sum(case when belegt = 1 then 1 else 0 end)`.as('belegt'),
    sql<number>`sum(case when selected = 1 then 1 else 0 end)`.as('selected'),
    sql<number>`sum(case when status = 'processing' then 1 else 0 end)`.as('processing'),
    sql<number>`sum(case when status = 'delivering' then 1 else 0 end)`.as('delivering'),
    sql<number>`sum(case when status = 'backorder' then 1 else 0 end)`.as('backorder'),
  ]).where('kdnr', '=', kdnr).where('schublade_id', 'in', drawerIds).groupBy('schublade_id').execute();
  for (const r of rows) {
    out.set(Number(r.schublade_id), {
      slots: Number(r.slots), belegt: Number(r.belegt ?? 0), selected: Number(r.selected ?? 0),
      processing: Number(r.processing ?? 0), delivering: Number(r.delivering ?? 0), backorder: Number(r.backorder ?? 0),
    });
  }
  return out;
}

async function cabinetsOf(db: Db, kdnr: number, onlyId?: number): Promise<Cabinet[]> {
  let q = db.selectFrom('schraenke').select(['id', 'name', 'sort']).where('kdnr', '=', kdnr);
  if (onlyId !== undefined) q = q.where('id', '=', onlyId);
  const cabs = await q.orderBy('sort').orderBy('id').execute();
  if (cabs.length === 0) return [];
  const drawers = await db.selectFrom('schubladen').select(['id', 'schrank_id', 'name', 'zeilen', 'spalten', 'sort'])
    .where('kdnr', '=', kdnr).where('schrank_id', 'in', cabs.map((c) => c.id)).orderBy('sort').orderBy('id').execute();
  const counts = await drawerCounts(db, kdnr, drawers.map((d) => d.id));
  return cabs.map((c) => {
    const own = drawers.filter((d) => d.schrank_id === c.id).map((d) => ({
      id: d.id, schrankId: d.schrank_id, name: d.name, zeilen: d.zeilen, spalten: d.spalten, sort: d.sort,
      counts: counts.get(d.id) ?? emptyCounts(),
    }));
    return { id: c.id, name: c.name, sort: c.sort, counts: own.reduce((a, d) => addCounts(a, d.counts), emptyCounts()), schubladen: own };
  });
}

async function ownCabinet(db: Db | Tx, kdnr: number, id: number) {
  const row = await db.selectFrom('schraenke').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function ownDrawer(db: Db | Tx, kdnr: number, id: number, schrankId?: number) {
  let q = db.selectFrom('schubladen').selectAll().where('id', '=', id).where('kdnr', '=', kdnr);
  if (schrankId !== undefined) q = q.where('schrank_id', '=', schrankId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function ownSlot(db: Db | Tx, kdnr: number, id: number) {
  const row = await db.selectFrom('zahnlager_slots').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

type SlotRow = Awaited<ReturnType<typeof ownSlot>>;

/** What a technician looks for in a slot: the set's tooth line, shade and mould (article properties). */
const SET_FACTS = ['zahnlinie', 'farbe', 'form'] as const;
type SetFacts = Record<(typeof SET_FACTS)[number], string | null>;

async function slotTexts(db: Db | Tx, artnrs: readonly (string | null)[], lang: string) {
  const list = [...new Set(artnrs.filter((a): a is string => !!a))];
  const facts = new Map<string, SetFacts>();
  for (let i = 0; i < list.length; i += 500) {
    const rows = await db.selectFrom('article_properties').select(['artnr', 'prop', 'value'])
      .where('artnr', 'in', list.slice(i, i + 500)).where('prop', 'in', [...SET_FACTS]).execute();
    for (const r of rows) {
      const f = facts.get(r.artnr) ?? { zahnlinie: null, farbe: null, form: null };
      f[r.prop as keyof SetFacts] = r.value;
      facts.set(r.artnr, f);
    }
  }
  return { bez: await designations(db, list, lang), facts };
}

function slotOut(r: SlotRow, { bez, facts }: Awaited<ReturnType<typeof slotTexts>>): Slot {
  return {
    id: r.id, schubladeId: r.schublade_id, zeile: r.zeile, spalte: r.spalte, artikelnummer: r.artikelnummer,
    bezeichnung: r.artikelnummer ? bez.get(r.artikelnummer) ?? null : null,
    ...(r.artikelnummer && facts.get(r.artikelnummer) || { zahnlinie: null, farbe: null, form: null }),
    garnitur: r.artikelnummer ? isSetArticle(r.artikelnummer) : false,
    selected: r.selected, belegt: r.belegt, status: (SLOT_STATES as readonly string[]).includes(r.status) ? r.status as Slot['status'] : '',
    updatedAt: r.updated_at, lot: r.lot, verfallsdatum: r.verfallsdatum, expiresSoon: !!r.artikelnummer && expiresSoon(r.verfallsdatum),
  };
}

async function insertSlots(tx: Tx, kdnr: number, drawerId: number, cells: { zeile: number; spalte: number }[]): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < cells.length; i += 100) {
    await tx.insertInto('zahnlager_slots').values(cells.slice(i, i + 100).map((c) => ({
      kdnr, schublade_id: drawerId, zeile: c.zeile, spalte: c.spalte, artikelnummer: null, selected: 0, belegt: 0, status: '', updated_at: now,
    }))).execute();
  }
}

const allCells = (zeilen: number, spalten: number) => {
  const out: { zeile: number; spalte: number }[] = [];
  for (let zl = 1; zl <= zeilen; zl++) for (let sp = 1; sp <= spalten; sp++) out.push({ zeile: zl, spalte: sp });
  return out;
};

async function nextSort(db: Db | Tx, table: 'schraenke' | 'schubladen', kdnr: number, schrankId?: number): Promise<number> {
  let q = db.selectFrom(table).select(sql<number>`max(sort)`.as('m')).where('kdnr', '=', kdnr);
  if (table === 'schubladen' && schrankId !== undefined) q = q.where('schrank_id', '=', schrankId) as typeof q;
  const r = await q.executeTakeFirst();
  return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
}

async function drawerView(db: Db, kdnr: number, id: number, lang: string) {
  const d = await ownDrawer(db, kdnr, id);
  const cab = await ownCabinet(db, kdnr, d.schrank_id);
  const slots = await db.selectFrom('zahnlager_slots').selectAll().where('kdnr', '=', kdnr).where('schublade_id', '=', id)
    .orderBy('zeile').orderBy('spalte').execute();
  const texts = await slotTexts(db, slots.map((s) => s.artikelnummer), lang);
  const grid: Slot[][] = [];
  for (const s of slots) {
    if (s.zeile > d.zeilen || s.spalte > d.spalten) continue;
    (grid[s.zeile - 1] ??= []).push(slotOut(s, texts));
  }
  const counts = (await drawerCounts(db, kdnr, [id])).get(id) ?? emptyCounts();
  return { id: d.id, name: d.name, zeilen: d.zeilen, spalten: d.spalten, sort: d.sort, schrank: { id: cab.id, name: cab.name }, counts, grid: grid.map((r) => r ?? []) };
}

// ---------------------------------------------------------------- slot ↔ order link and automatic booking

/**
 * Slots sent to the cart ('processing') are linked to the first later order line of the same
 * article that has no slot yet; the line then carries the slot id and the slot follows the line.
 */
export async function linkProcessingSlots(db: Db | Tx, kdnr: number): Promise<number> {
  const slots = await db.selectFrom('zahnlager_slots').select(['id', 'artikelnummer', 'updated_at'])
    .where('kdnr', '=', kdnr).where('status', '=', 'processing').where('artikelnummer', 'is not', null).orderBy('updated_at').execute();
  let linked = 0;
  for (const s of slots) {
    const line = await db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.order_id', 'l.pos', 'l.status']).where('o.kdnr', '=', kdnr).where('l.artnr', '=', s.artikelnummer!)
      .where('l.zahnlager_slot_id', 'is', null).where('o.created_at', '>=', s.updated_at)
      .orderBy('o.created_at').orderBy('l.pos').limit(1).executeTakeFirst();
    if (!line) continue;
    await db.updateTable('order_lines').set({ zahnlager_slot_id: s.id }).where('order_id', '=', line.order_id).where('pos', '=', line.pos).execute();
    await db.updateTable('zahnlager_slots').set({ status: line.status === 'backorder' ? 'backorder' : 'delivering', updated_at: nowIso() })
      .where('id', '=', s.id).execute();
    linked++;
  }
  return linked;
}

/**
 * Slots stay 'processing' only while their sets are in the cart: after linking ordered sets, the
 * processing slots of an article beyond its cart quantity (line removed, lowered or cart emptied)
 * go back to storage, the newest first.
 */
export async function settleProcessingSlots(db: Db | Tx, kdnr: number): Promise<number> {
  // one cheap query on the hot cart path when nothing is processing
  const any = await db.selectFrom('zahnlager_slots').select('id').where('kdnr', '=', kdnr).where('status', '=', 'processing').limit(1).executeTakeFirst();
  if (!any) return 0;
  await linkProcessingSlots(db, kdnr);
  const slots = await db.selectFrom('zahnlager_slots').select(['id', 'artikelnummer']).where('kdnr', '=', kdnr)
    .where('status', '=', 'processing').where('artikelnummer', 'is not', null).orderBy('updated_at').orderBy('id').execute();
  if (slots.length === 0) return 0;
  const cart = new Map((await db.selectFrom('cart_items').select(['artnr', 'menge']).where('kdnr', '=', kdnr)
    .where('artnr', 'in', [...new Set(slots.map((s) => s.artikelnummer!))]).execute()).map((r) => [r.artnr, Number(r.menge)]));
  const kept = new Map<string, number>();
  const orphans: number[] = [];
  for (const s of slots) {
    const n = kept.get(s.artikelnummer!) ?? 0;
    if (n < (cart.get(s.artikelnummer!) ?? 0)) kept.set(s.artikelnummer!, n + 1);
    else orphans.push(s.id);
  }
  if (orphans.length) {
    await db.updateTable('zahnlager_slots').set({ status: '', selected: 0, updated_at: nowIso() })
      .where('kdnr', '=', kdnr).where('id', 'in', orphans).execute();
  }
  return orphans.length;
}

/** Undoes 'processing' of these slots: they return to storage and their sets leave the cart. */
async function releaseProcessing(tx: Tx, kdnr: number, slots: { id: number; artikelnummer: string | null }[]): Promise<void> {
  if (slots.length === 0) return;
  await tx.updateTable('zahnlager_slots').set({ status: '', selected: 0, updated_at: nowIso() })
    .where('kdnr', '=', kdnr).where('status', '=', 'processing').where('id', 'in', slots.map((s) => s.id)).execute();
  const perArt = new Map<string, number>();
  for (const s of slots) if (s.artikelnummer) perArt.set(s.artikelnummer, (perArt.get(s.artikelnummer) ?? 0) + 1);
  for (const [artnr, n] of perArt) {
    await tx.deleteFrom('cart_items').where('kdnr', '=', kdnr).where('artnr', '=', artnr).where('menge', '<=', n).execute();
    await tx.updateTable('cart_items').set({ menge: sql<number>`menge - ${n}` }).where('kdnr', '=', kdnr).where('artnr', '=', artnr).execute();
  }
}

type Scope = { scope: 'schublade' | 'schrank' | 'all'; id?: number };
/** The drawers of a drawer/cabinet scope (null = the whole storage); 404 for another customer's. */
async function scopeDrawers(db: Db | Tx, kdnr: number, s: Scope): Promise<number[] | null> {
  if (s.scope === 'schublade') return [(await ownDrawer(db, kdnr, s.id!)).id];
  if (s.scope === 'schrank') {
    await ownCabinet(db, kdnr, s.id!);
    return (await db.selectFrom('schubladen').select('id').where('kdnr', '=', kdnr).where('schrank_id', '=', s.id!).execute()).map((d) => d.id);
  }
  return null;
}
/** Claims the 15-minute window for this customer; false when another check ran within it. */
async function claimCheck(db: Db, kdnr: number, now: Date): Promise<{ ok: boolean; last: string | null }> {
  const threshold = new Date(now.getTime() - ZAHNLAGER_AUTO_MS).toISOString();
  const res = await db.updateTable('zahnlager_checks').set({ last_check: now.toISOString() })
    .where('kdnr', '=', kdnr).where('last_check', '<=', threshold).executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return { ok: true, last: null };
  const row = await db.selectFrom('zahnlager_checks').select('last_check').where('kdnr', '=', kdnr).executeTakeFirst();
  if (row) return { ok: false, last: row.last_check };
  try {
    await db.insertInto('zahnlager_checks').values({ kdnr, last_check: now.toISOString() }).execute();
    return { ok: true, last: null };
  } catch {
    return { ok: false, last: now.toISOString() }; // a concurrent call claimed it first
  }
}

export async function autoBook(db: Db, kdnr: number, lang: string): Promise<AutoBookResult> {
  const now = new Date();
  const claim = await claimCheck(db, kdnr, now);
  if (!claim.ok) {
    const next = new Date(new Date(claim.last!).getTime() + ZAHNLAGER_AUTO_MS).toISOString();
    return { checked: false, nextCheckAt: next, outPositionen: [] };
  }
  const out = await db.transaction().execute(async (tx) => {
    await linkProcessingSlots(tx, kdnr);
    const rows = await tx.selectFrom('zahnlager_slots as s')
      .innerJoin('schubladen as d', 'd.id', 's.schublade_id')
      .innerJoin('schraenke as c', 'c.id', 'd.schrank_id')
      .innerJoin('order_lines as l', 'l.zahnlager_slot_id', 's.id')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['s.id', 's.status', 's.artikelnummer', 's.zeile', 's.spalte', 'd.id as schublade_id', 'd.name as schublade',
        'c.id as schrank_id', 'c.name as schrank', 'l.status as line_status', 'l.geliefert', 'l.menge', 'l.artnr',
        'o.id as order_id', 'o.auftrag', 'o.status as order_status', 'o.created_at'])
      .where('s.kdnr', '=', kdnr).where('o.kdnr', '=', kdnr).where('s.status', 'in', ['delivering', 'backorder'])
      .orderBy('o.created_at', 'desc').execute();
    const seen = new Set<number>();
    const booked: typeof rows = [];
    const stamp = nowIso();
    for (const r of rows) {
      if (seen.has(r.id)) continue; // the latest order line decides
      seen.add(r.id);
      const orderDelivered = DELIVERED_ORDER_STATUSES.includes(r.order_status);
      const lineBackorder = r.line_status === 'backorder';
      let deliver = false;
      if (r.status === 'delivering') {
        // the order arrived: with the set, or without it (the line was back-ordered)
        if (orderDelivered && lineBackorder) {
          await tx.updateTable('zahnlager_slots').set({ status: 'backorder', updated_at: stamp }).where('id', '=', r.id).execute();
        } else if (orderDelivered) deliver = true;
      } else if (r.status === 'backorder') {
        // the back-ordered line itself is marked delivered once the set arrives later
        deliver = r.line_status === 'delivered' && (orderDelivered || (r.menge > 0 && r.geliefert >= r.menge));
      }
      if (!deliver) continue;
      const art = r.artikelnummer ?? r.artnr;
      await tx.updateTable('zahnlager_slots').set({ belegt: 1, selected: 0, status: '', artikelnummer: art, updated_at: stamp })
        .where('id', '=', r.id).where('kdnr', '=', kdnr).execute();
      await tx.insertInto('zahnlager_bookings').values({ kdnr, slot_id: r.id, artikelnummer: art, menge: 1, booked_at: stamp, order_id: r.order_id }).execute();
      booked.push({ ...r, artikelnummer: art });
    }
    return booked;
  });
  const bez = await designations(db, out.map((r) => r.artikelnummer), lang);
  return {
    checked: true,
    nextCheckAt: new Date(now.getTime() + ZAHNLAGER_AUTO_MS).toISOString(),
    outPositionen: out.map((r) => ({
      slotId: r.id, schrankId: r.schrank_id, schrank: r.schrank, schubladeId: r.schublade_id, schublade: r.schublade,
      zeile: r.zeile, spalte: r.spalte, artikelnummer: r.artikelnummer!, bezeichnung: bez.get(r.artikelnummer!) ?? null,
      orderId: r.order_id, auftrag: r.auftrag,
    })),
  };
}

// ---------------------------------------------------------------- statistics

const pad2 = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
function isoWeekKey(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((t.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${pad2(week)}`;
}
function periodKey(iso: string, group: 'day' | 'week' | 'month'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, group === 'month' ? 7 : 10);
  return group === 'day' ? dayKey(d) : group === 'week' ? isoWeekKey(d) : dayKey(d).slice(0, 7);
}
/** Every period between from and to, so charts get zero bars too. */
function periodsBetween(from: string, to: string, group: 'day' | 'week' | 'month'): string[] {
  const out: string[] = [];
  const end = new Date(`${to}T00:00:00Z`);
  for (let d = new Date(`${from}T00:00:00Z`); d <= end && out.length < 5000; d = new Date(d.getTime() + 86_400_000)) {
    const k = periodKey(d.toISOString(), group);
    if (out[out.length - 1] !== k) out.push(k);
  }
  return out;
}
const nextDay = (day: string) => dayKey(new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000));

async function bookingStats(db: Db, kdnr: number, from: string, to: string, group: 'day' | 'week' | 'month', lang: string, top = 10) {
  const rows = await db.selectFrom('zahnlager_bookings').select(['artikelnummer', 'menge', 'booked_at'])
    .where('kdnr', '=', kdnr).where('booked_at', '>=', from).where('booked_at', '<', nextDay(to)).orderBy('booked_at').execute();
  const per = new Map<string, number>(periodsBetween(from, to, group).map((k) => [k, 0]));
  const arts = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    const k = periodKey(r.booked_at, group);
    per.set(k, (per.get(k) ?? 0) + r.menge);
    arts.set(r.artikelnummer, (arts.get(r.artikelnummer) ?? 0) + r.menge);
    total += r.menge;
  }
  const topList = [...arts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, top);
  const bez = await designations(db, topList.map(([a]) => a), lang);
  return {
    from, to, group, total,
    perioden: [...per].map(([period, count]) => ({ period, count })),
    topGarnituren: topList.map(([artikelnummer, count]) => ({ artikelnummer, bezeichnung: bez.get(artikelnummer) ?? null, count })),
  };
}

// ---------------------------------------------------------------- order history

type HistState = HistoryLine['state'];

async function slotLocations(db: Db, kdnr: number, ids: number[]) {
  const out = new Map<number, SlotLocation>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('zahnlager_slots as s').innerJoin('schubladen as d', 'd.id', 's.schublade_id')
    .innerJoin('schraenke as c', 'c.id', 'd.schrank_id')
    .select(['s.id', 's.zeile', 's.spalte', 's.status', 's.artikelnummer', 'd.id as did', 'd.name as dname', 'c.id as cid', 'c.name as cname'])
    .where('s.kdnr', '=', kdnr).where('s.id', 'in', ids).execute();
  for (const r of rows) {
    out.set(r.id, { id: r.id, schrankId: r.cid, schrank: r.cname, schubladeId: r.did, schublade: r.dname, zeile: r.zeile, spalte: r.spalte, status: r.status, artikelnummer: r.artikelnummer });
  }
  return out;
}

async function setOrders(db: Db, kdnr: number, lang: string, opts: { page: number; pageSize: number; auftrag?: number }) {
  // candidate lines: linked to a slot, or a set article number (ends in S / S+digit; refined with isSetArticle)
  let base = db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').where('o.kdnr', '=', kdnr)
    .where((eb) => eb.or([
      eb('l.zahnlager_slot_id', 'is not', null),
      eb(sql`upper(l.artnr)`, 'like', '%S'),
      eb(sql`upper(l.artnr)`, 'like', '%S_'),
    ]));
  if (opts.auftrag !== undefined) base = base.where('o.auftrag', '=', opts.auftrag);
  const totalRow = await base.select(sql<number>`count(distinct o.id)`.as('n')).executeTakeFirst();
  const orderIds = await base.select(['o.id', 'o.created_at']).groupBy(['o.id', 'o.created_at'])
    .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc')
    .limit(opts.pageSize).offset((opts.page - 1) * opts.pageSize).execute();
  if (orderIds.length === 0) return { total: Number(totalRow?.n ?? 0), orders: [] };
  const orders = await db.selectFrom('orders').select(['id', 'auftrag', 'vorgang', 'rechnung', 'created_at', 'status'])
    .where('kdnr', '=', kdnr).where('id', 'in', orderIds.map((o) => o.id)).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const lines = await db.selectFrom('order_lines as l').leftJoin('articles as a', 'a.artnr', 'l.artnr')
    .select(['l.order_id', 'l.pos', 'l.artnr', 'l.bezeichnung', 'l.menge', 'l.status', 'l.geliefert', 'l.zahnlager_slot_id', 'a.ist_referenz'])
    .where('l.order_id', 'in', orders.map((o) => o.id)).orderBy('l.order_id').orderBy('l.pos').execute();
  const slotIds = lines.map((l) => l.zahnlager_slot_id).filter((v): v is number => v !== null);
  const slots = await slotLocations(db, kdnr, slotIds);
  const bookings = slotIds.length
    ? await db.selectFrom('zahnlager_bookings').select(['slot_id', 'order_id', 'booked_at']).where('kdnr', '=', kdnr).where('slot_id', 'in', slotIds).execute()
    : [];
  const bookedKey = new Map(bookings.map((b) => [`${b.slot_id}:${b.order_id}`, b.booked_at]));
  void lang;
  return {
    total: Number(totalRow?.n ?? 0),
    orders: orders.map((o) => {
      const d = new Date(o.created_at);
      const delivered = DELIVERED_ORDER_STATUSES.includes(o.status);
      const positionen = lines.filter((l) => l.order_id === o.id && (l.zahnlager_slot_id !== null || isSetArticle(l.artnr, l.ist_referenz)))
        .map((l) => {
          const slot = l.zahnlager_slot_id !== null ? slots.get(l.zahnlager_slot_id) ?? null : null;
          const bookedAt = slot ? bookedKey.get(`${slot.id}:${o.id}`) ?? null : null;
          let state: HistState;
          if (bookedAt) state = 'booked';
          else if (slot && ['processing', 'delivering', 'backorder'].includes(slot.status)) state = slot.status as HistState;
          else if (l.status === 'backorder') state = 'backorder';
          else if (delivered) state = 'delivered';
          else state = 'processing';
          return { pos: l.pos, artnr: l.artnr, bezeichnung: l.bezeichnung, menge: l.menge, geliefert: l.geliefert, lineStatus: l.status, state, bookedAt, slot };
        });
      return {
        id: o.id, auftrag: o.auftrag, vorgang: o.vorgang, rechnung: o.rechnung, datum: o.created_at, status: o.status,
        year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), positionen,
      };
    }),
  };
}

// ---------------------------------------------------------------- digitisation

interface DigiDrawer { name: string; photos: number; uploads: Record<string, number> }
interface DigiData { cabinets: { name: string; drawers: DigiDrawer[] }[]; individual: boolean; bemerkung: string }

function digiProgress(data: DigiData) {
  const missing: { cabinet: number; drawer: number; n: number }[] = [];
  let expected = 0, received = 0;
  data.cabinets.forEach((c, ci) => c.drawers.forEach((d, di) => {
    for (let n = 0; n < d.photos; n++) {
      expected++;
      if (d.uploads[String(n)] !== undefined) received++; else missing.push({ cabinet: ci, drawer: di, n });
    }
  }));
  return { expected, received, missing, complete: missing.length === 0 };
}

async function digiMail(db: Db, kdnr: number, referenz: string, data: DigiData): Promise<void> {
  const c = await db.selectFrom('customers').select(['email']).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!c?.email) return;
  const drawers = data.cabinets.reduce((n, cab) => n + cab.drawers.length, 0);
  await safeMail(db, {
    to: c.email, kind: 'digitalisierung',
    subject: `Digitalisierung Ihres Zahnschranks – Referenz ${referenz}`,
    text: `Vielen Dank! Wir haben die Fotos Ihres Zahnschranks erhalten (${data.cabinets.length} Schrank/Schränke, ${drawers} Schublade(n)).\nReferenz: ${referenz}\nWir melden uns, sobald Ihr digitales Zahnlager eingerichtet ist.`,
  });
}

async function loadDigi(db: Db | Tx, kdnr: number, id: number, lock = false) {
  let q = db.selectFrom('service_requests').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).where('typ', '=', 'digitalisierung');
  if (lock && isPostgres(db as Db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return { row, data: JSON.parse(row.data_json) as DigiData };
}

/** The text fields of a multipart form (first value each), for its body schema; files stay apart. */
function textFields(form: Record<string, (string | File)[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, vals] of Object.entries(form)) if (typeof vals[0] === 'string') out[k] = vals[0];
  return out;
}

/** The digitisation request's fields, decided by its form rule; a drawer without a photo is named as { cabinet, drawer }. */
function digitisationFields(form: Record<string, (string | File)[]>) {
  const r = DigitisationForm.safeParse(textFields(form));
  if (r.success) return r.data;
  const e = validationError(r.error);
  const path = r.error.issues[0]?.path ?? [];
  if (e.key === 'digitalisierung_photo_required') throw badRequest(e.key, { cabinet: path[1], drawer: path[3] });
  throw e;
}


// ---------------------------------------------------------------- routes

export const routes: AnyRoute[] = [
  defineRoute(zahnlager.autoBook, ({ db, session, lang }) => autoBook(db, session.kdnr, lang)),
  defineRoute(zahnlager.overview, async ({ db, session }) => {
      const schraenke = await cabinetsOf(db, session.kdnr);
      return { schraenke, counts: schraenke.reduce((a, c) => addCounts(a, c.counts), emptyCounts()) };
    }),
  defineRoute(zahnlager.createCabinet, async ({ db, session, body }) => {
      const sort = body.sort ?? await nextSort(db, 'schraenke', session.kdnr);
      const r = await db.insertInto('schraenke').values({ kdnr: session.kdnr, name: body.name, sort }).returning('id').executeTakeFirstOrThrow();
      return (await cabinetsOf(db, session.kdnr, Number(r.id)))[0]!;
    }),
  defineRoute(zahnlager.cabinet, async ({ db, session, params }) => {
      const c = (await cabinetsOf(db, session.kdnr, params.id))[0];
      if (!c) throw notFound();
      return c;
    }),
  defineRoute(zahnlager.updateCabinet, async ({ db, session, params, body }) => {
      await ownCabinet(db, session.kdnr, params.id);
      if (body.name !== undefined || body.sort !== undefined) {
        await db.updateTable('schraenke').set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.sort !== undefined ? { sort: body.sort } : {}) })
          .where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
      }
      return (await cabinetsOf(db, session.kdnr, params.id))[0]!;
    }),
  defineRoute(zahnlager.deleteCabinet, async ({ db, session, params }) => db.transaction().execute(async (tx) => {
      await ownCabinet(tx, session.kdnr, params.id);
      const drawers = (await tx.selectFrom('schubladen').select('id').where('kdnr', '=', session.kdnr).where('schrank_id', '=', params.id).execute()).map((d) => d.id);
      let slots = 0;
      if (drawers.length) {
        const r = await tx.deleteFrom('zahnlager_slots').where('kdnr', '=', session.kdnr).where('schublade_id', 'in', drawers).executeTakeFirst();
        slots = Number(r.numDeletedRows);
        await tx.deleteFrom('schubladen').where('kdnr', '=', session.kdnr).where('id', 'in', drawers).execute();
      }
      await tx.deleteFrom('schraenke').where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
      return { deleted: params.id, schubladen: drawers.length, slots };
    })),
  defineRoute(zahnlager.createDrawer, async ({ db, session, params, body }) => {
      const id = await db.transaction().execute(async (tx) => {
        await ownCabinet(tx, session.kdnr, params.schrank);
        const sort = body.sort ?? await nextSort(tx, 'schubladen', session.kdnr, params.schrank);
        const r = await tx.insertInto('schubladen').values({ kdnr: session.kdnr, schrank_id: params.schrank, name: body.name, zeilen: body.zeilen, spalten: body.spalten, sort })
          .returning('id').executeTakeFirstOrThrow();
        await insertSlots(tx, session.kdnr, Number(r.id), allCells(body.zeilen, body.spalten));
        return Number(r.id);
      });
      const cab = (await cabinetsOf(db, session.kdnr, params.schrank))[0]!;
      return cab.schubladen.find((d) => d.id === id)!;
    }),
  defineRoute(zahnlager.updateDrawer, async ({ db, session, params, body }) => {
      await db.transaction().execute(async (tx) => {
        const d = await ownDrawer(tx, session.kdnr, params.id, params.schrank);
        const zeilen = body.zeilen ?? d.zeilen, spalten = body.spalten ?? d.spalten;
        if (zeilen !== d.zeilen || spalten !== d.spalten) {
          const outside = await tx.selectFrom('zahnlager_slots').select(['id', 'artikelnummer', 'belegt', 'status'])
            .where('kdnr', '=', session.kdnr).where('schublade_id', '=', d.id)
            .where((eb) => eb.or([eb('zeile', '>', zeilen), eb('spalte', '>', spalten)])).execute();
          if (outside.some((s) => s.artikelnummer !== null || s.belegt || s.status !== '')) throw conflict('schublade_not_empty');
          if (outside.length) await tx.deleteFrom('zahnlager_slots').where('id', 'in', outside.map((s) => s.id)).execute();
          const existing = new Set((await tx.selectFrom('zahnlager_slots').select(['zeile', 'spalte']).where('schublade_id', '=', d.id).execute())
            .map((s) => `${s.zeile}:${s.spalte}`));
          await insertSlots(tx, session.kdnr, d.id, allCells(zeilen, spalten).filter((c) => !existing.has(`${c.zeile}:${c.spalte}`)));
        }
        await tx.updateTable('schubladen').set({ name: body.name ?? d.name, zeilen, spalten, sort: body.sort ?? d.sort })
          .where('id', '=', d.id).where('kdnr', '=', session.kdnr).execute();
      });
      const cab = (await cabinetsOf(db, session.kdnr, params.schrank))[0]!;
      return cab.schubladen.find((d) => d.id === params.id)!;
    }),
  defineRoute(zahnlager.deleteDrawer, async ({ db, session, params }) => db.transaction().execute(async (tx) => {
      await ownDrawer(tx, session.kdnr, params.id, params.schrank);
      const r = await tx.deleteFrom('zahnlager_slots').where('kdnr', '=', session.kdnr).where('schublade_id', '=', params.id).executeTakeFirst();
      await tx.deleteFrom('schubladen').where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
      return { deleted: params.id, slots: Number(r.numDeletedRows) };
    })),
  defineRoute(zahnlager.drawer, async ({ db, session, params, lang }) => {
      await ownDrawer(db, session.kdnr, params.id);
      await settleProcessingSlots(db, session.kdnr);
      return drawerView(db, session.kdnr, params.id, lang);
    }),
  defineRoute(zahnlager.updateSlot, async ({ db, session, params, body, lang }) => {
      const slot = await ownSlot(db, session.kdnr, params.id);
      const art = body.artikelnummer === undefined ? slot.artikelnummer : body.artikelnummer === null ? null : body.artikelnummer.trim();
      if (art !== null && art !== slot.artikelnummer) {
        const exists = await db.selectFrom('articles').select('artnr').where('artnr', '=', art).executeTakeFirst();
        if (!exists) throw badRequest('error_artnr');
      }
      const changed = art !== slot.artikelnummer;
      const patch = art === null
        ? { artikelnummer: null, belegt: 0, selected: 0, status: '' }
        : { artikelnummer: art, belegt: body.belegt ?? (changed ? 1 : slot.belegt), ...(changed ? { selected: 0, status: '' } : {}) };
      await db.updateTable('zahnlager_slots').set({ ...patch, updated_at: nowIso() }).where('id', '=', slot.id).where('kdnr', '=', session.kdnr).execute();
      const row = await ownSlot(db, session.kdnr, slot.id);
      return slotOut(row, await slotTexts(db, [row.artikelnummer], lang));
    }),
  defineRoute(zahnlager.selectSlot, async ({ db, session, params, body, lang }) => {
      const slot = await ownSlot(db, session.kdnr, params.id);
      if (!slot.artikelnummer) throw badRequest('slot_empty');
      if (['processing', 'delivering', 'backorder'].includes(slot.status)) throw conflict('slot_in_process');
      await db.updateTable('zahnlager_slots').set({ selected: 1, status: 'selected', belegt: body.belegt ?? slot.belegt, updated_at: nowIso() })
        .where('id', '=', slot.id).where('kdnr', '=', session.kdnr).execute();
      const row = await ownSlot(db, session.kdnr, slot.id);
      return slotOut(row, await slotTexts(db, [row.artikelnummer], lang));
    }),
  defineRoute(zahnlager.unselectSlot, async ({ db, session, params, lang }) => {
      const slot = await ownSlot(db, session.kdnr, params.id);
      await db.updateTable('zahnlager_slots').set({ selected: 0, status: slot.status === 'selected' ? '' : slot.status, updated_at: nowIso() })
        .where('id', '=', slot.id).where('kdnr', '=', session.kdnr).execute();
      const row = await ownSlot(db, session.kdnr, slot.id);
      return slotOut(row, await slotTexts(db, [row.artikelnummer], lang));
    }),
  defineRoute(zahnlager.reset, async ({ db, session, body }) => db.transaction().execute(async (tx) => {
      await settleProcessingSlots(tx, session.kdnr);
      const drawerIds = await scopeDrawers(tx, session.kdnr, body);
      if (drawerIds?.length === 0) return { cleared: 0 };
      let pq = tx.selectFrom('zahnlager_slots').select(['id', 'artikelnummer']).where('kdnr', '=', session.kdnr).where('status', '=', 'processing');
      if (drawerIds) pq = pq.where('schublade_id', 'in', drawerIds);
      const processing = await pq.execute();
      await releaseProcessing(tx, session.kdnr, processing);
      let q = tx.updateTable('zahnlager_slots').set({ selected: 0, status: sql`case when status = 'selected' then '' else status end`, updated_at: nowIso() })
        .where('kdnr', '=', session.kdnr).where('selected', '=', 1);
      if (drawerIds) q = q.where('schublade_id', 'in', drawerIds);
      const r = await q.executeTakeFirst();
      return { cleared: Number(r.numUpdatedRows) + processing.length };
    })),
  defineRoute(zahnlager.releaseSlot, async ({ db, session, params, lang }) => {
      await db.transaction().execute(async (tx) => {
        await settleProcessingSlots(tx, session.kdnr);
        const slot = await ownSlot(tx, session.kdnr, params.id);
        if (slot.status === 'delivering' || slot.status === 'backorder') throw conflict('slot_in_process');
        if (slot.status === 'processing') await releaseProcessing(tx, session.kdnr, [slot]);
      });
      const row = await ownSlot(db, session.kdnr, params.id);
      return slotOut(row, await slotTexts(db, [row.artikelnummer], lang));
    }),
  defineRoute(zahnlager.toCart, async ({ db, session, body }) => db.transaction().execute(async (tx) => {
      const drawerIds = await scopeDrawers(tx, session.kdnr, body);
      if (drawerIds?.length === 0) throw badRequest('zahnlager_nothing_selected');
      let sq = tx.selectFrom('zahnlager_slots').select(['id', 'artikelnummer']).where('kdnr', '=', session.kdnr)
        .where('selected', '=', 1).where('artikelnummer', 'is not', null);
      if (drawerIds) sq = sq.where('schublade_id', 'in', drawerIds);
      const sel = await sq.orderBy('id').execute();
      if (sel.length === 0) throw badRequest('zahnlager_nothing_selected');
      const byArt = new Map<string, number[]>();
      for (const s of sel) byArt.set(s.artikelnummer!, [...(byArt.get(s.artikelnummer!) ?? []), s.id]);
      const added: { artnr: string; menge: number }[] = [];
      const skipped: { artnr: string; slots: number[]; reason: string }[] = [];
      const done: number[] = [];
      const now = nowIso();
      for (const [artnr, ids] of byArt) {
        const art = await tx.selectFrom('articles').select(['preis', 'kat_preis', 'aus_sortiment']).where('artnr', '=', artnr).executeTakeFirst();
        // out of range or price on request: no cart button in the shop, so not here either
        if (!art || art.aus_sortiment || isRequestPrice(art.preis, art.kat_preis)) { skipped.push({ artnr, slots: ids, reason: 'error_artnr' }); continue; }
        await tx.insertInto('cart_items').values({ kdnr: session.kdnr, artnr, menge: ids.length, var1: '', var2: '', var3: '', var4: '', var5: '', lager: '', added_at: now })
          .onConflict((oc) => oc.columns(['kdnr', 'artnr']).doUpdateSet({ menge: sql<number>`cart_items.menge + excluded.menge` })).execute();
        await tx.updateTable('zahnlager_slots').set({ selected: 0, status: 'processing', updated_at: now }).where('kdnr', '=', session.kdnr).where('id', 'in', ids).execute();
        added.push({ artnr, menge: ids.length });
        done.push(...ids);
      }
      if (added.length === 0) throw badRequest('error_artnr', { skipped });
      const cnt = await tx.selectFrom('cart_items').select(sql<number>`count(*)`.as('n')).where('kdnr', '=', session.kdnr).executeTakeFirst();
      return { added, slots: done, skipped, wkcounter: Number(cnt?.n ?? 0) };
    })),
  defineRoute(zahnlager.statistics, async ({ db, session, query, lang }) => {
      const today = dayKey(new Date());
      const to = query.to ?? today;
      const from = query.from ?? dayKey(new Date(new Date(`${to}T00:00:00Z`).getTime() - 364 * 86_400_000));
      if (from > to) throw badRequest('invalid_date', { field: 'from' });
      if (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime() > 10 * 366 * 86_400_000) throw badRequest('invalid_date', { field: 'from' });
      const group = query.group ?? 'month';
      const st = await bookingStats(db, session.kdnr, from, to, group, lang);
      if (st.total === 0) return { empty: true as const, message: ERROR_TEXTS.statistics_no_data, from, to, group };
      return { empty: false as const, ...st };
    }),
  defineRoute(zahnlager.dashboard, async ({ db, session, lang }) => {
      const to = dayKey(new Date());
      const from = dayKey(new Date(Date.now() - (DASHBOARD_DAYS - 1) * 86_400_000));
      const st = await bookingStats(db, session.kdnr, from, to, 'day', lang, 5);
      const cabs = await cabinetsOf(db, session.kdnr);
      return { from, to, bookings: st.total, perDay: st.perioden, topGarnituren: st.topGarnituren, counts: cabs.reduce((a, c) => addCounts(a, c.counts), emptyCounts()) };
    }),
  defineRoute(zahnlager.orderHistory, async ({ db, session, query, lang }) => {
      await linkProcessingSlots(db, session.kdnr);
      const page = query.page ?? 1;
      const pageSize = 20;
      const { total, orders } = await setOrders(db, session.kdnr, lang, { page, pageSize });
      const open = await db.selectFrom('zahnlager_slots').select('id').where('kdnr', '=', session.kdnr)
        .where((eb) => eb.or([eb('selected', '=', 1), eb('status', 'in', ['selected', 'processing', 'delivering', 'backorder'])])).execute();
      const locs = await slotLocations(db, session.kdnr, open.map((s) => s.id));
      const bez = await designations(db, [...locs.values()].map((s) => s.artikelnummer), lang);
      const slots: OrderHistory['slots'] = { selected: [], processing: [], delivering: [], backorder: [] };
      for (const s of locs.values()) {
        const key = (s.status === '' ? 'selected' : s.status) as keyof typeof slots;
        slots[key]?.push({ ...s, bezeichnung: s.artikelnummer ? bez.get(s.artikelnummer) ?? null : null });
      }
      return { page, pageSize, total, orders, slots };
    }),
  defineRoute(zahnlager.orderHistoryOrder, async ({ db, session, params, lang }) => {
      const { orders } = await setOrders(db, session.kdnr, lang, { page: 1, pageSize: 1, auftrag: params.auftrag });
      if (!orders[0]) throw notFound();
      return orders[0];
    }),

  // ---- digitisation (service/digitalisierung)
  defineRoute(zahnlager.digitisation, async ({ db, session, c }) => {
      const form = await readMultipart(c);
      const { cabinets, individual, bemerkung } = digitisationFields(form);
      // files: photo_{c}_{d}_{n}
      const files: { ci: number; di: number; n: number; file: File; field: string }[] = [];
      for (const [field, vals] of Object.entries(form)) {
        for (const v of vals) {
          if (!isFile(v)) continue;
          const m = /^photo_(\d{1,3})_(\d{1,3})_(\d{1,3})$/.exec(field);
          const ci = m ? Number(m[1]) : -1, di = m ? Number(m[2]) : -1, n = m ? Number(m[3]) : -1;
          const drawer = cabinets[ci]?.drawers[di];
          if (!m || !drawer || n >= drawer.photos) throw badRequest('invalid_input', { field });
          files.push({ ci, di, n, file: v, field });
        }
      }
      if (!individual) {
        for (const [ci, cab] of cabinets.entries()) {
          for (const [di] of cab.drawers.entries()) {
            if (!files.some((f) => f.ci === ci && f.di === di)) throw badRequest('digitalisierung_photo_required', { cabinet: ci, drawer: di });
          }
        }
      }
      const checked: CheckedImage[] = [];
      for (const f of files) checked.push(await checkImage(f.file, f.field));
      const stored = await writeImages(session.kdnr, checked);
      const data: DigiData = { cabinets: cabinets.map((cab) => ({ name: cab.name, drawers: cab.drawers.map((d) => ({ name: d.name, photos: d.photos, uploads: {} })) })), individual, bemerkung };
      let result: { id: number; referenz: string };
      try {
        result = await db.transaction().execute(async (tx) => {
          const req = await createServiceRequest(tx, { kdnr: session.kdnr, typ: 'digitalisierung', data, status: 'awaiting_photos' });
          const ids = await insertUploads(tx, stored, { kdnr: session.kdnr, owner: 'digitalisierung', ownerId: req.id });
          files.forEach((f, i) => { data.cabinets[f.ci]!.drawers[f.di]!.uploads[String(f.n)] = ids[i]!; });
          const complete = digiProgress(data).complete;
          await tx.updateTable('service_requests').set({ data_json: JSON.stringify(data), status: complete ? 'received' : 'awaiting_photos' }).where('id', '=', req.id).execute();
          return req;
        });
      } catch (e) {
        await removeFiles(stored);
        throw e;
      }
      const prog = digiProgress(data);
      if (prog.complete) await digiMail(db, session.kdnr, result.referenz, data);
      return { requestId: result.id, referenz: result.referenz, status: prog.complete ? 'received' : 'awaiting_photos', expected: prog.expected, received: prog.received, missing: prog.missing };
    }),
  defineRoute(zahnlager.digitisationPhoto, async ({ db, session, params, c }) => {
      await loadDigi(db, session.kdnr, params.requestId);
      const form = await readMultipart(c);
      const { cabinet: ci, drawer: di, n: nSent } = parseWith(zahnlager.digitisationPhoto.body, textFields(form))!;
      const n = nSent ?? null;
      const file = (form.photo ?? []).find(isFile);
      if (!file) throw badRequest('digitalisierung_photo_required', { cabinet: ci, drawer: di });
      const img = await checkImage(file, 'photo');
      const stored = await writeImages(session.kdnr, [img]);
      let out: { referenz: string; data: DigiData; uploadId: number; becameComplete: boolean; replaced: number | null };
      try {
        out = await db.transaction().execute(async (tx) => {
          const { row, data } = await loadDigi(tx, session.kdnr, params.requestId, true);
          const drawer = data.cabinets[ci]?.drawers[di];
          if (!drawer) throw badRequest('invalid_input', { field: 'drawer' });
          let slot = n;
          if (slot === null) { // next missing photo of the drawer, else an additional one
            slot = 0;
            while (drawer.uploads[String(slot)] !== undefined) slot++;
          }
          if (slot >= 50) throw badRequest('invalid_input', { field: 'n' });
          if (slot >= drawer.photos) drawer.photos = slot + 1;
          const replaced = drawer.uploads[String(slot)] ?? null;
          const [uploadId] = await insertUploads(tx, stored, { kdnr: session.kdnr, owner: 'digitalisierung', ownerId: row.id });
          drawer.uploads[String(slot)] = uploadId!;
          const complete = digiProgress(data).complete;
          await tx.updateTable('service_requests').set({ data_json: JSON.stringify(data), status: complete ? 'received' : row.status }).where('id', '=', row.id).execute();
          return { referenz: row.referenz, data, uploadId: uploadId!, becameComplete: complete && row.status !== 'received', replaced };
        });
      } catch (e) {
        await removeFiles(stored);
        throw e;
      }
      if (out.replaced !== null) {
        const old = await db.selectFrom('uploads').select(['file', 'thumb', 'mime', 'size']).where('id', '=', out.replaced).where('kdnr', '=', session.kdnr).executeTakeFirst();
        if (old) {
          await db.deleteFrom('uploads').where('id', '=', out.replaced).execute();
          await removeFiles([old]);
        }
      }
      if (out.becameComplete) await digiMail(db, session.kdnr, out.referenz, out.data);
      const prog = digiProgress(out.data);
      return {
        requestId: params.requestId, referenz: out.referenz, status: prog.complete ? 'received' : 'awaiting_photos',
        expected: prog.expected, received: prog.received, missing: prog.missing, upload: uploadUrls(out.uploadId, stored[0]!.thumb !== null),
      };
    }),
  defineRoute(zahnlager.digitisationState, async ({ db, session, params }) => {
      const { row, data } = await loadDigi(db, session.kdnr, params.requestId);
      const ids = data.cabinets.flatMap((cab) => cab.drawers.flatMap((d) => Object.values(d.uploads)));
      const ups = ids.length ? await db.selectFrom('uploads').select(['id', 'thumb']).where('kdnr', '=', session.kdnr).where('id', 'in', ids).execute() : [];
      const thumbs = new Map(ups.map((u) => [u.id, u.thumb !== null]));
      const prog = digiProgress(data);
      return {
        requestId: row.id, referenz: row.referenz, status: row.status, createdAt: row.created_at, expected: prog.expected, received: prog.received, missing: prog.missing,
        bemerkung: data.bemerkung,
        cabinets: data.cabinets.map((cab) => ({
          name: cab.name,
          drawers: cab.drawers.map((d) => ({
            name: d.name, photos: d.photos,
            uploads: Object.entries(d.uploads).filter(([, id]) => thumbs.has(id)).map(([n, id]) => ({ n: Number(n), ...uploadUrls(id, thumbs.get(id)!) })),
          })),
        })),
      };
    }),

  // ---- uploaded photos, for their owner only
  defineRoute(zahnlager.uploadThumb, ({ db, session, params }) => serveUpload(db, session.kdnr, params.id, 'thumb')),
  defineRoute(zahnlager.upload, ({ db, session, params }) => serveUpload(db, session.kdnr, params.id, 'file')),
];

