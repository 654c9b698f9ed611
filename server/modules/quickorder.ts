// Quick order (issue 11, route shop/schnellbestellung): up to 500 lines of (article number,
// quantity) checked by one call, then put into the cart or an order list in one transaction.
// Lines resolve like the quick suggestion of section 5 (artnrMatches); the cart rules are the
// cart module's (addOne), the list rules the order-list module's.
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { cachedCurrency, loadArticleItems, type ArticleListItem } from '../lib/articles.ts';
import { requirePermission } from '../lib/permissions.ts';
import { artnrMatches, artnrsWithPrefix, snapshot } from '../search/index.ts';
import { addOne, cartCount, zCartQty } from './cart.ts';
import { addListItems, createList } from './favoriten.ts';
import { QUICK_ORDER_MAX_LINES } from '#rules/constants.ts';
import { normalizeArtnr } from '#rules/artnr.ts';
import { isRequestPrice } from '#rules/pricing.ts';
import * as calls from '#api/quickorder.ts';
import { zLine } from '#api/quickorder.ts';

const SUGGESTIONS_MAX = 5;

export type LineError = 'error_artnr' | 'error_request_price' | 'error_out_of_range' | 'error_variant_parent' | 'error_menge';

export interface CheckedLine {
  /** position in the request (0-based) */
  index: number;
  input: string;
  /** the catalogue article number the input resolves to; null when none */
  artnr: string | null;
  menge: number | null;
  error: LineError | null;
  /** article numbers to offer instead (the variants of a parent, close numbers of an unknown one) */
  suggestions: string[];
  article: Pick<ArticleListItem, 'Artikelnummer' | 'Bezeichnung' | 'Gebinde' | 'Preis' | 'KatPreis' | 'Waehrung' | 'vkz' | 'Lieferstatus' | 'TempAusSortiment'> | null;
}

type LineIn = z.output<typeof zLine>;

function limitLines(lines: readonly LineIn[]): void {
  if (lines.length > QUICK_ORDER_MAX_LINES) throw badRequest('error_too_many_lines', { max: QUICK_ORDER_MAX_LINES, count: lines.length });
}

/** Quantity as typed: missing or blank = 1; else a whole number 1..999 (the cart's rule). */
function parseMenge(v: LineIn['menge']): number | null {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return 1;
  const r = zCartQty.safeParse(typeof v === 'number' ? (Number.isInteger(v) ? String(v) : 'x') : v.trim());
  return r.success ? r.data : null;
}

/** Checks every line at once: one snapshot look-up per line, one query for the articles, one for variants. */
export async function checkLines(db: Db, lines: readonly LineIn[], ctx: { lang: string; country: string; kdnr: number }): Promise<CheckedLine[]> {
  const s = await snapshot(db);
  const resolved = lines.map((l) => {
    const input = l.artnr.replace(/\s+/g, '');
    const found = input ? artnrMatches(s, input) : [];
    return { input: l.artnr.trim(), found, menge: parseMenge(l.menge) };
  });
  const artnrs = [...new Set(resolved.flatMap((r) => (r.found.length === 1 ? r.found : [])))];
  const items = new Map((await loadArticleItems(db, artnrs, ctx)).map((a) => [a.Artikelnummer, a]));
  const parents = artnrs.filter((a) => items.get(a)?.IstReferenz);
  const variants = new Map<string, string[]>();
  if (parents.length) {
    const rows = await db.selectFrom('articles').select(['artnr', 'parent_artnr'])
      .where('parent_artnr', 'in', parents).where('aus_sortiment', '=', 0).orderBy('artnr').execute();
    for (const r of rows) {
      const list = variants.get(r.parent_artnr!) ?? [];
      if (list.length < SUGGESTIONS_MAX) list.push(r.artnr);
      variants.set(r.parent_artnr!, list);
    }
  }
  return resolved.map((r, index): CheckedLine => {
    const base = { index, input: r.input, menge: r.menge };
    const a = r.found.length === 1 ? items.get(r.found[0]!) : undefined;
    if (!a) {
      // several matches: offer them; none: numbers that start like the normalised input
      const near = r.found.length > 1 ? r.found : artnrsWithPrefix(s, normalizeArtnr(r.input.replace(/\s+/g, '')).toUpperCase(), SUGGESTIONS_MAX);
      return { ...base, artnr: null, error: 'error_artnr', suggestions: near.slice(0, SUGGESTIONS_MAX), article: null };
    }
    const article = {
      Artikelnummer: a.Artikelnummer, Bezeichnung: a.Bezeichnung, Gebinde: a.Gebinde, Preis: a.Preis, KatPreis: a.KatPreis,
      Waehrung: a.Waehrung, vkz: a.vkz, Lieferstatus: a.Lieferstatus, TempAusSortiment: a.TempAusSortiment,
    };
    const error: LineError | null = a.AusSortiment ? 'error_out_of_range'
      : a.IstReferenz ? 'error_variant_parent'
      : isRequestPrice(a.Preis, a.KatPreis) ? 'error_request_price'
      : r.menge === null ? 'error_menge' : null;
    return { ...base, artnr: a.Artikelnummer, error, suggestions: error === 'error_variant_parent' ? variants.get(a.Artikelnummer) ?? [] : [], article };
  });
}

/** The lines of a write call must all be valid: else 400 quick_order_invalid with each line's error. */
async function validLinesOrThrow(db: Db, lines: readonly LineIn[], ctx: { lang: string; country: string; kdnr: number }) {
  limitLines(lines);
  if (lines.length === 0) throw badRequest('cart_no_products');
  const checked = await checkLines(db, lines, ctx);
  const bad = checked.filter((l) => l.error);
  if (bad.length) throw badRequest('quick_order_invalid', { lines: bad.map((l) => ({ index: l.index, input: l.input, error: l.error })) });
  return checked.map((l) => ({ index: l.index, artnr: l.artnr!, menge: l.menge! }));
}

export const routes: AnyRoute[] = [
  defineRoute(calls.check, async ({ db, session, body, lang, country }) => {
    limitLines(body.lines);
    const t0 = performance.now();
    const lines = await checkLines(db, body.lines, { lang, country, kdnr: session.kdnr });
    const invalid = lines.filter((l) => l.error).length;
    return { lines, valid: lines.length - invalid, invalid, ms: Math.round((performance.now() - t0) * 10) / 10 };
  }),

  defineRoute(calls.toCart, async ({ db, session, body, lang, country }) => {
    await requirePermission(db, session, 'order');
    const lines = await validLinesOrThrow(db, body.lines, { lang, country, kdnr: session.kdnr });
    const cur = await cachedCurrency(db, country);
    await db.transaction().execute(async (tx) => {
      for (const l of lines) {
        try {
          await addOne(db, tx as unknown as Db, session.kdnr, l.artnr, l.menge, lang, cur);
        } catch (e) {
          // the sum with the cart's line passes 999: the whole add is rolled back
          if (e instanceof ApiError) throw badRequest(e.key, { ...e.extra, lines: [{ index: l.index, input: l.artnr, error: e.key }] });
          throw e;
        }
      }
    });
    return { count: lines.length, wkcounter: await cartCount(db, session.kdnr) };
  }),

  defineRoute(calls.toList, async ({ db, session, body, lang, country }) => {
    const lines = await validLinesOrThrow(db, body.lines, { lang, country, kdnr: session.kdnr });
    return db.transaction().execute(async (tx) => {
      const listId = body.name !== undefined ? (await createList(tx, session.kdnr, body.name)).id : body.listId!;
      const { name, count } = await addListItems(tx, session.kdnr, listId, lines);
      return { listId, name, count, added: lines.length };
    });
  }),
];
