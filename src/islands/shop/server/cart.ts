// Server side of the cart page (wk): the lines, their pricing and the active user's right to order,
// rendered with the page for the session's customer from the domain functions the cart page's calls
// answer with (GET wkJSON, GET checkout, the customer's active user), called in-process. The CartView
// island then hydrates only when the customer reaches for a quantity, a delete or the checkout.
import { cartLines } from '#server/modules/cart.ts';
import { computeCheckout } from '#server/modules/checkout/compute.ts';
import { currencyOf, subUserOf } from '#server/modules/user.ts';
import { activeUserMay } from '#rules/permissions.ts';
import type { CartFirst } from '../lib/cartView.ts';
import { ssrDb } from './product.ts';

export async function loadCartFirst(a: { kdnr: number; subUserId: number | null; lang: string; country: string }): Promise<CartFirst> {
  const db = await ssrDb();
  const opts = { lang: a.lang, country: a.country };
  const [lines, active, cur] = await Promise.all([
    cartLines(db, a.kdnr, opts),
    a.subUserId ? subUserOf(db, a.kdnr, a.subUserId) : null,
    currencyOf(db, a.country),
  ]);
  // the same pricing GET checkout answers (computeCheckout); the page's summary as the island shows it
  const summary = lines.length ? (await computeCheckout(db, a.kdnr, opts)).summary : null;
  return { kdnr: a.kdnr, currency: cur.code, lines, summary, // a sub-user gone meanwhile may not (the API refuses its order as well)
    mayOrder: a.subUserId && !active ? false : activeUserMay(active, 'order') };
}
