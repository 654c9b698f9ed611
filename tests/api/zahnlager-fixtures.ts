// Tooth-storage data for the booking tests (jobs, cluster): a drawer of sets on their way to a customer,
// each linked to a line of a delivered order, so the automatic booking is due for them.
import type { Db } from '../../server/db/index.ts';
import type { Tx } from '../../server/db/schema.ts';
import { nowIso } from '../../server/lib/time.ts';

let auftragSeq = 980_000_000 + Math.floor(Math.random() * 1_000_000);

/**
 * `n` slots of a new drawer in status 'delivering' with `artnr`, each on a delivered order line; the slot ids.
 * One transaction, as the ERP delivers an order: a sweep running beside it (the cluster's instances sweep every
 * 300 ms) sees the whole delivery or none of it, never the slots without their lines.
 */
export function setsOnTheirWay(db: Db, kdnr: number, artnr: string, n: number): Promise<number[]> {
  return db.transaction().execute((tx) => deliver(tx, kdnr, artnr, n));
}

async function deliver(db: Tx, kdnr: number, artnr: string, n: number): Promise<number[]> {
  const now = nowIso();
  const cab = await db.insertInto('schraenke').values({ kdnr, name: `Sweep ${auftragSeq}`, sort: 99 }).returning('id').executeTakeFirstOrThrow();
  const drawer = await db.insertInto('schubladen').values({ kdnr, schrank_id: cab.id, name: 'Sweep', zeilen: 1, spalten: n, sort: 0 })
    .returning('id').executeTakeFirstOrThrow();
  const slots: number[] = [];
  for (let i = 1; i <= n; i++) {
    const s = await db.insertInto('zahnlager_slots').values({
      kdnr, schublade_id: drawer.id, zeile: 1, spalte: i, artikelnummer: artnr, selected: 0, belegt: 0, status: 'delivering', updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    slots.push(Number(s.id));
  }
  const auftrag = ++auftragSeq;
  const o = await db.insertInto('orders').values({
    kdnr, auftrag, vorgang: auftrag, rechnung: auftrag, created_at: now, status: 'delivered', total: 10, currency: 'EUR', address_json: '{}',
    versandart: 'standard', versanddatum: null, kommentar: '', zahlungsart: 'rechnung', benefit_code: null, discount: 0,
    free_gift_artnr: null, fwt: 0, idempotency_key: null, placed_by_sub_user: null, release_status: 'released', released_by: null, source: 'test',
  }).returning('id').executeTakeFirstOrThrow();
  let pos = 0;
  for (const slot of slots) {
    await db.insertInto('order_lines').values({
      order_id: o.id, pos: ++pos, artnr, bezeichnung: 'Garnitur', menge: 1, preis: 10, status: 'delivered', geliefert: 1, zahnlager_slot_id: slot,
    }).execute();
  }
  return slots;
}
