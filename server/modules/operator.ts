// The operator's calls (price import, exchange rates): server-to-server with the shared secret
// OPERATOR_SECRET (header x-operator-secret, compared in constant time; none configured: 503). They go
// to any one instance; the write invalidates the caches of every instance (server/lib/price-updates.ts).
import { z } from 'zod';
import type { Context } from 'hono';
import { config } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import { defineRoute, zArtnr, type AnyRoute } from '../http/route.ts';
import { setArticlePrices, setCurrencyRates } from '../lib/price-updates.ts';
import { sameSecret } from './cms.ts';

function checkOperator(c: Context): void {
  if (!config.operatorSecret) throw new ApiError(503, 'operator_disabled');
  const given = c.req.header('x-operator-secret') ?? '';
  if (!given || !sameSecret(given, config.operatorSecret)) throw new ApiError(401, 'unauthorized');
}

const zEur = z.number().nonnegative().max(1_000_000);

export const routes: AnyRoute[] = [
  defineRoute({
    method: 'post', path: '/operator/prices', access: 'public', tag: 'system',
    summary: 'Operator price import: sets article prices in EUR (preis, optionally katPreis) in one transaction, served by every instance from the answer on (shared secret OPERATOR_SECRET in x-operator-secret, else 401, none configured: 503)',
    body: z.object({ prices: z.array(z.object({ artikelnummer: zArtnr, preis: zEur, katPreis: zEur.optional() })).min(1).max(100_000) }),
    response: z.object({ updated: z.array(z.string()) }),
    handler: async ({ c, db, body }) => {
      checkOperator(c);
      const updated = await setArticlePrices(db, body.prices.map((p) => ({ artnr: p.artikelnummer, preis: p.preis, katPreis: p.katPreis })));
      return { updated };
    },
  }),
  defineRoute({
    method: 'post', path: '/operator/currencies', access: 'public', tag: 'system',
    summary: 'Operator exchange rates: sets the rate (units per EUR) of currencies, used by every instance from the answer on (shared secret as for /operator/prices)',
    body: z.object({ rates: z.array(z.object({ code: z.string().regex(/^[A-Z]{3}$/, 'invalid_currency'), rate: z.number().positive().max(1_000_000) })).min(1).max(200) }),
    response: z.object({ updated: z.array(z.string()) }),
    handler: async ({ c, db, body }) => {
      checkOperator(c);
      return { updated: await setCurrencyRates(db, body.rates) };
    },
  }),
];
