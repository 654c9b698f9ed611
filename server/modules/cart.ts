// The basket (Warenkorb): one line per article and customer. The add/set calls are the hottest
// calls of the shop: they use three queries (article, upsert, count) and a cached currency.
import { sql, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { cachedCurrency, convertPrice, loadArticleItems, type ArticleListItem } from '../lib/articles.ts';
import { nowIso } from '../lib/time.ts';
import { settleProcessingSlots } from './zahnlager/index.ts';
import { QTY_MAX } from '../../src/lib/rules/constants.ts';
import { isRequestPrice } from '../../src/lib/rules/pricing.ts';
import * as cart from '../../src/api/cart.ts';
import { zCartQty, type CartChange, type LagerOrigin } from '../../src/api/cart.ts';

export { zCartQty };

// ---- precompiled hot queries: Kysely builds and compiles each query shape once per database;
// a call only swaps the parameters (sentinel strings mark them), which halves the add call's cost.
const ARG = '\u0000arg';
const compiled = new WeakMap<object, Map<string, CompiledQuery>>();
function fast<R>(db: Db, key: string, build: (arg: (i: number) => any) => Compilable<R>, args: readonly unknown[], exec: Db = db): Promise<R[]> {
  let m = compiled.get(db);
  if (!m) compiled.set(db, (m = new Map()));
  let q = m.get(key);
  if (!q) {
    q = build((i) => `${ARG}${i}`).compile();
    m.set(key, q);
  }
  const parameters = q.parameters.map((p) => (typeof p === 'string' && p.startsWith(ARG) ? args[Number(p.slice(ARG.length))] : p));
  return exec.executeQuery<R>({ ...q, parameters } as CompiledQuery<R>).then((r) => r.rows);
}

export async function cartCount(db: Db, kdnr: number, exec: Db = db): Promise<number> {
  const [r] = await fast(db, 'count', (a) => db.selectFrom('cart_items').select(sql<number>`count(*)`.as('n')).where('kdnr', '=', a(0)), [kdnr], exec);
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

async function orderableOrThrow(db: Db, artnr: string, lang: string, exec: Db = db) {
  const [a] = await fast(db, 'article', (x) => articleQuery(db, x), [lang, artnr], exec);
  if (!a || a.aus_sortiment || isRequestPrice(Number(a.preis), Number(a.kat_preis))) throw badRequest('error_artnr');
  return a;
}

type ArticleRow = Awaited<ReturnType<typeof orderableOrThrow>>;
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

async function cartLines(db: Db, kdnr: number, opts: { lang: string; country: string; artnr?: string }) {
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

/** One add inside a transaction `tx` (statements compiled once on the root `db`); also the quick order's bulk add. */
export async function addOne(db: Db, tx: Db, kdnr: number, artnr: string, qty: number, lang: string, cur: { code: string; rate: number }, variants?: Variants): Promise<Added> {
  const a = await orderableOrThrow(db, artnr, lang, tx);
  const v = variants ?? ['', '', '', '', ''];
  const [row] = await fast(db, variants ? 'add-variants' : 'add', (x) => db.insertInto('cart_items').values({
    kdnr: x(0), artnr: x(1), menge: x(2), var1: x(3), var2: x(4), var3: x(5), var4: x(6), var5: x(7), lager: '', added_at: x(8),
  }).onConflict((oc) => oc.columns(['kdnr', 'artnr']).doUpdateSet((eb) => ({
    menge: sql<number>`cart_items.menge + excluded.menge`,
    ...(variants ? { var1: eb.ref('excluded.var1'), var2: eb.ref('excluded.var2'), var3: eb.ref('excluded.var3'), var4: eb.ref('excluded.var4'), var5: eb.ref('excluded.var5') } : {}),
  })).where('cart_items.menge', '<=', x(9)))
    .returning('menge'), [kdnr, a.artnr, qty, ...v, nowIso(), QTY_MAX - qty], tx);
  // no row: the line exists and the sum would pass the maximum quantity
  if (!row) throw badRequest('error_menge', { max: QTY_MAX });
  return { wkcounter: await cartCount(db, kdnr, tx), line: compactLine(a, Number(row.menge), cur) };
}

// Group commit: the adds that arrive in the same event-loop turn run in one transaction, so many
// concurrent adds cost one commit instead of one each. Every add answers only after the commit; a
// failing add (error_artnr, error_menge) changes nothing and does not affect the others.
interface AddJob {
  /** lock order: kdnr, then article number */
  key: [number, string];
  run: (tx: Db) => Promise<Added>;
  resolve: (v: Added) => void;
  reject: (e: unknown) => void;
  out?: { ok: true; v: Added } | { ok: false; e: unknown };
}
const addQueues = new WeakMap<Db, AddJob[]>();

async function flushAdds(db: Db): Promise<void> {
  const jobs = addQueues.get(db) ?? [];
  addQueues.delete(db);
  // PostgreSQL runs the next batch while this one commits: rows taken in one global order cannot deadlock
  jobs.sort((x, y) => x.key[0] - y.key[0] || (x.key[1] < y.key[1] ? -1 : x.key[1] > y.key[1] ? 1 : 0));
  try {
    await db.transaction().execute(async (tx) => {
      for (const j of jobs) {
        try { j.out = { ok: true, v: await j.run(tx) }; } catch (e) { j.out = { ok: false, e }; }
      }
    });
  } catch (e) {
    for (const j of jobs) if (!j.out || j.out.ok) j.out = { ok: false, e }; // the commit failed: nothing was added
  }
  for (const j of jobs) {
    if (j.out?.ok) j.resolve(j.out.v);
    else j.reject(j.out?.e);
  }
}

async function addToCart(db: Db, kdnr: number, artnr: string, qty: number, ctx: { lang: string; country: string }, variants?: Variants): Promise<Added> {
  // resolved before the transaction: it may need a query of its own on the shared connection
  const cur = await cachedCurrency(db, ctx.country);
  return new Promise<Added>((resolve, reject) => {
    let q = addQueues.get(db);
    if (!q) {
      addQueues.set(db, (q = []));
      setImmediate(() => void flushAdds(db));
    }
    q.push({ key: [kdnr, artnr], run: (tx) => addOne(db, tx, kdnr, artnr, qty, ctx.lang, cur, variants), resolve, reject });
  });
}

async function setInCart(db: Db, kdnr: number, artnr: string, qty: number, ctx: { lang: string; country: string }, lager?: string) {
  const a = await orderableOrThrow(db, artnr, ctx.lang);
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
  defineRoute(cart.lines, ({ db, session, params }) => cartLines(db, session.kdnr, { lang: params.language, country: session.country })),

  defineRoute(cart.line, ({ db, session, params }) =>
    cartLines(db, session.kdnr, { lang: params.language, country: session.country, artnr: params.id })),

  defineRoute(cart.count, ({ db, session }) => cartCount(db, session.kdnr)),

  defineRoute(cart.add, ({ db, session, params, lang }) =>
    addToCart(db, session.kdnr, params.artnr, params.qty, { lang, country: session.country })),

  defineRoute(cart.addWithVariants, ({ db, session, params, lang }) => addToCart(db, session.kdnr, params.artnr, params.qty,
    { lang, country: session.country }, [params.v1, params.v2, params.v3, params.v4, params.v5])),

  defineRoute(cart.set, ({ db, session, params, lang }) => setInCart(db, session.kdnr, params.artnr, params.qty, { lang, country: session.country })),

  defineRoute(cart.setFromStorage, async ({ db, session, params, lang }) => {
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
    return setInCart(db, session.kdnr, params.artnr, params.qty, { lang, country: session.country }, JSON.stringify(origin));
  }),

  defineRoute(cart.removeWithOrigin, ({ db, session, params }) => removeLine(db, session.kdnr, params.artnr)),

  defineRoute(cart.remove, ({ db, session, params }) => removeLine(db, session.kdnr, params.artnr)),

  defineRoute(cart.empty, async ({ db, session }) => {
    await db.deleteFrom('cart_items').where('kdnr', '=', session.kdnr).execute();
    await settleProcessingSlots(db, session.kdnr);
    return { wkcounter: 0 as const };
  }),
];
