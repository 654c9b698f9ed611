// Taking quantities out of the basket without touching what was added meanwhile: a line is reduced by the
// quantity taken and deleted only when nothing is left. An add that committed after the caller read the basket
// (another tab, a scan) stays in it: an order takes what it ordered, not the whole basket.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** Takes `taken` (article → quantity) out of the customer's basket, inside the caller's transaction. */
export async function takeFromCart(tx: Db, kdnr: number, taken: ReadonlyMap<string, number>): Promise<void> {
  // grouped by quantity: one delete and one update per distinct quantity instead of two statements per line
  const byQty = new Map<number, string[]>();
  for (const [artnr, n] of taken) {
    const same = byQty.get(n);
    if (same) same.push(artnr); else byQty.set(n, [artnr]);
  }
  for (const [n, artnrs] of byQty) {
    // a line changed by a parallel add waits for it (row lock) and is judged by its new quantity
    await tx.deleteFrom('cart_items').where('kdnr', '=', kdnr).where('artnr', 'in', artnrs).where('menge', '<=', n).execute();
    await tx.updateTable('cart_items').set({ menge: sql<number>`menge - ${n}` })
      .where('kdnr', '=', kdnr).where('artnr', 'in', artnrs).where('menge', '>', n).execute();
  }
}
