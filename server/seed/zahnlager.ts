// Digital tooth storage: cabinets → drawers (rows × columns) → slots holding tooth sets (pg 1, numbers
// ending in S…). 123456 has "Schrank Front" and "Schrank Seite" with 3 drawers of 4 × 8 each; slots
// 'delivering' / 'backorder' are linked to the tooth-set lines of its newest open order.
import type { Insertable } from 'kysely';
import type { DB, Tx } from '../db/schema.ts';
import type { Art } from './catalog-build.ts';
import type { SeedClock } from './clock.ts';
import { VITA_COLOURS } from './data/terms.ts';
import { insertAll } from './insert.ts';
import type { OrderSet } from './orders.ts';
import { rng, type Rng } from './prng.ts';

type Slot = Insertable<DB['zahnlager_slots']> & { id: number };
const prop = (a: Art, p: string) => a.draft.props.find(([k]) => k === p)?.[1] ?? '';

/** Cabinet layout: [kdnr, cabinet name, kind, drawers, rows, cols]. Ids follow this order. */
const CABINETS: [number, string, 'Front' | 'Seite', number, number, number][] = [
  [123456, 'Schrank Front', 'Front', 3, 4, 8],
  [123456, 'Schrank Seite', 'Seite', 3, 4, 8],
  [654321, 'Zahnschrank', 'Front', 1, 3, 6],
];

function setsOf(sets: Art[], kind: string, preferred: string[]): { line: string; sets: Art[] }[] {
  const byLine = new Map<string, Art[]>();
  for (const a of sets) {
    if (prop(a, 'zahnart') !== kind) continue;
    const l = byLine.get(prop(a, 'zahnlinie'));
    if (l) l.push(a); else byLine.set(prop(a, 'zahnlinie'), [a]);
  }
  const lines = [...byLine.keys()].sort((x, y) => {
    const px = preferred.indexOf(x), py = preferred.indexOf(y);
    if ((px >= 0) !== (py >= 0)) return px >= 0 ? -1 : 1;
    return byLine.get(y)!.length - byLine.get(x)!.length || (x < y ? -1 : 1);
  });
  const key = (a: Art) => `${prop(a, 'kiefer')}|${prop(a, 'form').padStart(4, '0')}|${String(VITA_COLOURS.indexOf(prop(a, 'farbe'))).padStart(2, '0')}|${a.artnr}`;
  return lines.map((line) => ({ line, sets: byLine.get(line)!.sort((a, b) => (key(a) < key(b) ? -1 : 1)) }));
}

export async function seedZahnlager(tx: Tx, arts: Art[], hist: OrderSet, clock: SeedClock): Promise<Record<string, number>> {
  const r = rng('zahnlager');
  const sets = arts.filter((a) => a.pg === 1 && a.draft.isSet && !a.isParent && !a.aus);
  const schraenke: Insertable<DB['schraenke']>[] = [];
  const schubladen: Insertable<DB['schubladen']>[] = [];
  const slots: Slot[] = [];
  let drawerId = 0;
  CABINETS.forEach(([kdnr, name, kind, drawers, rows, cols], ci) => {
    const schrankId = ci + 1;
    schraenke.push({ id: schrankId, kdnr, name, sort: CABINETS.slice(0, ci).filter((c) => c[0] === kdnr).length + 1 });
    const own = (hist.assortment.get(kdnr) ?? []).map((nr) => sets.find((a) => a.artnr === nr)).filter((a): a is Art => !!a);
    const lines = setsOf(sets, kind, [...new Set(own.map((a) => prop(a, 'zahnlinie')))]);
    for (let d = 0; d < drawers; d++) {
      const group = lines.length ? lines[d % lines.length]! : { line: '', sets: [] };
      const id = ++drawerId;
      schubladen.push({ id, kdnr, schrank_id: schrankId, name: `Schublade ${d + 1}${group.line ? ` – ${group.line}` : ''}`, zeilen: rows, spalten: cols, sort: d + 1 });
      for (let z = 1; z <= rows; z++) {
        for (let s = 1; s <= cols; s++) {
          const i = (z - 1) * cols + (s - 1);
          const art = group.sets.length ? group.sets[i % group.sets.length]! : null;
          const unassigned = !art || (d === drawers - 1 && z === rows && s > cols - 2);
          slots.push({
            id: slots.length + 1, kdnr, schublade_id: id, zeile: z, spalte: s, artikelnummer: unassigned ? null : art!.artnr,
            selected: 0, belegt: unassigned ? 0 : r.chance(0.9) ? 1 : 0, status: '', updated_at: clock.m(-r.float(20, 400)),
          });
        }
      }
    }
  });
  markStates(r, slots, hist, clock);
  const bookings = buildBookings(r, slots, hist, clock);
  await linkOrderLines(tx, slots, hist);
  return {
    schraenke: await insertAll(tx, 'schraenke', schraenke),
    schubladen: await insertAll(tx, 'schubladen', schubladen),
    zahnlager_slots: await insertAll(tx, 'zahnlager_slots', slots),
    zahnlager_bookings: await insertAll(tx, 'zahnlager_bookings', bookings),
  };
}

/** Links for the 'delivering' / 'backorder' slots: order line → slot. */
const links = new WeakMap<Slot[], { orderId: number; pos: number; slotId: number }[]>();

function markStates(r: Rng, slots: Slot[], hist: OrderSet, clock: SeedClock): void {
  const lab = slots.filter((s) => s.kdnr === 123456 && s.artikelnummer);
  // the newest order of 123456 carries the seeded tooth-set lines (orders.ts)
  const newest = hist.orders.filter((o) => o.kdnr === 123456).reduce((a, b) => (b.created_at > a.created_at ? b : a));
  const openLines = hist.lines.filter((l) => l.order_id === newest.id && /S\d?$/.test(l.artnr));
  const linked: { orderId: number; pos: number; slotId: number }[] = [];
  const used = new Set<number>();
  for (const l of openLines) {
    const slot = lab.find((s) => s.artikelnummer === l.artnr && !used.has(s.id)) ?? lab.find((s) => !used.has(s.id) && s.spalte === 8);
    if (!slot) continue;
    used.add(slot.id);
    Object.assign(slot, { artikelnummer: l.artnr, belegt: 0, selected: 0, status: l.status === 'backorder' ? 'backorder' : 'delivering', updated_at: newest.created_at });
    linked.push({ orderId: newest.id!, pos: l.pos, slotId: slot.id });
  }
  links.set(slots, linked);
  const free = r.shuffle(lab.filter((s) => !used.has(s.id)));
  for (const s of free.slice(0, 3)) Object.assign(s, { selected: 1, belegt: 0, status: 'selected', updated_at: clock.t(-r.float(0.5, 3)) });
  for (const s of free.slice(3, 5)) Object.assign(s, { selected: 0, belegt: 0, status: 'processing', updated_at: clock.t(-r.float(0.05, 0.2)) });
  const small = slots.filter((s) => s.kdnr === 654321 && s.artikelnummer);
  if (small[0]) Object.assign(small[0], { selected: 1, belegt: 0, status: 'selected', updated_at: clock.t(-1.5) });
}

function buildBookings(r: Rng, slots: Slot[], hist: OrderSet, clock: SeedClock): Insertable<DB['zahnlager_bookings']>[] {
  const orderAt = new Map(hist.orders.map((o) => [o.id!, o]));
  const bought = new Map<string, { id: number; at: string }[]>();
  for (const l of hist.lines) {
    const o = orderAt.get(l.order_id)!;
    if (o.status !== 'delivered') continue;
    const k = `${o.kdnr}/${l.artnr}`;
    const list = bought.get(k);
    if (list) list.push({ id: o.id!, at: o.created_at }); else bought.set(k, [{ id: o.id!, at: o.created_at }]);
  }
  const out: Insertable<DB['zahnlager_bookings']>[] = [];
  for (const [kdnr, n] of [[123456, 40], [654321, 6]] as const) {
    const full = slots.filter((s) => s.kdnr === kdnr && s.belegt === 1 && s.artikelnummer);
    for (let i = 0; i < n && full.length; i++) {
      const s = r.pick(full);
      const at = clock.t(-r.float(0.5, 89.5));
      const prior = (bought.get(`${kdnr}/${s.artikelnummer}`) ?? []).filter((o) => o.at < at);
      out.push({ id: 0, kdnr, slot_id: s.id, artikelnummer: s.artikelnummer!, menge: 1, booked_at: at, order_id: prior.length ? prior[prior.length - 1]!.id : null });
    }
  }
  out.sort((a, b) => (a.booked_at < b.booked_at ? -1 : a.booked_at > b.booked_at ? 1 : 0));
  out.forEach((b, i) => { b.id = i + 1; });
  return out;
}

async function linkOrderLines(tx: Tx, slots: Slot[], _hist: OrderSet): Promise<void> {
  for (const l of links.get(slots) ?? []) {
    await tx.updateTable('order_lines').set({ zahnlager_slot_id: l.slotId }).where('order_id', '=', l.orderId).where('pos', '=', l.pos).execute();
  }
}
