// Quick order: many lines checked at once, into the basket or into an order list.
// Handlers: server/modules/quickorder.ts.
import { zId, PageLocale } from './common.ts';
import { zListName } from './favoriten.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

export const TAG = 'schnellbestellung';
export const zLine = z.object({
  artnr: z.string({ error: 'error_artnr' }).max(200, 'too_long'),
  menge: z.union([z.string().max(20, 'error_menge'), z.number(), z.null()], { error: 'error_menge' }).optional(),
}, { error: 'invalid_input' });
// the 500-line limit is checked in the handler so the answer can name it (error_too_many_lines, max)
export const zLines = z.array(zLine, { error: 'invalid_input' }).max(100_000, 'error_too_many_lines');
export const zArticleOut = z.object({
  Artikelnummer: z.string(), Bezeichnung: z.string(), Gebinde: z.string(), Preis: z.number(), KatPreis: z.number(), Waehrung: z.string(),
  vkz: z.string(), Lieferstatus: z.number(), TempAusSortiment: z.number(),
});
export const zCheckedOut = z.object({
  index: z.number(), input: z.string(), artnr: z.string().nullable(), menge: z.number().nullable(),
  error: z.enum(['error_artnr', 'error_request_price', 'error_out_of_range', 'error_variant_parent', 'error_menge']).nullable(),
  suggestions: z.array(z.string()), article: zArticleOut.nullable(),
});

export const check = contract({
  method: 'post', path: '/schnellbestellung/pruefen', access: 'customer', tag: TAG,
  summary: 'Checks up to 500 lines { lines: [{ artnr, menge? }] } at once: each normalised (section 5) and answered with its article '
    + 'or its own error key (error_artnr, error_request_price, error_out_of_range, error_variant_parent, error_menge) and suggestions; '
    + 'more lines → 400 error_too_many_lines',
  query: PageLocale,
  body: z.object({ lines: zLines }),
  response: z.object({ lines: z.array(zCheckedOut), valid: z.number(), invalid: z.number(), ms: z.number() }),
});

export const toCart = contract({
  method: 'post', path: '/schnellbestellung/wk', access: 'customer', tag: TAG,
  summary: 'Puts the lines into the cart in one transaction (quantities add up, a line stays <= 999): all or nothing; '
    + 'any invalid line → 400 quick_order_invalid with { lines: [{ index, error }] }; needs the order right (main user, K07, K09)',
  query: PageLocale,
  body: z.object({ lines: zLines }),
  response: z.object({ count: z.number(), wkcounter: z.number() }),
});

export const toList = contract({
  method: 'post', path: '/schnellbestellung/liste', access: 'customer', tag: TAG,
  summary: 'Saves the lines as a new order list { lines, name } or imports them into one of the customer\'s lists { lines, listId } '
    + '(quantities add up, capped at 999) in one transaction; invalid lines → 400 quick_order_invalid; a foreign list → 404',
  body: z.object({ lines: zLines, listId: zId.optional(), name: zListName.optional() })
    .refine((b) => (b.listId === undefined) !== (b.name === undefined), 'invalid_input'),
  response: z.object({ listId: z.number(), name: z.string(), count: z.number(), added: z.number() }),
});
