// The checkout calls (src/api/checkout.ts) bound to their handlers.
import { lockForTransaction } from '../../db/dialect.ts';
import { ApiError, badRequest, conflict } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { forgetPurchases } from '../../lib/articles.ts';
import { requirePermission } from '../../lib/permissions.ts';
import { isUniqueViolation } from '../../lib/order-numbers.ts';
import { cartCount } from '../cart.ts';
import { ADDRESS_FIELDS, addressErrors, orderedFields } from '#rules/forms.ts';
import * as calls from '#api/checkout.ts';
import { ADDRESSES_PER_CUSTOMER, fieldInvalid } from './methods.ts';
import { loadStateForUpdate, saveState, mergeState, checkoutView, requireCartLines } from './state.ts';
import { listAddresses } from './addresses.ts';
import { evalBenefit, normCode } from './benefit.ts';
import { computeCheckout } from './compute.ts';
import { KEY_RE, type Placed, findByKey, type PlaceResult, placeOrder } from './submit.ts';
import { sendOrderMails } from './mail.ts';

export const routes: AnyRoute[] = [
  defineRoute(calls.view, ({ db, session, lang, country }) => checkoutView(db, session, { lang, country })),

  defineRoute(calls.setState, async ({ db, session, body, lang, country }) => {
    await db.transaction().execute(async (tx) => {
      const before = await loadStateForUpdate(tx, session.kdnr);
      await requireCartLines(db, tx, session.kdnr); // after the lock: an order that just took the cart has committed
      const st = await mergeState(tx, session, before, body, { lang, country });
      await saveState(tx, session.kdnr, st);
    });
    return checkoutView(db, session, { lang, country });
  }),

  defineRoute(calls.addresses, ({ db, session }) => listAddresses(db, session.kdnr)),

  defineRoute(calls.addAddress, async ({ db, session, body }) => {
    const v: Record<string, string> = {};
    for (const f of ADDRESS_FIELDS) v[f] = (body[f] ?? '').trim();
    v.land_iso2 = v.land_iso2!.toUpperCase();
    // the island's rules (src/lib/rules/forms.ts), then what only the server knows: the shop's countries
    const errors = addressErrors(v);
    if (!errors.land_iso2 && !(await db.selectFrom('countries').select('iso2').where('iso2', '=', v.land_iso2!).executeTakeFirst())) {
      errors.land_iso2 = 'field_invalid';
    }
    const bad = orderedFields(errors, ADDRESS_FIELDS);
    if (bad.length) throw fieldInvalid(bad[0]!, bad, errors);
    return db.transaction().execute(async (tx) => {
      await lockForTransaction(tx, `addresses:${session.kdnr}`); // parallel adds cannot all count 99 and pass the limit
      const n = await tx.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (Number(n?.n ?? 0) >= ADDRESSES_PER_CUSTOMER) throw conflict('address_limit', { max: ADDRESSES_PER_CUSTOMER });
      const { id } = await tx.insertInto('addresses').values({
        kdnr: session.kdnr, firma_name: v.firma_name!, zusatz1: v.zusatz1!, zusatz2: v.zusatz2!, ansprechpartner: v.ansprechpartner!,
        strasse: v.strasse!, plz: v.plz!, ort: v.ort!, land_iso2: v.land_iso2!, is_default: 0,
      }).returning('id').executeTakeFirstOrThrow();
      const st = await loadStateForUpdate(tx, session.kdnr);
      await saveState(tx, session.kdnr, { ...st, address_id: Number(id) });
      return {
        id: Number(id), firma_name: v.firma_name!, zusatz1: v.zusatz1!, zusatz2: v.zusatz2!, ansprechpartner: v.ansprechpartner!,
        strasse: v.strasse!, plz: v.plz!, ort: v.ort!, land_iso2: v.land_iso2!, is_default: false,
      };
    });
  }),

  defineRoute(calls.redeemBenefit, async ({ db, session, body, lang, country }) => {
    const code = normCode(body.code ?? '');
    if (code === '') throw badRequest('benefit_code_empty');
    await db.transaction().execute(async (tx) => {
      const st = await loadStateForUpdate(tx, session.kdnr);
      const co = await computeCheckout(tx, session.kdnr, { lang, country }, st);
      if (co.lines.length === 0) throw new ApiError(400, 'cart_no_products');
      if (st.benefit_code && st.benefit_code !== code && co.benefit && !co.benefit.removable) {
        throw conflict('benefit_code_not_removable', { code: st.benefit_code });
      }
      const b = await evalBenefit(tx, session.kdnr, code, co.netEur, lang);
      if (b.error === 'benefit_code_invalid') throw badRequest('benefit_code_invalid');
      if (b.error === 'benefit_code_already_redeemed') throw new ApiError(409, 'benefit_code_already_redeemed');
      if (b.error === 'benefit_code_min_order') {
        const row = await tx.selectFrom('benefit_codes').select('min_order').where('code', '=', code).executeTakeFirst();
        throw new ApiError(400, 'benefit_code_min_order', { minOrderEur: Number(row?.min_order ?? 0), valueEur: co.netEur });
      }
      await saveState(tx, session.kdnr, { ...st, benefit_code: code });
    });
    return checkoutView(db, session, { lang, country });
  }),

  defineRoute(calls.removeBenefit, async ({ db, session, lang, country }) => {
    await db.transaction().execute(async (tx) => {
      const st = await loadStateForUpdate(tx, session.kdnr);
      await requireCartLines(db, tx, session.kdnr);
      if (!st.benefit_code) return;
      const row = await tx.selectFrom('benefit_codes').select('removable').where('code', '=', st.benefit_code).executeTakeFirst();
      if (row && !row.removable) throw conflict('benefit_code_not_removable', { code: st.benefit_code });
      await saveState(tx, session.kdnr, { ...st, benefit_code: null });
    });
    return checkoutView(db, session, { lang, country });
  }),

  defineRoute(calls.submit, async ({ db, session, body, c, lang, country }) => {
    const key = (c.req.header('idempotency-key') ?? body.key ?? '').trim();
    if (key === '') throw badRequest('idempotency_key_required');
    if (!KEY_RE.test(key)) throw badRequest('idempotency_key_invalid');
    const acting = await requirePermission(db, session, 'order');
    const { key: _k, ...patch } = body;
    const opts = { lang, country };
    const answer = async (p: Placed) => ({ ...p, release: p.releaseStatus === 'pending', wkcounter: await cartCount(db, session.kdnr) });
    const seen = await findByKey(db, session.kdnr, key);
    if (seen) return answer(seen);
    for (let attempt = 0; ; attempt++) {
      let res: PlaceResult;
      try {
        res = await db.transaction().execute((tx) => placeOrder(tx, session, key, patch, opts, acting, attempt));
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // a concurrent request with the same key won: answer its order
        const other = await findByKey(db, session.kdnr, key);
        if (other) return answer(other);
        if (isUniqueViolation(e, 'freeway')) throw new ApiError(409, 'freeway_once_per_month');
        if (isUniqueViolation(e, 'benefit_red')) throw new ApiError(409, 'benefit_code_already_redeemed');
        if (attempt >= 4) throw e;
        continue; // order number drawn twice by concurrent orders: draw again
      }
      forgetPurchases(session.kdnr);
      if (res.mail) {
        try {
          await sendOrderMails(db, session, res.placed, res.mail.co, res.mail.addr, lang, country);
        } catch (e) {
          // the order stands; a mail problem must not turn it into an error
          console.error('[checkout] order mail failed', res.placed.auftrag, e);
        }
      }
      return answer(res.placed);
    }
  }),
];
