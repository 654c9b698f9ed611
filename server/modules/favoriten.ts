// Order lists (Bestelllisten). Id 0 is the built-in favourites list: it has no order_lists row,
// its items carry list_id 0. Every query filters by the session's customer.
import { sql } from 'kysely';
import type { Db, Tx } from '../db/index.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { loadArticleItems } from '../lib/articles.ts';
import { nowIso } from '../lib/time.ts';
import { addCapped, cartCount, zCartQty } from './cart.ts';
// formula-safe CSV cells, the same as the logbook's exports
import { csvCell } from './logbook.ts';
import { serverT } from '#i18n/server.ts';
import { FAVOURITES_LIST_ID, QTY_MAX } from '#rules/constants.ts';
import { packSize } from '#rules/packSize.ts';
import { isRequestPrice } from '#rules/pricing.ts';
import * as calls from '#api/favoriten.ts';

const MAX_LISTS = 200;
const MAX_ITEMS = 1000;

/** The list's name, or 404 when it is neither the favourites nor one of the customer's lists. */
export async function listName(db: Db | Tx, kdnr: number, listId: number): Promise<string> {
  if (listId === FAVOURITES_LIST_ID) return 'favoriten';
  const l = await db.selectFrom('order_lists').select('name').where('id', '=', listId).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!l) throw notFound();
  return l.name;
}

/** Creates a list of the customer (at most MAX_LISTS), inside the caller's transaction. */
export async function createList(db: Tx, kdnr: number, name: string): Promise<{ id: number; name: string }> {
  await lockForTransaction(db, `order_lists:${kdnr}`); // parallel creates cannot all count below the limit
  const n = await db.selectFrom('order_lists').select(sql<number>`count(*)`.as('n')).where('kdnr', '=', kdnr).executeTakeFirst();
  if (Number(n?.n ?? 0) >= MAX_LISTS) throw badRequest('too_many_lists', { max: MAX_LISTS });
  const row = await db.insertInto('order_lists').values({ kdnr, name, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), name };
}

/**
 * Serialises the adds to one list and its deletion until the transaction ends: parallel adds could each count
 * their own items and the committed ones, and pass MAX_ITEMS together (PostgreSQL READ COMMITTED); an add beside
 * the deletion left an item of no list. The key names the customer: nobody else's call waits on it.
 */
const lockListItems = (tx: Tx, kdnr: number, listId: number) => lockForTransaction(tx, `order_list_items:${kdnr}:${listId}`);

/**
 * Adds items to a list of the customer (404 for any other): an article already there gets the quantities
 * added (capped at 999). More than MAX_ITEMS items → too_many_items (run it in a transaction so nothing
 * stays). Answers the list's name and item count.
 */
export async function addListItems(tx: Tx, kdnr: number, listId: number, items: readonly { artnr: string; menge: number }[]): Promise<{ name: string; count: number }> {
  await lockListItems(tx, kdnr, listId);
  const name = await listName(tx, kdnr, listId); // under the lock: a list deleted meanwhile gets no orphan items
  // one millisecond apart: the list keeps the order of the given items (it lists by added_at)
  const t0 = Date.parse(nowIso());
  for (const [i, it] of items.entries()) {
    const added = new Date(t0 + i).toISOString();
    await tx.insertInto('order_list_items').values({ kdnr, list_id: listId, artnr: it.artnr, menge: Math.min(it.menge, QTY_MAX), added_at: added })
      .onConflict((oc) => oc.columns(['kdnr', 'list_id', 'artnr']).doUpdateSet({
        menge: sql<number>`case when order_list_items.menge + excluded.menge > ${sql.lit(QTY_MAX)} then ${sql.lit(QTY_MAX)} else order_list_items.menge + excluded.menge end`,
      })).execute();
  }
  const n = await tx.selectFrom('order_list_items').select(sql<number>`count(*)`.as('n')).where('kdnr', '=', kdnr).where('list_id', '=', listId).executeTakeFirst();
  const count = Number(n?.n ?? 0);
  if (count > MAX_ITEMS) throw badRequest('too_many_items', { max: MAX_ITEMS });
  return { name, count };
}

/** The list's columns (locale keys: the header is in the customer's language; the quick order skips it, it has no digit). */
const CSV_COLUMNS = ['csv.artnr', 'csv.quantity', 'csv.designation', 'csv.pack', 'csv.price', 'csv.currency'];

/** The customer's order lists: id 0 "favoriten" first, then the own lists by name, with item counts (calls.lists). */
export async function orderLists(db: Db, kdnr: number) {
  const [lists, counts] = await Promise.all([
    db.selectFrom('order_lists').select(['id', 'name']).where('kdnr', '=', kdnr).orderBy('name').orderBy('id').execute(),
    db.selectFrom('order_list_items').select(['list_id', sql<number>`count(*)`.as('n')])
      .where('kdnr', '=', kdnr).groupBy('list_id').execute(),
  ]);
  const n = new Map(counts.map((c) => [Number(c.list_id), Number(c.n)]));
  return [
    { id: FAVOURITES_LIST_ID, name: 'favoriten', count: n.get(FAVOURITES_LIST_ID) ?? 0 },
    ...lists.map((l) => ({ id: Number(l.id), name: l.name, count: n.get(Number(l.id)) ?? 0 })),
  ];
}

export const routes: AnyRoute[] = [
  defineRoute(calls.lists, ({ db, session }) => orderLists(db, session.kdnr)),

  defineRoute(calls.list, async ({ db, session, params, lang, country }) => {
    const name = await listName(db, session.kdnr, params.listId);
    const rows = await db.selectFrom('order_list_items').select(['artnr', 'menge'])
      .where('kdnr', '=', session.kdnr).where('list_id', '=', params.listId).orderBy('added_at').orderBy('artnr').execute();
    const items = await loadArticleItems(db, rows.map((r) => r.artnr), { lang, country, kdnr: session.kdnr });
    const qty = new Map(rows.map((r) => [r.artnr, r.menge]));
    return { id: params.listId, name, items: items.map((i) => ({ ...i, menge: qty.get(i.Artikelnummer) ?? 1 })) };
  }),

  defineRoute(calls.exportCsv, async ({ db, session, params, lang, country }) => {
    const name = await listName(db, session.kdnr, params.listId);
    const rows = await db.selectFrom('order_list_items').select(['artnr', 'menge'])
      .where('kdnr', '=', session.kdnr).where('list_id', '=', params.listId).orderBy('added_at').orderBy('artnr').execute();
    const items = new Map((await loadArticleItems(db, rows.map((r) => r.artnr), { lang, country })).map((i) => [i.Artikelnummer, i]));
    const lines = rows.map((r) => {
      const a = items.get(r.artnr);
      return [r.artnr, String(r.menge), a?.Bezeichnung ?? '', packSize(a?.Gebinde, lang), a ? a.Preis.toFixed(2) : '', a?.Waehrung ?? ''];
    });
    const t = serverT(lang);
    const body = '\uFEFF' + [CSV_COLUMNS.map((k) => t(k)), ...lines].map((r) => r.map(csvCell).join(';')).join('\r\n') + '\r\n';
    const file = `bestellliste-${(name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40) || params.listId)}.csv`;
    return new Response(body, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${file}"`, 'cache-control': 'private, no-store' },
    });
  }),

  defineRoute(calls.createList, async ({ db, session, body }) =>
    ({ ...(await db.transaction().execute((tx) => createList(tx, session.kdnr, body.name))), count: 0 })),

  defineRoute(calls.renameList, async ({ db, session, params, body }) => {
    const r = await db.updateTable('order_lists').set({ name: body.name })
      .where('id', '=', params.id).where('kdnr', '=', session.kdnr).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notFound();
    return { id: params.id, name: body.name };
  }),

  defineRoute(calls.deleteList, async ({ db, session, params }) => {
    await db.transaction().execute(async (tx) => {
      await lockListItems(tx, session.kdnr, params.id); // an add running now finishes first or finds the list gone (404)
      await listName(tx, session.kdnr, params.id);
      await tx.deleteFrom('order_list_items').where('kdnr', '=', session.kdnr).where('list_id', '=', params.id).execute();
      await tx.deleteFrom('order_lists').where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
    });
    return { deleted: true as const };
  }),

  defineRoute(calls.addItem, async ({ db, session, params, body }) => {
    const menge = body?.menge === undefined ? 1 : zCartQty.safeParse(String(body.menge));
    if (typeof menge !== 'number' && !menge.success) throw badRequest('error_menge');
    const qty = typeof menge === 'number' ? menge : menge.data;
    const { a, count } = await db.transaction().execute(async (tx) => {
      await lockListItems(tx, session.kdnr, params.listId);
      await listName(tx, session.kdnr, params.listId); // under the lock: a list deleted meanwhile gets no orphan item
      const a = await tx.selectFrom('articles').select('artnr').where('artnr', '=', params.artnr).executeTakeFirst();
      if (!a) throw badRequest('error_artnr');
      const n = await tx.selectFrom('order_list_items').select(sql<number>`count(*)`.as('n'))
        .where('kdnr', '=', session.kdnr).where('list_id', '=', params.listId).executeTakeFirst();
      if (Number(n?.n ?? 0) >= MAX_ITEMS) throw badRequest('too_many_items', { max: MAX_ITEMS });
      const r = await tx.insertInto('order_list_items').values({
        kdnr: session.kdnr, list_id: params.listId, artnr: a.artnr, menge: qty, added_at: nowIso(),
      }).onConflict((oc) => oc.columns(['kdnr', 'list_id', 'artnr']).doNothing()).executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict('error_art_in_liste');
      return { a, count: Number(n?.n ?? 0) + 1 };
    });
    return { key: 'success_add_to_liste' as const, listId: params.listId, artnr: a.artnr, menge: qty, count };
  }),

  defineRoute(calls.setItemQty, async ({ db, session, params }) => {
    await listName(db, session.kdnr, params.listId);
    const r = await db.updateTable('order_list_items').set({ menge: params.qty })
      .where('kdnr', '=', session.kdnr).where('list_id', '=', params.listId).where('artnr', '=', params.artnr).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notFound();
    return { listId: params.listId, artnr: params.artnr, menge: params.qty };
  }),

  defineRoute(calls.removeItem, async ({ db, session, params }) => {
    await listName(db, session.kdnr, params.listId);
    const r = await db.deleteFrom('order_list_items')
      .where('kdnr', '=', session.kdnr).where('list_id', '=', params.listId).where('artnr', '=', params.artnr).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound();
    const n = await db.selectFrom('order_list_items').select(sql<number>`count(*)`.as('n'))
      .where('kdnr', '=', session.kdnr).where('list_id', '=', params.listId).executeTakeFirst();
    return { deleted: true as const, count: Number(n?.n ?? 0) };
  }),

  defineRoute(calls.listToCart, async ({ db, session, params }) => {
    return db.transaction().execute(async (tx) => {
      await listName(tx, session.kdnr, params.listId);
      const rows = await tx.selectFrom('order_list_items as i').innerJoin('articles as a', 'a.artnr', 'i.artnr')
        .select(['i.artnr', 'i.menge', 'a.preis', 'a.kat_preis', 'a.aus_sortiment'])
        .where('i.kdnr', '=', session.kdnr).where('i.list_id', '=', params.listId).orderBy('i.added_at').execute();
      const skipped: string[] = [];
      let count = 0;
      const now = nowIso();
      for (const r of rows) {
        if (r.aus_sortiment || isRequestPrice(Number(r.preis), Number(r.kat_preis))) { skipped.push(r.artnr); continue; }
        const menge = Math.min(Math.max(1, r.menge), QTY_MAX);
        await addCapped(tx, session.kdnr, r.artnr, menge, now);
        count++;
      }
      return { count, wkcounter: await cartCount(db, session.kdnr, tx), skipped };
    });
  }),
];
