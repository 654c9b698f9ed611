// The storage itself (section 2/3): cabinets → drawers → slots (row, column) holding a set, with their
// counts, and the views the tooth-storage pages show. Owner checks answer 404 for another customer's.
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { designations } from '../../lib/designations.ts';
import { nowIso } from '../../lib/time.ts';
import { SLOT_STATES, type Cabinet, type Counts, type Drawer, type Slot } from '#api/zahnlager.ts';
import { expiresSoon } from '#rules/mdr.ts';
import { isSetArticle } from '#rules/index.ts';

export const emptyCounts = (): Counts => ({ slots: 0, belegt: 0, selected: 0, processing: 0, delivering: 0, backorder: 0 });
export function addCounts(a: Counts, b: Counts): Counts {
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

export async function cabinetsOf(db: Db, kdnr: number, onlyId?: number): Promise<Cabinet[]> {
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

export async function ownCabinet(db: Db | Tx, kdnr: number, id: number) {
  const row = await db.selectFrom('schraenke').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function ownDrawer(db: Db | Tx, kdnr: number, id: number, schrankId?: number) {
  let q = db.selectFrom('schubladen').selectAll().where('id', '=', id).where('kdnr', '=', kdnr);
  if (schrankId !== undefined) q = q.where('schrank_id', '=', schrankId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function ownSlot(db: Db | Tx, kdnr: number, id: number) {
  const row = await db.selectFrom('zahnlager_slots').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

type SlotRow = Awaited<ReturnType<typeof ownSlot>>;

/** What a technician looks for in a slot: the set's tooth line, shade and mould (article properties). */
const SET_FACTS = ['zahnlinie', 'farbe', 'form'] as const;
type SetFacts = Record<(typeof SET_FACTS)[number], string | null>;

export async function slotTexts(db: Db | Tx, artnrs: readonly (string | null)[], lang: string) {
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

export function slotOut(r: SlotRow, { bez, facts }: Awaited<ReturnType<typeof slotTexts>>): Slot {
  return {
    id: r.id, schubladeId: r.schublade_id, zeile: r.zeile, spalte: r.spalte, artikelnummer: r.artikelnummer,
    bezeichnung: r.artikelnummer ? bez.get(r.artikelnummer) ?? null : null,
    ...(r.artikelnummer && facts.get(r.artikelnummer) || { zahnlinie: null, farbe: null, form: null }),
    garnitur: r.artikelnummer ? isSetArticle(r.artikelnummer) : false,
    selected: r.selected, belegt: r.belegt, status: (SLOT_STATES as readonly string[]).includes(r.status) ? r.status as Slot['status'] : '',
    updatedAt: r.updated_at, lot: r.lot, verfallsdatum: r.verfallsdatum, expiresSoon: !!r.artikelnummer && expiresSoon(r.verfallsdatum),
  };
}

export async function insertSlots(tx: Tx, kdnr: number, drawerId: number, cells: { zeile: number; spalte: number }[]): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < cells.length; i += 100) {
    await tx.insertInto('zahnlager_slots').values(cells.slice(i, i + 100).map((c) => ({
      kdnr, schublade_id: drawerId, zeile: c.zeile, spalte: c.spalte, artikelnummer: null, selected: 0, belegt: 0, status: '', updated_at: now,
    }))).execute();
  }
}

export const allCells = (zeilen: number, spalten: number) => {
  const out: { zeile: number; spalte: number }[] = [];
  for (let zl = 1; zl <= zeilen; zl++) for (let sp = 1; sp <= spalten; sp++) out.push({ zeile: zl, spalte: sp });
  return out;
};

export async function nextSort(db: Db | Tx, table: 'schraenke' | 'schubladen', kdnr: number, schrankId?: number): Promise<number> {
  let q = db.selectFrom(table).select(sql<number>`max(sort)`.as('m')).where('kdnr', '=', kdnr);
  if (table === 'schubladen' && schrankId !== undefined) q = q.where('schrank_id', '=', schrankId) as typeof q;
  const r = await q.executeTakeFirst();
  return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
}

export async function drawerView(db: Db, kdnr: number, id: number, lang: string): Promise<Drawer> {
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
