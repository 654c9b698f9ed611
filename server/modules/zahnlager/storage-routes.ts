// The storage calls: cabinets, drawers (resized without dropping a stored set), slots and their selection.
import type { Tx } from '../../db/index.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { nowIso } from '../../lib/time.ts';
import * as zahnlager from '#api/zahnlager.ts';
import { settleProcessingSlots } from './booking.ts';
import {
  addCounts, allCells, cabinetsOf, drawerView, emptyCounts, insertSlots, nextSort, ownCabinet, ownDrawer, ownSlot, slotOut, slotTexts,
} from './storage.ts';

/**
 * Serialises the changes of a cabinet's drawers until the transaction ends: a drawer created or resized beside the
 * cabinet's (or drawer's) deletion left drawers or slots of nothing; two resizes inserted the same cells twice.
 * The key names the customer: nobody else's call waits on it.
 */
const lockCabinet = (tx: Tx, kdnr: number, schrank: number) => lockForTransaction(tx, `zahnlager_cabinet:${kdnr}:${schrank}`);

export const storageRoutes: AnyRoute[] = [
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
    await lockCabinet(tx, session.kdnr, params.id);
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
      await lockCabinet(tx, session.kdnr, params.schrank);
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
      await lockCabinet(tx, session.kdnr, params.schrank);
      const d = await ownDrawer(tx, session.kdnr, params.id, params.schrank);
      const zeilen = body.zeilen ?? d.zeilen, spalten = body.spalten ?? d.spalten;
      if (zeilen !== d.zeilen || spalten !== d.spalten) {
        const outside = await tx.selectFrom('zahnlager_slots').select(['id', 'artikelnummer', 'belegt', 'status'])
          .where('kdnr', '=', session.kdnr).where('schublade_id', '=', d.id)
          .where((eb) => eb.or([eb('zeile', '>', zeilen), eb('spalte', '>', spalten)])).execute();
        if (outside.some((s) => s.artikelnummer !== null || s.belegt || s.status !== '')) throw conflict('schublade_not_empty');
        if (outside.length) {
          // still empty when deleted: a set stored meanwhile (a slot change commits on its own) keeps its slot
          const gone = await tx.deleteFrom('zahnlager_slots').where('id', 'in', outside.map((s) => s.id))
            .where('artikelnummer', 'is', null).where('belegt', '=', 0).where('status', '=', '').executeTakeFirst();
          if (Number(gone.numDeletedRows) !== outside.length) throw conflict('schublade_not_empty');
        }
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
    await lockCabinet(tx, session.kdnr, params.schrank);
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
];
