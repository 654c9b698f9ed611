// The basket state of spec section 3 (checkout_state per customer) and the checks of a change to it.
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import type { Session } from '../../http/session.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { FREEWAY_MIN_EUR } from '#rules/constants.ts';
import { parseDate } from '#rules/validate.ts';
import { StateIn } from '#api/checkout.ts';
import { VERSANDARTEN, ZAHLUNGSARTEN, pad, today, fieldInvalid } from './methods.ts';
import { computeCheckout, view } from './compute.ts';
import { cartCount } from '../cart.ts';

// ---- basket state ----

export interface CheckoutStateRow {
  address_id: number | null; versandart: string; versanddatum: string | null; kommentar: string;
  zahlungsart: string; benefit_code: string | null; fwt: number;
}
const DEFAULT_STATE: CheckoutStateRow = {
  address_id: null, versandart: 'standard', versanddatum: null, kommentar: '', zahlungsart: 'rechnung', benefit_code: null, fwt: 0,
};

export async function loadState(db: Db, kdnr: number): Promise<CheckoutStateRow> {
  const r = await db.selectFrom('checkout_state')
    .select(['address_id', 'versandart', 'versanddatum', 'kommentar', 'zahlungsart', 'benefit_code', 'fwt'])
    .where('kdnr', '=', kdnr).executeTakeFirst();
  return r ? { ...r, address_id: r.address_id === null ? null : Number(r.address_id), fwt: Number(r.fwt) } : { ...DEFAULT_STATE };
}

/**
 * loadState for a call that saves the state again: a lock per customer held until the transaction ends, so two
 * changes at once (a shipping method and a comment, or a code) do not each save their own part over the other's.
 */
export async function loadStateForUpdate(tx: Db, kdnr: number): Promise<CheckoutStateRow> {
  await lockForTransaction(tx, `checkout_state:${kdnr}`);
  return loadState(tx, kdnr);
}

/** A change of the basket state needs a cart: with an empty one it answers cart_no_products and saves nothing. */
export async function requireCartLines(db: Db, tx: Db, kdnr: number): Promise<void> {
  // the count compiled once on the root database, run in the caller's transaction
  if (await cartCount(db, kdnr, tx) === 0) throw new ApiError(400, 'cart_no_products');
}

export async function saveState(db: Db, kdnr: number, s: CheckoutStateRow): Promise<void> {
  const row = { ...s, updated_at: nowIso() };
  await db.insertInto('checkout_state').values({ kdnr, ...row })
    .onConflict((oc) => oc.column('kdnr').doUpdateSet(row)).execute();
}

// ---- validation of the basket state ----

/** YYYY-M-D, a calendar date, not in the past, not a Sunday, at most a year ahead → YYYY-MM-DD. */
export function checkVersanddatum(v: string, now = new Date()): string {
  const d = parseDate(v);
  if (!d) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'format' });
  const iso = `${d.year}-${pad(d.month)}-${pad(d.day)}`;
  if (iso < today(now)) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'past' });
  if (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() === 0) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'sunday' });
  const max = new Date(now.getFullYear() + 1, now.getMonth(), now.getDate());
  if (iso > today(max)) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'too_far' });
  return iso;
}

export type StateInput = z.output<typeof StateIn>;

/** Validates a partial basket state against the customer's data; answers the merged state. */
export async function mergeState(db: Db, session: Session, st: CheckoutStateRow, p: StateInput, opts: { lang: string; country: string }): Promise<CheckoutStateRow> {
  const next = { ...st };
  if (p.addressId !== undefined) {
    if (p.addressId !== null) {
      const own = await db.selectFrom('addresses').select('id').where('id', '=', p.addressId).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (!own) throw notFound();
    }
    next.address_id = p.addressId;
  }
  if (p.versandart !== undefined) {
    if (!(VERSANDARTEN as readonly string[]).includes(p.versandart)) throw fieldInvalid('versandart');
    next.versandart = p.versandart;
  }
  if (p.zahlungsart !== undefined) {
    if (!(ZAHLUNGSARTEN as readonly string[]).includes(p.zahlungsart)) throw fieldInvalid('zahlungsart');
    next.zahlungsart = p.zahlungsart;
  }
  if (p.versanddatum !== undefined) next.versanddatum = p.versanddatum === null || p.versanddatum.trim() === '' ? null : checkVersanddatum(p.versanddatum.trim());
  if (p.kommentar !== undefined) next.kommentar = p.kommentar.trim();
  if (p.fwt !== undefined) next.fwt = p.fwt ? 1 : 0;
  if (next.fwt && p.fwt) {
    const co = await computeCheckout(db, session.kdnr, opts, next);
    if (co.lines.length === 0) throw new ApiError(400, 'cart_no_products');
    if (co.fwt.reason) throw new ApiError(co.fwt.reason === 'freeway_min_value' ? 400 : 409, co.fwt.reason, { minOrderEur: FREEWAY_MIN_EUR, valueEur: co.valueEur });
  }
  return next;
}

export async function checkoutView(db: Db, session: Session, opts: { lang: string; country: string }) {
  const co = await computeCheckout(db, session.kdnr, opts);
  if (co.lines.length === 0 && co.unavailable.length === 0) throw new ApiError(400, 'cart_no_products');
  return view(co, opts.lang);
}
