// The operator's calls (price import, exchange rates): server-to-server with the shared secret
// OPERATOR_SECRET (header x-operator-secret, compared in constant time; none configured: 503). They go
// to any one instance; the write invalidates the caches of every instance (server/lib/price-updates.ts).
import type { Context } from 'hono';
import { config } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import * as calls from '#api/operator.ts';
import { setArticlePrices, setCurrencyRates } from '../lib/price-updates.ts';
import { sameSecret } from './cms.ts';

function checkOperator(c: Context): void {
  if (!config.operatorSecret) throw new ApiError(503, 'operator_disabled');
  const given = c.req.header('x-operator-secret') ?? '';
  if (!given || !sameSecret(given, config.operatorSecret)) throw new ApiError(401, 'unauthorized');
}

export const routes: AnyRoute[] = [
  defineRoute(calls.prices, async ({ c, db, body }) => {
    checkOperator(c);
    const updated = await setArticlePrices(db, body.prices.map((p) => ({ artnr: p.artikelnummer, preis: p.preis, katPreis: p.katPreis })));
    return { updated };
  }),
  defineRoute(calls.currencies, async ({ c, db, body }) => {
    checkOperator(c);
    return { updated: await setCurrencyRates(db, body.rates) };
  }),
];
