// Placing the order: one Idempotency-Key per attempt, order numbers, the release rule, the basket reset.
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { Session } from '../../http/session.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import type { Acting } from '../../lib/permissions.ts';
import { nextOrderNumbers } from '../../lib/order-numbers.ts';
import { discountTotal, toCents, parseSummary } from '../../lib/money.ts';
import { takeFromCart } from '../../lib/take-from-cart.ts';
import { nowIso } from '../../lib/time.ts';
import { parseReleaseReason, releaseReason } from '../../lib/release-rules.ts';
import { FREEWAY_MIN_EUR } from '#rules/constants.ts';
import { ADDRESS_FIELDS } from '#rules/forms.ts';
import type { PlacedOut } from '#api/checkout.ts';
import { today, monthKey, fieldInvalid } from './methods.ts';
import { loadStateForUpdate, checkVersanddatum, type StateInput, mergeState } from './state.ts';
import type { AddressOut } from './addresses.ts';
import { type Checkout, computeCheckout } from './compute.ts';

// ---- submit ----

export const KEY_RE = /^[A-Za-z0-9._:-]{8,100}$/;

/** A placed order as the submit call answers it (without the release flag and the basket counter). */
export type Placed = Omit<z.input<typeof PlacedOut>, 'release' | 'wkcounter'>;

export async function findByKey(db: Db, kdnr: number, key: string): Promise<Placed | null> {
  const o = await db.selectFrom('orders').select(['id', 'auftrag', 'vorgang', 'rechnung', 'total', 'currency', 'status', 'release_status', 'release_reason', 'summary_json'])
    .where('kdnr', '=', kdnr).where('idempotency_key', '=', key).executeTakeFirst();
  return o ? {
    orderId: Number(o.id), auftrag: o.auftrag, vorgang: o.vorgang, rechnung: o.rechnung, total: Number(o.total), currency: o.currency,
    status: o.status, releaseStatus: o.release_status === 'pending' ? 'pending' : 'released', releaseReason: parseReleaseReason(o.release_reason), replayed: true, summary: parseSummary(o.summary_json),
  } : null;
}

export interface PlaceResult { placed: Placed; mail?: { co: Checkout; addr: AddressOut } }

export async function placeOrder(
  tx: Db, session: Session, key: string, patch: StateInput, opts: { lang: string; country: string }, acting: Acting, attempt: number,
): Promise<PlaceResult> {
  // one placement per customer at a time: a parallel submit with the same key then finds this order instead of the
  // cart it emptied (on PostgreSQL it could read the key before and the cart after the other's commit)
  await lockForTransaction(tx, `order:${session.kdnr}`);
  const again = await findByKey(tx, session.kdnr, key);
  if (again) return { placed: again };
  let st = await loadStateForUpdate(tx, session.kdnr); // a state change meanwhile would save the old state back
  st = await mergeState(tx, session, st, patch, opts);
  // the desired date may have turned into the past since it was chosen
  if (st.versanddatum) checkVersanddatum(st.versanddatum);
  const co = await computeCheckout(tx, session.kdnr, opts, st);
  if (co.lines.length === 0) throw new ApiError(400, 'cart_no_products');
  if (co.unavailable.length) throw badRequest('error_artnr', { artnr: co.unavailable.map((u) => u.Artikelnummer), unavailable: co.unavailable });
  if (co.benefit?.error) {
    throw new ApiError(co.benefit.error === 'benefit_code_already_redeemed' ? 409 : 400, co.benefit.error, { code: co.benefit.code });
  }
  if (st.fwt && co.fwt.reason) throw new ApiError(co.fwt.reason === 'freeway_min_value' ? 400 : 409, co.fwt.reason, { minOrderEur: FREEWAY_MIN_EUR, valueEur: co.valueEur });
  const addr = co.address;
  if (!addr) throw fieldInvalid('addressId');

  const valueCents = toCents(co.totalEur);
  const reason = await releaseReason(tx, session.kdnr, acting, valueCents);
  const pending = reason !== null;
  const status = pending ? 'release_pending' : 'processing';
  const nums = await nextOrderNumbers(tx, attempt);
  const now = nowIso();
  const gift = co.benefit && !co.benefit.error ? co.benefit.freeGift : null;
  const { id } = await tx.insertInto('orders').values({
    kdnr: session.kdnr, auftrag: nums.auftrag, vorgang: nums.vorgang, rechnung: nums.rechnung, created_at: now, status,
    total: co.summary.net, currency: co.cur.code, summary_json: JSON.stringify(co.summary),
    address_json: JSON.stringify(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, addr[f]]))),
    versandart: st.versandart, versanddatum: st.versanddatum, kommentar: st.kommentar, zahlungsart: st.zahlungsart,
    benefit_code: co.benefit && !co.benefit.error ? co.benefit.code : null, discount: discountTotal(co.summary),
    free_gift_artnr: gift?.artnr ?? null, fwt: st.fwt ? 1 : 0, idempotency_key: key,
    placed_by_sub_user: acting.id === 0 ? null : acting.id, release_status: pending ? 'pending' : 'released', released_by: null, source: 'shop',
    release_reason: reason ? JSON.stringify(reason) : null, net_eur_cents: valueCents,
  }).returning('id').executeTakeFirstOrThrow();
  const orderId = Number(id);
  // designations in the base language (as the order history stores them)
  const base = new Map((await tx.selectFrom('articles').select(['artnr', 'bezeichnung'])
    .where('artnr', 'in', [...co.lines.map((l) => l.Artikelnummer), ...(gift ? [gift.artnr] : [])]).execute()).map((r) => [r.artnr, r.bezeichnung]));
  const lines = co.lines.map((l, i) => ({
    order_id: orderId, pos: i + 1, artnr: l.Artikelnummer, bezeichnung: base.get(l.Artikelnummer) ?? l.Bezeichnung,
    menge: l.Menge, preis: l.Einzelpreis, status, geliefert: 0, zahnlager_slot_id: null,
  }));
  if (gift) {
    lines.push({ order_id: orderId, pos: lines.length + 1, artnr: gift.artnr, bezeichnung: base.get(gift.artnr) ?? gift.bezeichnung, menge: 1, preis: 0, status, geliefert: 0, zahnlager_slot_id: null });
  }
  await tx.insertInto('order_lines').values(lines).execute();
  if (co.benefit && !co.benefit.error) {
    const ins = tx.insertInto('benefit_redemptions').values({ code: co.benefit.code, kdnr: session.kdnr, order_id: orderId, redeemed_at: now });
    // single-use: a second redemption must fail (409); multi-use codes keep their first redemption row
    const single = await tx.selectFrom('benefit_codes').select('single_use').where('code', '=', co.benefit.code).executeTakeFirst();
    if (single?.single_use) await ins.execute();
    else await ins.onConflict((oc) => oc.columns(['code', 'kdnr']).doNothing()).execute();
  }
  if (st.fwt) await tx.insertInto('freeway_tickets').values({ kdnr: session.kdnr, order_id: orderId, month: monthKey(), created_at: now }).execute();
  await tx.insertInto('documents').values({
    kdnr: session.kdnr, typ: 'auftragsbestaetigung', nummer: String(nums.auftrag), datum: today(), order_id: orderId, betrag: co.summary.net,
  }).execute();
  // what was ordered leaves the basket; a line added or raised by a parallel call since the read above stays
  await takeFromCart(tx, session.kdnr, new Map(co.lines.map((l) => [l.Artikelnummer, l.Menge])));
  // basket reset (section 4): address, shipping method, date, comment, fwt — and the used code and payment choice
  await tx.deleteFrom('checkout_state').where('kdnr', '=', session.kdnr).execute();
  return {
    placed: {
      orderId, auftrag: nums.auftrag, vorgang: nums.vorgang, rechnung: nums.rechnung, total: co.summary.net, currency: co.cur.code,
      status, releaseStatus: pending ? 'pending' : 'released', releaseReason: parseReleaseReason(reason && JSON.stringify(reason)), replayed: false, summary: co.summary,
    },
    mail: { co, addr },
  };
}
