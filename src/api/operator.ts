// The operator's calls (price import, exchange rates): server to server, shared secret OPERATOR_SECRET.
import { z } from 'zod';
import { zArtnr } from './common.ts';
import { contract } from './contract.ts';

const zEur = z.number().nonnegative().max(1_000_000);
const Updated = z.object({ updated: z.array(z.string()) });

export const prices = contract({
  method: 'post', path: '/operator/prices', access: 'public', tag: 'system',
  summary: 'Operator price import: sets article prices in EUR (preis, optionally katPreis) in one transaction, served by every instance from the answer on (shared secret OPERATOR_SECRET in x-operator-secret, else 401, none configured: 503)',
  body: z.object({ prices: z.array(z.object({ artikelnummer: zArtnr, preis: zEur, katPreis: zEur.optional() })).min(1).max(100_000) }),
  response: Updated,
});

export const currencies = contract({
  method: 'post', path: '/operator/currencies', access: 'public', tag: 'system',
  summary: 'Operator exchange rates: sets the rate (units per EUR) of currencies, used by every instance from the answer on (shared secret as for /operator/prices)',
  body: z.object({ rates: z.array(z.object({ code: z.string().regex(/^[A-Z]{3}$/, 'invalid_currency'), rate: z.number().positive().max(1_000_000) })).min(1).max(200) }),
  response: Updated,
});
