// The basket (Warenkorb): one line per article and customer. The add/set calls are the hottest
// calls of the shop: an add is a group-commit job (article read, upsert, count; on PostgreSQL article and upsert are one
// statement, for all adds of a batch).
import { sql, type Compilable, type CompiledQuery } from 'kysely';
import type { Db, Tx } from '../db/index.ts';
import { config } from '../config.ts';
import { isPostgres } from '../db/dialect.ts';
import { groupCommit, runJob, type WriteJob } from '../db/group-commit.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { cachedCurrency, convertPrice, loadArticleItems, type ArticleListItem } from '../lib/articles.ts';
import { nowIso } from '../lib/time.ts';
import { settleProcessingSlots } from './zahnlager/index.ts';
import { QTY_MAX, REQUEST_PRICES } from '#rules/constants.ts';
import { isRequestPrice } from '#rules/pricing.ts';
import * as cart from '#api/cart.ts';
import { zCartQty, type CartChange, type LagerOrigin } from '#api/cart.ts';

export { zCartQty };

// ---- precompiled hot queries: Kysely builds and compiles each query shape once per database;
// a call only swaps the parameters (sentinel strings mark them), which halves the add call's cost.
const ARG = '\u0000arg';
const compiled = new WeakMap<object, Map<string, CompiledQuery>>();
function prepared<R>(db: Db, key: string, build: (arg: (i: number) => any) => Compilable<R>, args: readonly unknown[]): CompiledQuery<R> {
  let m = compiled.get(db);
  if (!m) compiled.set(db, (m = new Map()));
  let q = m.get(key);
  if (!q) {
    q = build((i) => `${ARG}${i}`).compile();
    m.set(key, q);
  }
  const parameters = q.parameters.map((p) => (typeof p === 'string' && p.startsWith(ARG) ? args[Number(p.slice(ARG.length))] : p));
  return { ...q, parameters } as CompiledQuery<R>;
}
function fast<R>(db: Db, key: string, build: (arg: (i: number) => any) => Compilable<R>, args: readonly unknown[], exec: Db = db): Promise<R[]> {
  return exec.executeQuery<R>(prepared(db, key, build, args)).then((r) => r.rows);
}

const countQuery = (db: Db, a: (i: number) => any) =>
  db.selectFrom('cart_items').select(sql<number>`count(*)`.as('n')).where('kdnr', '=', a(0));

export async function cartCount(db: Db, kdnr: number, exec: Db = db): Promise<number> {
  const [r] = await fast(db, 'count', (a) => countQuery(db, a), [kdnr], exec);
  return Number(r?.n ?? 0);
}

export function parseLagerOrigin(s: string | null | undefined): LagerOrigin | null {
  if (!s) return null;
  try {
    const o = JSON.parse(s) as LagerOrigin;
    return typeof o === 'object' && o !== null && typeof o.schublade === 'number' ? o : null;
  } catch {
    return null;
  }
}

function articleQuery(db: Db, a: (i: number) => any) {
  return db.selectFrom('articles as a')
    .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'a.artnr').on('t.lang', '=', a(0)))
    .select(['a.artnr', 'a.bezeichnung', 't.bezeichnung as bez_lang', 'a.gebinde', 'a.preis', 'a.kat_preis', 'a.aus_sortiment', 'a.vkz', 'a.lieferstatus'])
    .where('a.artnr', '=', a(1));
}

type ArticleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof articleQuery>['executeTakeFirst']>>>;

function orderableOrThrow(a: ArticleRow | undefined): ArticleRow {
  if (!a || a.aus_sortiment || isRequestPrice(Number(a.preis), Number(a.kat_preis))) throw badRequest('error_artnr');
  return a;
}

async function orderableArticle(db: Db, artnr: string, lang: string): Promise<ArticleRow> {
  const [a] = await fast(db, 'article', (x) => articleQuery(db, x), [lang, artnr]);
  return orderableOrThrow(a);
}

const money = (v: number) => Math.round(v * 100) / 100;

function compactLine(a: ArticleRow, menge: number, cur: { code: string; rate: number }) {
  const preis = convertPrice(Number(a.preis), cur.rate);
  return {
    Artikelnummer: a.artnr, Bezeichnung: a.bez_lang ?? a.bezeichnung, Gebinde: a.gebinde, Menge: menge,
    Einzelpreis: preis, Gesamtpreis: money(preis * menge), vkz: a.vkz, Lieferstatus: a.lieferstatus, Waehrung: cur.code,
  };
}

interface CartRow { artnr: string; menge: number; var1: string; var2: string; var3: string; var4: string; var5: string; lager: string }

function fullLine(item: ArticleListItem, row: CartRow) {
  return {
    ...item,
    Menge: row.menge,
    Einzelpreis: item.Preis,
    Gesamtpreis: money(item.Preis * row.menge),
    Varianten: [row.var1, row.var2, row.var3, row.var4, row.var5],
    Lager: parseLagerOrigin(row.lager),
  };
}

export async function cartLines(db: Db, kdnr: number, opts: { lang: string; country: string; artnr?: string }) {
  let q = db.selectFrom('cart_items').select(['artnr', 'menge', 'var1', 'var2', 'var3', 'var4', 'var5', 'lager'])
    .where('kdnr', '=', kdnr);
  if (opts.artnr) q = q.where('artnr', '=', opts.artnr);
  const rows = await q.orderBy('added_at').orderBy('artnr').execute();
  const items = await loadArticleItems(db, rows.map((r) => r.artnr), { lang: opts.lang, country: opts.country, kdnr });
  const byNr = new Map(items.map((i) => [i.Artikelnummer, i]));
  return rows.flatMap((r) => { const it = byNr.get(r.artnr); return it ? [fullLine(it, r)] : []; });
}


type Variants = [string, string, string, string, string];
type Added = CartChange;

function upsertQuery(db: Db, x: (i: number) => any, variants: boolean) {
  return db.insertInto('cart_items').values({
    kdnr: x(0), artnr: x(1), menge: x(2), var1: x(3), var2: x(4), var3: x(5), var4: x(6), var5: x(7), lager: '', added_at: x(8),
  }).onConflict((oc) => oc.columns(['kdnr', 'artnr']).doUpdateSet((eb) => ({
    menge: sql<number>`cart_items.menge + excluded.menge`,
    ...(variants ? { var1: eb.ref('excluded.var1'), var2: eb.ref('excluded.var2'), var3: eb.ref('excluded.var3'), var4: eb.ref('excluded.var4'), var5: eb.ref('excluded.var5') } : {}),
  })).where('cart_items.menge', '<=', x(9)))
    .returning('menge');
}

const REQUEST_CENTS = REQUEST_PRICES.map((p) => Math.round(p * 100));

type AddRow = ArticleRow & { orderable: boolean; menge: number | null };

/**
 * PostgreSQL: adds of distinct lines as one statement over arrays (one add alone, or all adds of a group-commit
 * batch): the article with `orderable` (the rule of orderableOrThrow, the request-price markers as a parameter) and
 * the upsert only for an orderable article; one row per add in its order (`n`). Rows are locked in the batch's order
 * (kdnr, artnr).
 */
function addBatchStatement(db: Db, x: (i: number) => any, variants: boolean): Compilable<AddRow & { n: number }> {
  const setVariants = variants
    ? sql`, var1 = excluded.var1, var2 = excluded.var2, var3 = excluded.var3, var4 = excluded.var4, var5 = excluded.var5` : sql``;
  const q = sql<AddRow & { n: number }>`with i as (
      select * from unnest(cast(${x(0)} as integer[]), cast(${x(1)} as text[]), cast(${x(2)} as integer[]),
        cast(${x(3)} as text[]), cast(${x(4)} as text[]), cast(${x(5)} as text[]), cast(${x(6)} as text[]), cast(${x(7)} as text[]),
        cast(${x(8)} as text[]), cast(${x(9)} as text[]))
        with ordinality as i(kdnr, artnr, menge, var1, var2, var3, var4, var5, added_at, lang, n)
    ), a as (
      select i.n, a.artnr, a.bezeichnung, t.bezeichnung as bez_lang, a.gebinde, a.preis, a.kat_preis, a.aus_sortiment, a.vkz, a.lieferstatus,
        a.aus_sortiment = 0 and round(a.preis * 100) <> all(${x(11)}) and round(a.kat_preis * 100) <> all(${x(11)}) as orderable
      from i join articles a on a.artnr = i.artnr left join article_texts t on t.artnr = a.artnr and t.lang = i.lang
    ), up as (
      insert into cart_items (kdnr, artnr, menge, var1, var2, var3, var4, var5, lager, added_at)
      select i.kdnr, a.artnr, i.menge, i.var1, i.var2, i.var3, i.var4, i.var5, '', i.added_at
      from i join a on a.n = i.n where a.orderable order by i.n
      on conflict (kdnr, artnr) do update set menge = cart_items.menge + excluded.menge${setVariants}
      where cart_items.menge + excluded.menge <= cast(${x(10)} as integer)
      returning kdnr, artnr, menge
    )
    select cast(i.n as integer) as n, a.artnr, a.bezeichnung, a.bez_lang, a.gebinde, a.preis, a.kat_preis, a.aus_sortiment, a.vkz,
      a.lieferstatus, a.orderable, up.menge
    from i left join a on a.n = i.n left join up on up.kdnr = i.kdnr and up.artnr = a.artnr
    order by i.n`;
  return { compile: () => q.compile(db) };
}

/** The batch statement's parameters: one array per column of the adds' arguments (addJob's `args` order), then the fixed ones. */
function addBatchArgs(adds: readonly (readonly unknown[])[]): unknown[] {
  const column = (k: number) => adds.map((a) => a[k]);
  return [...Array.from({ length: 10 }, (_, k) => column(k)), QTY_MAX, REQUEST_CENTS];
}

/**
 * One add as a group-commit job: refuse an article that cannot be ordered (error_artnr), upsert the line
 * unless the sum would pass the maximum quantity (no row: error_menge, nothing changed), answer the line
 * and the customer's line count after the batch (counted once per customer and batch, not once per add).
 * SQLite: two statements (article, upsert); PostgreSQL: one (addBatchStatement), shared with the batch's other adds.
 */
function addJob(db: Db, kdnr: number, artnr: string, qty: number, lang: string, cur: { code: string; rate: number }, variants?: Variants): WriteJob<Added> {
  const kind = variants ? 'add-variants' : 'add';
  const args = [kdnr, artnr, qty, ...(variants ?? ['', '', '', '', '']), nowIso(), QTY_MAX - qty];
  const after = { key: `count:${kdnr}`, query: prepared(db, 'count', (x) => countQuery(db, x), [kdnr]) };
  const wkcounter = (rows: unknown[]) => Number((rows[0] as { n: number }).n);
  if (isPostgres(db)) {
    const own = [...args.slice(0, 9), lang];
    const statement = (adds: readonly (readonly unknown[])[]) =>
      prepared(db, `${kind}-pg`, (x) => addBatchStatement(db, x, !!variants), addBatchArgs(adds));
    return {
      order: [kdnr, artnr],
      reads: [],
      writes: () => [statement([own])],
      merge: { kind, key: `${kdnr}\u0000${artnr}`, args: own, statement },
      after,
      answer: ([rows], count) => {
        const r = rows![0] as AddRow | undefined;
        if (!r?.orderable) throw badRequest('error_artnr');
        if (r.menge === null) throw badRequest('error_menge', { max: QTY_MAX });
        return { wkcounter: wkcounter(count), line: compactLine(r, Number(r.menge), cur) };
      },
    };
  }
  let a: ArticleRow;
  return {
    order: [kdnr, artnr],
    reads: [prepared(db, 'article', (x) => articleQuery(db, x), [lang, artnr])],
    writes: ([rows]) => {
      a = orderableOrThrow(rows![0] as ArticleRow | undefined);
      args[1] = a.artnr;
      return [prepared(db, kind, (x) => upsertQuery(db, x, !!variants), args)];
    },
    after,
    answer: ([up], count) => {
      const row = up![0] as { menge: number } | undefined;
      if (!row) throw badRequest('error_menge', { max: QTY_MAX });
      return { wkcounter: wkcounter(count), line: compactLine(a, Number(row.menge), cur) };
    },
  };
}

/**
 * Adds `menge` to the line inside the caller's transaction, the sum capped at QTY_MAX (reorder, order list to cart:
 * many lines at once, where a full line takes what fits instead of refusing).
 */
export async function addCapped(tx: Tx, kdnr: number, artnr: string, menge: number, addedAt: string): Promise<void> {
  await tx.insertInto('cart_items').values({
    kdnr, artnr, menge, var1: '', var2: '', var3: '', var4: '', var5: '', lager: '', added_at: addedAt,
  }).onConflict((oc) => oc.columns(['kdnr', 'artnr']).doUpdateSet({
    menge: sql<number>`case when cart_items.menge + excluded.menge > ${sql.lit(QTY_MAX)} then ${sql.lit(QTY_MAX)} else cart_items.menge + excluded.menge end`,
  })).execute();
}

/** One add inside the caller's transaction `tx` (statements compiled once on the root `db`): the quick order's bulk add. */
export function addOne(db: Db, tx: Db, kdnr: number, artnr: string, qty: number, lang: string, cur: { code: string; rate: number }, variants?: Variants): Promise<Added> {
  return runJob(tx, addJob(db, kdnr, artnr, qty, lang, cur, variants));
}

/** A single add: committed together with the other adds of the moment (server/db/group-commit.ts). */
async function addToCart(db: Db, kdnr: number, artnr: string, qty: number, ctx: { lang: string; country: string }, variants?: Variants): Promise<Added> {
  const cur = await cachedCurrency(db, ctx.country);
  return groupCommit(db, addJob(db, kdnr, artnr, qty, ctx.lang, cur, variants), config.cartCommit);
}

async function setInCart(db: Db, kdnr: number, artnr: string, qty: number, ctx: { lang: string; country: string }, lager?: string) {
  const a = await orderableArticle(db, artnr, ctx.lang);
  await db.insertInto('cart_items').values({
    kdnr, artnr: a.artnr, menge: qty, var1: '', var2: '', var3: '', var4: '', var5: '', lager: lager ?? '', added_at: nowIso(),
  }).onConflict((oc) => oc.columns(['kdnr', 'artnr']).doUpdateSet((eb) => ({
    menge: eb.ref('excluded.menge'), ...(lager !== undefined ? { lager: eb.ref('excluded.lager') } : {}),
  }))).execute();
  await settleProcessingSlots(db, kdnr); // a lowered quantity releases tooth-storage slots beyond it
  const [cur, wkcounter] = await Promise.all([cachedCurrency(db, ctx.country), cartCount(db, kdnr)]);
  return { wkcounter, line: compactLine(a, qty, cur) };
}

async function removeLine(db: Db, kdnr: number, artnr: string) {
  const r = await db.deleteFrom('cart_items').where('kdnr', '=', kdnr).where('artnr', '=', artnr).executeTakeFirst();
  const removed = Number(r.numDeletedRows) > 0;
  if (removed) await settleProcessingSlots(db, kdnr);
  if (!removed) {
    const known = await db.selectFrom('articles').select('artnr').where('artnr', '=', artnr).executeTakeFirst();
    if (!known) throw badRequest('error_artnr');
  }
  return { wkcounter: await cartCount(db, kdnr), removed };
}

export const routes: AnyRoute[] = [
  defineRoute(cart.lines, ({ db, session, params, country }) => cartLines(db, session.kdnr, { lang: params.language, country })),

  defineRoute(cart.line, ({ db, session, params, country }) =>
    cartLines(db, session.kdnr, { lang: params.language, country, artnr: params.id })),

  defineRoute(cart.count, ({ db, session }) => cartCount(db, session.kdnr)),

  defineRoute(cart.add, ({ db, session, params, lang, country }) =>
    addToCart(db, session.kdnr, params.artnr, params.qty, { lang, country })),

  defineRoute(cart.addWithVariants, ({ db, session, params, lang, country }) => addToCart(db, session.kdnr, params.artnr, params.qty,
    { lang, country }, [params.v1, params.v2, params.v3, params.v4, params.v5])),

  defineRoute(cart.set, ({ db, session, params, lang, country }) => setInCart(db, session.kdnr, params.artnr, params.qty, { lang, country })),

  defineRoute(cart.setFromStorage, async ({ db, session, params, lang, country }) => {
    let slotId: number | null = null;
    if (params.schublade > 0) {
      let q = db.selectFrom('schubladen').select('id').where('id', '=', params.schublade).where('kdnr', '=', session.kdnr);
      if (params.schrank > 0) q = q.where('schrank_id', '=', params.schrank);
      if (!(await q.executeTakeFirst())) throw notFound();
      const slot = await db.selectFrom('zahnlager_slots').select('id').where('kdnr', '=', session.kdnr)
        .where('schublade_id', '=', params.schublade).where('zeile', '=', params.zeile).where('spalte', '=', params.spalte).executeTakeFirst();
      slotId = slot ? Number(slot.id) : null;
    }
    const origin: LagerOrigin = {
      schrank: params.schrank, schublade: params.schublade, zeile: params.zeile, spalte: params.spalte,
      lager: params.lager, flag: params.flag, slotId,
    };
    return setInCart(db, session.kdnr, params.artnr, params.qty, { lang, country }, JSON.stringify(origin));
  }),

  defineRoute(cart.removeWithOrigin, ({ db, session, params }) => removeLine(db, session.kdnr, params.artnr)),

  defineRoute(cart.remove, ({ db, session, params }) => removeLine(db, session.kdnr, params.artnr)),

  defineRoute(cart.empty, async ({ db, session }) => {
    await db.deleteFrom('cart_items').where('kdnr', '=', session.kdnr).execute();
    await settleProcessingSlots(db, session.kdnr);
    return { wkcounter: 0 as const };
  }),
];
