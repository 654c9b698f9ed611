// Order history (section 7): list, pending releases, details by date and number, reorder, release and the
// order statistics. Handlers: server/modules/orders.ts.
import { parseDate } from '../lib/rules/validate.ts';
import { zId, zQty, PageLocale } from './common.ts';
import { TotalsSchema, SummarySchema } from './money.ts';
import { ReleaseReasonSchema } from './release-rules.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

export const pad = (n: number) => String(n).padStart(2, '0');
/** Optional YYYY-M-D query date → YYYY-MM-DD. */
export const zQueryDate = z.string().optional().transform((v, ctx) => {
  if (v === undefined || v.trim() === '') return undefined;
  const d = parseDate(v);
  if (!d) { ctx.addIssue({ code: 'custom', message: 'invalid_date' }); return z.NEVER; }
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
});
export const zPage = z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(100000, 'invalid_input').default(1);
export const zLimit = z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(100, 'invalid_input').default(20);
// ---- schemas ----

export const SummaryOut = z.object({
  auftrag: z.number(), vorgang: z.number(), rechnung: z.number().describe('0 = not invoiced yet'), created_at: z.string(),
  datum: z.string().describe('YYYY-MM-DD (UTC) for the by-date routes'), status: z.string().describe('processing | shipped | delivered | release_pending'),
  total: z.number(), currency: z.string(), positionen: z.number().describe('line count'), rueckstand: z.number().describe('back-ordered lines'),
  release_status: z.enum(['released', 'pending']).or(z.string()),
});
export const ListOut = z.object({
  items: z.array(SummaryOut.extend({
    placedBySubUser: z.number().nullable(),
    releaseReason: ReleaseReasonSchema.nullable().describe('why the order waits or waited for a release (net EUR figures); null when released at once'),
  })),
  page: z.number(), limit: z.number(), total: z.number(),
});
export const LineOut = z.object({
  pos: z.number(), artnr: z.string(), bezeichnung: z.string(), menge: z.number(), preis: z.number(), gesamt: z.number(),
  status: z.string().describe('processing | shipped | delivered | backorder | release_pending'), geliefert: z.number(),
  rueckstand: z.number(), freeGift: z.boolean(), orderable: z.boolean(), zahnlager_slot_id: z.number().nullable(),
});
export const DetailOut = SummaryOut.extend({
  address: z.record(z.string(), z.string()), versandart: z.string(), versanddatum: z.string().nullable(), kommentar: z.string(),
  zahlungsart: z.string(), benefitCode: z.string().nullable(), fwt: z.boolean(), freeGiftArtnr: z.string().nullable(),
  totals: TotalsSchema,
  summary: SummarySchema,
  placedBy: z.object({ id: z.number(), name: z.string() }).nullable(), releasedBy: z.number().nullable().describe('0 = main user'),
  lines: z.array(LineOut),
  documents: z.array(z.object({ id: z.number(), typ: z.string(), nummer: z.string(), datum: z.string(), betrag: z.number(), pdf: z.string() })),
});
export const zYear = z.coerce.number({ error: 'invalid_date' }).int('invalid_date').min(1990, 'invalid_date').max(2999, 'invalid_date');
export const zMonth = z.coerce.number({ error: 'invalid_date' }).int('invalid_date').min(1, 'invalid_date').max(12, 'invalid_date');
export const zDay = z.coerce.number({ error: 'invalid_date' }).int('invalid_date').min(1, 'invalid_date').max(31, 'invalid_date');
export const RangeQuery = z.object({ from: zQueryDate.describe('YYYY-M-D, inclusive'), to: zQueryDate.describe('YYYY-M-D, inclusive') });

export const list = contract({
  method: 'get', path: '/orders', access: 'customer', tag: 'orders',
  summary: 'Order history, newest first: auftrag, vorgang, rechnung, date, status, total, line and back-order counts, release status. Query from/to (YYYY-M-D), page, limit (≤ 100)',
  query: RangeQuery.extend({ page: zPage, limit: zLimit }),
  response: ListOut,
});

export const pending = contract({
  method: 'get', path: '/orders/pending', access: 'customer', tag: 'orders',
  summary: 'Orders waiting for a release (placed by a sub-user without release right, over the account threshold or the buyer\'s monthly budget), each with its releaseReason',
  query: z.object({ page: zPage, limit: zLimit }),
  response: ListOut,
});

export const byDate = contract({
  method: 'get', path: '/orders/by-date/:year/:month/:day/:auftrag', access: 'customer', tag: 'orders',
  summary: 'The order of the meinlabor/historie/auftrag route (date parts must match the order date)',
  params: z.object({ year: zYear, month: zMonth, day: zDay, auftrag: zId }),
  response: DetailOut,
});

export const details = contract({
  method: 'get', path: '/orders/details/:year/:month/:day/:auftrag/:vorgang/:rechnung', access: 'customer', tag: 'orders',
  summary: 'Order details of the zahnlager/bestellhistorie/details route (date, auftrag, vorgang and rechnung must match)',
  params: z.object({ year: zYear, month: zMonth, day: zDay, auftrag: zId, vorgang: zId, rechnung: zId }),
  response: DetailOut,
});

export const byAuftrag = contract({
  method: 'get', path: '/orders/:auftrag', access: 'customer', tag: 'orders',
  summary: 'Order details: lines with status per line (incl. back-ordered quantities), delivery address, totals, documents',
  query: PageLocale,
  params: z.object({ auftrag: zId }),
  response: DetailOut,
});

export const reorder = contract({
  method: 'post', path: '/orders/:auftrag/reorder', access: 'customer', tag: 'orders',
  summary: 'Puts the whole order, or the chosen positions { positions: [pos, …] }, back into the basket (quantities add up, capped at 999); skips lines that cannot be ordered any more. Unknown positions → 400 invalid_position',
  params: z.object({ auftrag: zId }),
  body: z.object({
    positions: z.array(z.number({ error: 'invalid_position' }).int('invalid_position').min(1, 'invalid_position'), { error: 'invalid_position' })
      .min(1, 'invalid_position').max(500, 'invalid_position').optional(),
    lines: z.array(z.object({
      pos: z.number({ error: 'invalid_position' }).int('invalid_position').min(1, 'invalid_position'),
      menge: zQty,
    }), { error: 'invalid_position' }).min(1, 'invalid_position').max(500, 'invalid_position').optional()
      .describe('chosen positions with the quantity to add (the order history\'s per-line reorder)'),
  }),
  response: z.object({
    added: z.array(z.object({ pos: z.number(), artnr: z.string(), menge: z.number() })),
    skipped: z.array(z.object({ pos: z.number(), artnr: z.string(), reason: z.enum(['free_gift', 'unknown', 'out_of_range', 'request_price']) })),
    count: z.number().describe('lines added'), wkcounter: z.number(),
  }),
});

export const release = contract({
  method: 'post', path: '/orders/:auftrag/release', access: 'customer', tag: 'orders',
  summary: 'Releases an order waiting for release (main user or K07 only, else 403 forbidden_function; never the user who placed it: 403 own_order_release); 409 order_not_pending when there is nothing to release',
  params: z.object({ auftrag: zId }),
  response: z.object({ auftrag: z.number(), status: z.string(), release_status: z.string(), releasedBy: z.number() }),
});

export const statistics = contract({
  method: 'get', path: '/statistics/orders', access: 'customer', tag: 'orders',
  summary: 'Order value and count per month or ISO week (group=month|week) for from..to (YYYY-M-D, default the last 12 months); notice statistics_no_data when the range has no orders',
  query: RangeQuery.extend({ group: z.enum(['month', 'week'], { error: 'invalid_input' }).default('month') }),
  response: z.object({
    from: z.string(), to: z.string(), group: z.string(), currency: z.string(),
    periods: z.array(z.object({ period: z.string().describe('YYYY-MM or YYYY-Www'), start: z.string(), count: z.number(), total: z.number() })),
    sum: z.object({ count: z.number(), total: z.number() }),
    notice: z.string().nullable(), message: z.string().nullable(),
  }),
});
