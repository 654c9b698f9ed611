// The writes of prices and currency rates (the operator's price import, server/modules/operator.ts):
// each commits, then tells every instance's caches (bus topics of server/lib/cache-topics.ts), so no
// instance serves the old price after the answer (on other hosts: once PostgreSQL delivered the notice).
import type { Db } from '../db/index.ts';
import { invalidate } from './bus.ts';
import { EVERY_KEY } from './cache.ts';
import { TOPIC } from './cache-topics.ts';

const cents = (eur: number) => Math.round(eur * 100) / 100;

export interface PriceChange { artnr: string; preis: number; katPreis?: number }

/** Sets article prices (EUR) in one transaction; answers the article numbers that exist and changed. */
export async function setArticlePrices(db: Db, changes: readonly PriceChange[]): Promise<string[]> {
  const done = await db.transaction().execute(async (tx) => {
    const out: string[] = [];
    for (const c of changes) {
      const r = await tx.updateTable('articles')
        .set({ preis: cents(c.preis), ...(c.katPreis === undefined ? {} : { kat_preis: cents(c.katPreis) }) })
        .where('artnr', '=', c.artnr).executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) out.push(c.artnr);
    }
    return out;
  });
  // a large import drops the whole catalogue once instead of sending thousands of notices
  if (done.length > 100) invalidate(TOPIC.prices, EVERY_KEY);
  else for (const artnr of done) invalidate(TOPIC.prices, artnr);
  return done;
}

/** Sets exchange rates (units per EUR); answers the currency codes that exist. */
export async function setCurrencyRates(db: Db, rates: readonly { code: string; rate: number }[]): Promise<string[]> {
  const done = await db.transaction().execute(async (tx) => {
    const out: string[] = [];
    for (const r of rates) {
      const u = await tx.updateTable('currencies').set({ rate: r.rate }).where('code', '=', r.code).executeTakeFirst();
      if (Number(u.numUpdatedRows) > 0) out.push(r.code);
    }
    return out;
  });
  // the currency caches are keyed by country: a rate concerns every country paying in it
  if (done.length) invalidate(TOPIC.currencies, EVERY_KEY);
  return done;
}
