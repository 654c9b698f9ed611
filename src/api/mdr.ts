// The MDR calls: Annex XIII statement and material ledger of a patient work, the auditor's ZIP, the lot
// recall, expiring stock and the LOT/expiry of tooth-storage stock.
import { z } from 'zod';
import { zArtnr, zId } from './common.ts';
import { contract } from './contract.ts';
import { parseDate } from '../lib/rules/validate.ts';

const TAG = 'mdr';

export const RecallQuery = z.object({
  lot: z.string().trim().max(100, 'too_long').optional(),
  /** a scanned code: its LOT (and GTIN) are used when lot is not given */
  code: z.string().max(500, 'too_long').optional(),
  artnr: zArtnr.optional(),
  hersteller: z.string().trim().max(200, 'too_long').optional(),
});
export type RecallQuery = z.infer<typeof RecallQuery>;

export const RecallWork = z.object({
  workId: z.number(), auftragsnummer: z.string(), patientCode: z.string(), geraet: z.string(), auftraggeber: z.string(), createdAt: z.string(),
  batches: z.array(z.object({ id: z.number(), position: z.number(), artnr: z.string(), lot: z.string(), seriennummer: z.string(), verfallsdatum: z.string().nullable(), hersteller: z.string() })),
});
export const RecallStock = z.object({
  slotId: z.number(), schublade: z.string(), schrank: z.string(), zeile: z.number(), spalte: z.number(), artnr: z.string(),
  bezeichnung: z.string().nullable(), lot: z.string(), verfallsdatum: z.string().nullable(),
  /** lot: the slot carries this LOT; article: the slot holds the article of a recalled batch but no LOT is recorded for it */
  match: z.enum(['lot', 'article']),
});
export type RecallWork = z.infer<typeof RecallWork>;
export const Recall = z.object({ lot: z.string(), works: z.array(RecallWork), stock: z.array(RecallStock) });
export type Recall = z.infer<typeof Recall>;

const zWorkParams = z.object({ id: zId });
const zRange = z.object({
  from: z.string({ error: 'invalid_date' }).refine((s) => parseDate(s) !== null, 'invalid_date'),
  to: z.string({ error: 'invalid_date' }).refine((s) => parseDate(s) !== null, 'invalid_date'),
});
export const ExpiringItem = z.object({
  source: z.enum(['stock', 'logbook']), artnr: z.string(), bezeichnung: z.string().nullable(), lot: z.string(), verfallsdatum: z.string(),
  expired: z.boolean(), slotId: z.number().nullable(), schublade: z.string().nullable(), zeile: z.number().nullable(), spalte: z.number().nullable(),
});
export type ExpiringItem = z.infer<typeof ExpiringItem>;

export const statementPdf = contract({
  method: 'get', path: '/mdr/works/:id/statement.pdf', access: 'customer', tag: TAG, rawResponse: true,
  params: zWorkParams,
  summary: 'Annex XIII statement of the work\'s custom-made device as PDF in the customer\'s language (lab from the customer data, device, patient code, prescriber, conformity with Annex I, requirements not fully met, medicinal substances / tissues)',
});

export const ledgerCsv = contract({
  method: 'get', path: '/mdr/works/:id/ledger.csv', access: 'customer', tag: TAG, rawResponse: true,
  params: zWorkParams,
  summary: 'Material ledger of the work as CSV (semicolon, UTF-8 BOM): position, date, technician, manufacturer, REF, article, designation, LOT, serial, expiry, UDI-DI/GTIN, quantity, unit, expired',
});

export const ledgerPdf = contract({
  method: 'get', path: '/mdr/works/:id/ledger.pdf', access: 'customer', tag: TAG, rawResponse: true,
  params: zWorkParams,
  summary: 'Material ledger of the work as PDF (same rows as the CSV)',
});

export const exportZip = contract({
  method: 'get', path: '/mdr/export.zip', access: 'customer', tag: TAG, rawResponse: true,
  query: zRange,
  summary: 'ZIP for an auditor: statement PDF, ledger CSV and ledger PDF of every work created from … to (YYYY-M-D, inclusive), in folders per work',
});

export const recall = contract({
  method: 'get', path: '/mdr/recall', access: 'customer', tag: TAG,
  query: RecallQuery,
  summary: 'Lot recall: every patient work that used the LOT (case-insensitive; optionally narrowed by article/manufacturer article number or manufacturer) and the tooth-storage slots that hold it '
    + '(match lot) or hold the article of a recalled batch without a recorded LOT (match article); code = a scanned code whose LOT is used. No lot → 400 lot_required',
  response: Recall,
});

export const recallCsv = contract({
  method: 'get', path: '/mdr/recall.csv', access: 'customer', tag: TAG, rawResponse: true,
  query: RecallQuery,
  summary: 'The lot recall list as CSV (one row per batch of a work and per tooth-storage slot)',
});

export const expiring = contract({
  method: 'get', path: '/mdr/expiring', access: 'customer', tag: TAG,
  summary: 'Expiring stock: tooth-storage slots whose expiry is past or within 30 days, and documented lots expiring within 30 days (what the daily mail lists)',
  response: z.object({ items: z.array(ExpiringItem) }),
});

export const updateStock = contract({
  method: 'put', path: '/mdr/stock/:id', access: 'customer', tag: TAG,
  params: zWorkParams,
  summary: 'Records LOT and expiry of the stock in a tooth-storage slot { lot, verfallsdatum (YYYY-M-D or null) }; needs the document function',
  body: z.object({
    lot: z.string({ error: 'invalid_input' }).trim().max(100, 'too_long').optional(),
    verfallsdatum: z.union([z.string(), z.null()], { error: 'invalid_date' }).optional()
      .refine((v) => v === undefined || v === null || v.trim() === '' || parseDate(v.trim()) !== null, 'invalid_date'),
  }),
  response: z.object({ id: z.number(), lot: z.string(), verfallsdatum: z.string().nullable(), expiresSoon: z.boolean() }),
});
