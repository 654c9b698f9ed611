// The documents of the last 24 months (section 9): types with counts, the list of one type, the PDFs.
import { z } from 'zod';
import { contract } from './contract.ts';

const TAG = 'documents';
export const DOCUMENTS_PAGE_SIZE = 50;

export const DocumentItem = z.object({
  id: z.string(), typ: z.string(), nummer: z.string(), datum: z.string(), betrag: z.number().nullable(), currency: z.string(),
  auftrag: z.number().nullable(), bezeichnung: z.string().nullable(), pdf: z.string(),
});
export type DocumentItem = z.infer<typeof DocumentItem>;
export const DocumentTypes = z.object({ from: z.string(), types: z.array(z.object({ typ: z.string(), count: z.number() })) });
export type DocumentTypes = z.infer<typeof DocumentTypes>;
export const DocumentPage = z.object({ typ: z.string(), from: z.string(), total: z.number(), page: z.number(), pageSize: z.number(), items: z.array(DocumentItem) });
export type DocumentPage = z.infer<typeof DocumentPage>;

export const types = contract({
  method: 'get', path: '/documents/types', access: 'customer', tag: TAG,
  summary: 'Document types with their number of documents in the last 24 months (from = first day of the period)',
  response: DocumentTypes,
});

export const list = contract({
  method: 'get', path: '/documents/typ/:typ', access: 'customer', tag: TAG,
  summary: `Documents of one type of the last 24 months, newest first, ${DOCUMENTS_PAGE_SIZE} per page; q filters by document/order number (article number for per-article types)`,
  params: z.object({ typ: z.string() }),
  query: z.object({
    page: z.coerce.number({ error: 'invalid_page' }).int('invalid_page').min(1, 'invalid_page').max(10000, 'invalid_page').default(1),
    q: z.string().trim().max(40, 'too_long').regex(/^[\w.\- ]*$/, 'invalid_input').default(''),
  }),
  response: DocumentPage,
});

export const file = contract({
  method: 'get', path: '/documents/:typ/:file', access: 'customer', tag: TAG, rawResponse: true,
  summary: 'One document as PDF: /documents/{typ}/{id}.pdf (id = document id, or article number for konformitaet/sicherheitsdatenblatt); '
    + 'documents of other customers or older than 24 months answer 404',
  params: z.object({ typ: z.string(), file: z.string() }),
});
