// The logbook (MDR documentation) calls: patient works, the batches used on them, their exports, and
// the scan look-up the scanner and the quick order share.
import { z } from 'zod';
import { ArticleListItem } from './articles.ts';
import { isoDay, zArtnr, zId } from './common.ts';
import { contract } from './contract.ts';
import { parseDate } from '../lib/rules/validate.ts';

const TAG = 'logbook';

const zTxt = (max: number) => z.string({ error: 'invalid_input' }).trim().max(max, 'too_long');
const zDateField = z.union([z.string(), z.null()], { error: 'invalid_date' }).optional()
  .refine((v) => v === undefined || v === null || v.trim() === '' || parseDate(v.trim()) !== null, 'invalid_date')
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : isoDay(v.trim().slice(0, 10))));

const zAuftraggeber = z.object({ name: zTxt(200).optional(), referenz: zTxt(200).optional(), info: zTxt(2000).optional() }, { error: 'invalid_input' });
export const WorkBody = z.object({
  auftragsnummer: z.string({ error: 'order_number_required' }).trim().max(60, 'too_long').optional(),
  auftraggeber: zAuftraggeber.optional(),
  subUserId: zId.nullable().optional(),
  /** MDR case file (Annex XIII): device, patient code (name, acronym or number), flags and the requirements not fully met */
  geraet: zTxt(300).optional(), patientCode: zTxt(60).optional(),
  implantierbar: z.boolean({ error: 'invalid_input' }).optional(), arzneimittel: z.boolean({ error: 'invalid_input' }).optional(),
  gewebe: z.boolean({ error: 'invalid_input' }).optional(), abweichungen: zTxt(4000).optional(),
});
export type WorkBody = z.infer<typeof WorkBody>;
/** A work as a form sends it. */
export type WorkInput = z.input<typeof WorkBody>;
export const BatchBody = z.object({
  artnr: zArtnr.optional(),
  raw: zTxt(500).optional(),
  verfallsdatum: zDateField, herstelldatum: zDateField,
  lot: zTxt(100).optional(), seriennummer: zTxt(100).optional(), hersteller_artnr: zTxt(60).optional(),
  referenz: zTxt(100).optional(), einheit: zTxt(40).optional(), lieferschein: zTxt(60).optional(), seite: zTxt(20).optional(),
  position: z.coerce.number({ error: 'invalid_position' }).int('invalid_position').min(1, 'invalid_position').max(9999, 'invalid_position').optional(),
  hersteller: zTxt(200).optional(), gtin: z.string({ error: 'invalid_input' }).trim().regex(/^(\d{8}|\d{12,14})?$/, 'invalid_input').optional(),
  menge: z.coerce.number({ error: 'invalid_input' }).positive('invalid_input').max(100000, 'invalid_input').optional(),
  /** the user saw the warning and documents an expired batch anyway */
  confirmExpired: z.boolean({ error: 'invalid_input' }).optional(),
});
export type BatchBody = z.infer<typeof BatchBody>;
/** Batch fields as a form sends them; empty dates are sent as null (cleared). */
export type BatchInput = z.input<typeof BatchBody>;

export const Batch = z.object({
  id: z.number(), workId: z.number(), position: z.number(), artnr: z.string(), bezeichnung: z.string().nullable(),
  verfallsdatum: z.string().nullable(), herstelldatum: z.string().nullable(), lot: z.string(), seriennummer: z.string(),
  hersteller_artnr: z.string(), hersteller_lizenz: z.string(), referenz: z.string(), einheit: z.string(), lieferschein: z.string(),
  seite: z.string(), raw: z.string(), kdnr: z.number(), createdAt: z.string(),
  /** expiry before the day the batch was documented */
  expired: z.boolean(),
  /** expiry passed or within 30 days from today (MDR expiry flag) */
  expiresSoon: z.boolean(),
  hersteller: z.string(), gtin: z.string(), menge: z.number(),
  /** the technician who documented it (acting sub-user; null = main user) */
  subUserId: z.number().nullable(),
});
export type Batch = z.infer<typeof Batch>;
export const Work = z.object({
  id: z.number(), auftragsnummer: z.string(), auftraggeber: z.object({ name: z.string(), referenz: z.string(), info: z.string() }),
  subUserId: z.number().nullable(), subUser: z.object({ id: z.number(), vorname: z.string(), nachname: z.string() }).nullable(),
  createdAt: z.string(), updatedAt: z.string(), batchCount: z.number(),
  geraet: z.string(), patientCode: z.string(), implantierbar: z.boolean(), arzneimittel: z.boolean(), gewebe: z.boolean(), abweichungen: z.string(),
  /** first day the work may be deleted (10 years, 15 when implantable) */
  retainUntil: z.string(),
});
export type Work = z.infer<typeof Work>;
export const WorkPage = z.object({ items: z.array(Work), page: z.number(), pageSize: z.number(), total: z.number() });
export type WorkPage = z.infer<typeof WorkPage>;
export const WorkWithBatches = Work.extend({ batches: z.array(Batch) });
export type WorkWithBatches = z.infer<typeof WorkWithBatches>;

/** What a scanned code says (src/lib/codes: ScanResult). */
export const ScanResult = z.object({
  type: z.enum(['gs1', 'hibc', 'artnr', 'url', 'unknown']), raw: z.string(), gtin: z.string().optional(), artnr: z.string().optional(), lot: z.string().optional(),
  serial: z.string().optional(), expiry: z.string().optional(), production: z.string().optional(), manufacturerArtnr: z.string().optional(),
  licence: z.string().optional(), quantity: z.number().optional(), unit: z.string().optional(),
  ais: z.record(z.string(), z.string()).optional(), errors: z.array(z.string()), valid: z.boolean(),
});
export const ScanResolution = z.object({
  scan: ScanResult, article: ArticleListItem.nullable(), vkz: z.string().nullable(), error: z.literal('no_product_found').optional(),
});
export type ScanResolution = z.infer<typeof ScanResolution>;

export const zRange = z.object({
  from: z.string().refine((s) => parseDate(s) !== null, 'invalid_date').optional(),
  to: z.string().refine((s) => parseDate(s) !== null, 'invalid_date').optional(),
});
const zWorkParams = z.object({ id: zId });
const zBatchParams = z.object({ id: zId, batchId: zId });

export const works = contract({
  method: 'get', path: '/logbook/works', access: 'customer', tag: TAG,
  summary: 'Patient works, newest first; q searches order number, client name/reference and the lots/article numbers of their batches',
  query: z.object({
    q: z.string().max(100, 'too_long').optional(),
    page: z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(100000, 'invalid_input').optional(),
    subUserId: zId.optional(),
  }),
  response: WorkPage,
});

export const createWork = contract({
  method: 'post', path: '/logbook/works', access: 'customer', tag: TAG,
  summary: 'Creates a patient work { auftragsnummer (required → 400 order_number_required), auftraggeber { name, referenz, info }, subUserId? }; needs the document function',
  body: WorkBody,
  response: Work,
});

export const work = contract({
  method: 'get', path: '/logbook/works/:id', access: 'customer', tag: TAG,
  summary: 'One patient work with its batches',
  params: zWorkParams,
  response: WorkWithBatches,
});

export const updateWork = contract({
  method: 'put', path: '/logbook/works/:id', access: 'customer', tag: TAG,
  summary: 'Changes a patient work (fields given are replaced); needs the document function',
  params: zWorkParams,
  body: WorkBody,
  response: Work,
});

export const deleteWork = contract({
  method: 'delete', path: '/logbook/works/:id', access: 'customer', tag: TAG,
  summary: 'Deletes a patient work with its batches; needs the document function. Before the retention period ends (10 years from the work\'s day, 15 when implantable) 409 error_retention_period { retainUntil }',
  params: zWorkParams,
  response: z.object({ deleted: z.number(), batches: z.number() }),
});

export const addBatch = contract({
  method: 'post', path: '/logbook/works/:id/batches', access: 'customer', tag: TAG,
  summary: 'Documents a batch: artnr (must exist → 400 error_artnr); raw = the scanned code, parsed server-side (lot, expiry, production, serial, '
    + 'manufacturer article number and licence); explicit fields win; position defaults to the next one; needs the document function. '
    + 'An expiry before today answers 409 error_batch_expired unless confirmExpired is true; the same serial number of an article twice on a work 409 error_serial_duplicate',
  params: zWorkParams,
  body: BatchBody,
  response: Batch,
});

export const updateBatch = contract({
  method: 'put', path: '/logbook/works/:id/batches/:batchId', access: 'customer', tag: TAG,
  summary: 'Changes a batch (fields given are replaced; a new raw code is parsed again); needs the document function',
  params: zBatchParams,
  body: BatchBody,
  response: Batch,
});

export const deleteBatch = contract({
  method: 'delete', path: '/logbook/works/:id/batches/:batchId', access: 'customer', tag: TAG,
  summary: 'Deletes a batch; needs the document function. Refused like the work before the retention period ends (409 error_retention_period)',
  params: zBatchParams,
  response: z.object({ deleted: z.number() }),
});

export const workCsv = contract({
  method: 'get', path: '/logbook/works/:id/export.csv', access: 'customer', tag: TAG, rawResponse: true,
  summary: 'CSV (semicolon, UTF-8 with BOM) of one work: one row per batch with all batch fields, customer number and manufacturer licence',
  params: zWorkParams,
});

export const exportCsv = contract({
  method: 'get', path: '/logbook/export.csv', access: 'customer', tag: TAG, rawResponse: true,
  summary: 'CSV of all batches documented from … to (YYYY-M-D, inclusive; both optional)',
  query: zRange,
});

export const workPdf = contract({
  method: 'get', path: '/logbook/works/:id/export.pdf', access: 'customer', tag: TAG, rawResponse: true,
  summary: 'PDF table of one work\'s batches',
  params: zWorkParams,
});

export const exportPdf = contract({
  method: 'get', path: '/logbook/export.pdf', access: 'customer', tag: TAG, rawResponse: true,
  summary: 'PDF table of all batches documented from … to',
  query: zRange,
});

export const resolveScan = contract({
  method: 'get', path: '/scan/resolve', access: 'public', tag: 'scan',
  summary: 'Parses a scanned code (GS1/HIBC/shop label URL/plain number) and finds the article by article number, GTIN or manufacturer article '
    + 'number (+ HIBC licence); no match → 200 { article: null, error: no_product_found }',
  query: z.object({ code: z.string({ error: 'invalid_input' }).min(1, 'invalid_input').max(500, 'too_long') }),
  response: ScanResolution,
});
