// Booking (section 4): slots sent to the cart for completion follow their order line ("processing" →
// "delivering"/"backorder") and delivered sets are booked back into their slots automatically, at most
// every 15 minutes per customer; a selection can be undone, which takes the sets out of the cart again.
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/index.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { designations } from '../../lib/designations.ts';
import { takeFromCart } from '../../lib/take-from-cart.ts';
import { nowIso } from '../../lib/time.ts';
import * as zahnlager from '#api/zahnlager.ts';
import type { AutoBookResult } from '#api/zahnlager.ts';
import { isRequestPrice, ZAHNLAGER_AUTO_MS } from '#rules/index.ts';
import { ownCabinet, ownDrawer, ownSlot, slotOut, slotTexts } from './storage.ts';

/** Order statuses that mean "the parcel arrived". */
export const DELIVERED_ORDER_STATUSES = ['delivered', 'geliefert', 'completed'];

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

/**
 * Serialises a customer's moves of selected/processing slots to and from the cart until the transaction ends:
 * on PostgreSQL two calls could read the same slots before either commits and each add (or take back) their sets.
 */
const lockSlotMoves = (tx: Tx, kdnr: number) => lockForTransaction(tx, `zahnlager_cart:${kdnr}`);

/** Undoes 'processing' of these slots: they return to storage and their sets leave the cart. */
async function releaseProcessing(tx: Tx, kdnr: number, slots: { id: number; artikelnummer: string | null }[]): Promise<void> {
  if (slots.length === 0) return;
  await tx.updateTable('zahnlager_slots').set({ status: '', selected: 0, updated_at: nowIso() })
    .where('kdnr', '=', kdnr).where('status', '=', 'processing').where('id', 'in', slots.map((s) => s.id)).execute();
  const perArt = new Map<string, number>();
  for (const s of slots) if (s.artikelnummer) perArt.set(s.artikelnummer, (perArt.get(s.artikelnummer) ?? 0) + 1);
  await takeFromCart(tx, kdnr, perArt);
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

/**
 * Books the delivered sets of one customer back into storage, in one transaction (its window claimed
 * by the caller). The bookings wait unshown until the customer's next call reports them. Answers how many.
 */
async function bookDelivered(db: Db, kdnr: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await linkProcessingSlots(tx, kdnr);
    const rows = await tx.selectFrom('zahnlager_slots as s')
      .innerJoin('order_lines as l', 'l.zahnlager_slot_id', 's.id')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['s.id', 's.status', 's.artikelnummer', 'l.status as line_status', 'l.geliefert', 'l.menge', 'l.artnr',
        'o.id as order_id', 'o.status as order_status'])
      .where('s.kdnr', '=', kdnr).where('o.kdnr', '=', kdnr).where('s.status', 'in', ['delivering', 'backorder'])
      .orderBy('o.created_at', 'desc').execute();
    const seen = new Set<number>();
    let booked = 0;
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
      await tx.insertInto('zahnlager_bookings').values({ kdnr, slot_id: r.id, artikelnummer: art, menge: 1, booked_at: stamp, order_id: r.order_id, shown: 0 }).execute();
      booked++;
    }
    return booked;
  });
}

/** The automatic bookings not yet reported to the customer, marked as reported (each is reported once). */
async function reportBookings(db: Db, kdnr: number, lang: string): Promise<AutoBookResult['outPositionen']> {
  const ids = (await db.updateTable('zahnlager_bookings').set({ shown: 1 }).where('kdnr', '=', kdnr).where('shown', '=', 0)
    .returning('id').execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('zahnlager_bookings as b')
    .innerJoin('zahnlager_slots as s', 's.id', 'b.slot_id')
    .innerJoin('schubladen as d', 'd.id', 's.schublade_id')
    .innerJoin('schraenke as c', 'c.id', 'd.schrank_id')
    .leftJoin('orders as o', 'o.id', 'b.order_id')
    .select(['s.id', 's.zeile', 's.spalte', 'd.id as schublade_id', 'd.name as schublade', 'c.id as schrank_id', 'c.name as schrank',
      'b.artikelnummer', 'b.order_id', 'o.auftrag'])
    .where('b.kdnr', '=', kdnr).where('b.id', 'in', ids).orderBy('b.id').execute();
  const bez = await designations(db, rows.map((r) => r.artikelnummer), lang);
  return rows.map((r) => ({
    slotId: r.id, schrankId: r.schrank_id, schrank: r.schrank, schubladeId: r.schublade_id, schublade: r.schublade,
    zeile: r.zeile, spalte: r.spalte, artikelnummer: r.artikelnummer, bezeichnung: bez.get(r.artikelnummer) ?? null,
    orderId: r.order_id, auftrag: r.auftrag ?? null,
  }));
}

/**
 * The customer's call: books when the 15-minute window is due (the sweep may have claimed it already) and
 * reports every automatic booking the customer has not been told about, the sweep's included.
 */
export async function autoBook(db: Db, kdnr: number, lang: string): Promise<AutoBookResult> {
  const now = new Date();
  const claim = await claimCheck(db, kdnr, now);
  if (claim.ok) await bookDelivered(db, kdnr);
  const from = claim.ok ? now : new Date(claim.last!);
  return { checked: claim.ok, nextCheckAt: new Date(from.getTime() + ZAHNLAGER_AUTO_MS).toISOString(), outPositionen: await reportBookings(db, kdnr, lang) };
}

/**
 * The automatic booking for every customer whose 15-minute window has passed (server/jobs/booking-sweep.ts),
 * each window claimed in the database as by the customer's own call, so whichever instance or call comes
 * first books it and nobody books it twice.
 */
export async function sweepAutoBookings(db: Db, now = new Date()): Promise<{ customers: number; booked: number }> {
  const threshold = new Date(now.getTime() - ZAHNLAGER_AUTO_MS).toISOString();
  const due = await db.selectFrom('zahnlager_slots as s').leftJoin('zahnlager_checks as c', 'c.kdnr', 's.kdnr')
    .select('s.kdnr').distinct()
    .where('s.status', 'in', ['processing', 'delivering', 'backorder'])
    .where((eb) => eb.or([eb('c.last_check', 'is', null), eb('c.last_check', '<=', threshold)]))
    .execute();
  let customers = 0, booked = 0;
  for (const { kdnr } of due) {
    if (!(await claimCheck(db, kdnr, now)).ok) continue;
    customers++;
    booked += await bookDelivered(db, kdnr);
  }
  return { customers, booked };
}

export const bookingRoutes: AnyRoute[] = [
  defineRoute(zahnlager.autoBook, ({ db, session, lang }) => autoBook(db, session.kdnr, lang)),
  defineRoute(zahnlager.reset, async ({ db, session, body }) => db.transaction().execute(async (tx) => {
    await lockSlotMoves(tx, session.kdnr);
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
      await lockSlotMoves(tx, session.kdnr);
      await settleProcessingSlots(tx, session.kdnr);
      const slot = await ownSlot(tx, session.kdnr, params.id);
      if (slot.status === 'delivering' || slot.status === 'backorder') throw conflict('slot_in_process');
      if (slot.status === 'processing') await releaseProcessing(tx, session.kdnr, [slot]);
    });
    const row = await ownSlot(db, session.kdnr, params.id);
    return slotOut(row, await slotTexts(db, [row.artikelnummer], lang));
  }),
  defineRoute(zahnlager.toCart, async ({ db, session, body }) => db.transaction().execute(async (tx) => {
    await lockSlotMoves(tx, session.kdnr); // a double click adds the sets once: the second finds nothing selected
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
];
