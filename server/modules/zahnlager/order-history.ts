// The tooth-set order history: orders that contained sets, the state of each set, the open slots.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { designations } from '../../lib/designations.ts';
import * as zahnlager from '#api/zahnlager.ts';
import type { HistoryLine, OrderHistory, SlotLocation } from '#api/zahnlager.ts';
import { isSetArticle } from '#rules/index.ts';
import { DELIVERED_ORDER_STATUSES, linkProcessingSlots } from './booking.ts';

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

export const orderHistoryRoutes: AnyRoute[] = [
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
];
