// Calls of the scanner and the logbook: code → article, patient works and their batches, exports,
// and the scanner user (logbook API, retried once as section 7 asks).
import { api, apiUrl, getWithRetry } from '../../../../lib/api.ts';
import type { ScanResult } from '../../../../lib/codes/index.ts';
import type { ArticleItem } from '../../../shop/lib/article.ts';

export interface Resolved { scan: ScanResult; article: ArticleItem | null; vkz: string | null; error?: string }

export function resolveCode(code: string, signal?: AbortSignal): Promise<Resolved> {
  return api.get<Resolved>(`scan/resolve?code=${encodeURIComponent(code)}`, { signal });
}

export interface Auftraggeber { name: string; referenz: string; info: string }
export interface Work {
  id: number; auftragsnummer: string; auftraggeber: Auftraggeber; subUserId: number | null;
  subUser: { id: number; vorname: string; nachname: string } | null; createdAt: string; updatedAt: string; batchCount: number;
  /** MDR case file (Annex XIII) */
  geraet: string; patientCode: string; implantierbar: boolean; arzneimittel: boolean; gewebe: boolean; abweichungen: string;
  /** first day the work may be deleted */
  retainUntil: string;
}
export interface Batch {
  id: number; workId: number; position: number; artnr: string; bezeichnung: string | null;
  verfallsdatum: string | null; herstelldatum: string | null; lot: string; seriennummer: string; hersteller_artnr: string;
  hersteller_lizenz: string; referenz: string; einheit: string; lieferschein: string; seite: string; raw: string; kdnr: number; createdAt: string;
  /** expiry before the day the batch was documented */
  expired: boolean;
  /** expiry passed or within 30 days from today */
  expiresSoon: boolean;
  hersteller: string; gtin: string; menge: number; subUserId: number | null;
}
export interface WorkPage { items: Work[]; page: number; pageSize: number; total: number }

export interface WorkInput {
  auftragsnummer?: string; auftraggeber?: Partial<Auftraggeber>; subUserId?: number | null;
  geraet?: string; patientCode?: string; implantierbar?: boolean; arzneimittel?: boolean; gewebe?: boolean; abweichungen?: string;
}
/** Editable batch fields; empty dates are sent as null (cleared). */
export interface BatchInput {
  artnr?: string; raw?: string; verfallsdatum?: string | null; herstelldatum?: string | null; lot?: string; seriennummer?: string;
  hersteller_artnr?: string; referenz?: string; einheit?: string; lieferschein?: string; seite?: string; position?: number;
  hersteller?: string; menge?: number;
  /** the user saw the expiry warning and documents the expired batch anyway */
  confirmExpired?: boolean;
}

export const logbook = {
  works: (q = '', page = 1, signal?: AbortSignal) =>
    api.get<WorkPage>(`logbook/works?page=${page}${q.trim() ? `&q=${encodeURIComponent(q.trim())}` : ''}`, { signal }),
  work: (id: number) => api.get<Work & { batches: Batch[] }>(`logbook/works/${id}`),
  createWork: (w: WorkInput) => api.post<Work>('logbook/works', w),
  updateWork: (id: number, w: WorkInput) => api.put<Work>(`logbook/works/${id}`, w),
  deleteWork: (id: number) => api.del<{ deleted: number }>(`logbook/works/${id}`),
  addBatch: (workId: number, b: BatchInput) => api.post<Batch>(`logbook/works/${workId}/batches`, b),
  updateBatch: (workId: number, id: number, b: BatchInput) => api.put<Batch>(`logbook/works/${workId}/batches/${id}`, b),
  deleteBatch: (workId: number, id: number) => api.del<{ deleted: number }>(`logbook/works/${workId}/batches/${id}`),
};

/** Download addresses of the exports (the browser sends the session cookie). */
export const exportUrl = {
  work: (id: number, kind: 'csv' | 'pdf') => apiUrl(`logbook/works/${id}/export.${kind}`),
  all: (kind: 'csv' | 'pdf', from?: string, to?: string) => {
    const q = new URLSearchParams();
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    const s = q.toString();
    return apiUrl(`logbook/export.${kind}${s ? `?${s}` : ''}`);
  },
};

// ---- MDR case file: lot recall, expiring stock, documents of a work, the auditor's ZIP

/** lot typed (or a code pasted into it); code = a code scanned on the scanner page, whose LOT the server takes */
export interface RecallQuery { lot: string; code?: string; artnr?: string; hersteller?: string }
export interface RecallWork {
  workId: number; auftragsnummer: string; patientCode: string; geraet: string; auftraggeber: string; createdAt: string;
  batches: { id: number; position: number; artnr: string; lot: string; seriennummer: string; verfallsdatum: string | null; hersteller: string }[];
}
export interface RecallStock {
  slotId: number; schublade: string; schrank: string; zeile: number; spalte: number; artnr: string; bezeichnung: string | null;
  lot: string; verfallsdatum: string | null; match: 'lot' | 'article';
}
export interface Recall { lot: string; works: RecallWork[]; stock: RecallStock[] }
export interface ExpiringItem {
  source: 'stock' | 'logbook'; artnr: string; bezeichnung: string | null; lot: string; verfallsdatum: string; expired: boolean;
  slotId: number | null; schublade: string | null; zeile: number | null; spalte: number | null;
}

function recallParams(q: RecallQuery): string {
  const p = new URLSearchParams();
  // a scanned code (GS1/HIBC with AI 10) is sent as code: the server takes its LOT
  if (q.code) p.set('code', q.code);
  else if (/^\(\d\d\)|^\]d2|^\+|^\x1d/.test(q.lot.trim())) p.set('code', q.lot.trim());
  else p.set('lot', q.lot.trim());
  if (q.artnr?.trim()) p.set('artnr', q.artnr.trim());
  if (q.hersteller?.trim()) p.set('hersteller', q.hersteller.trim());
  return p.toString();
}

export const mdr = {
  recall: (q: RecallQuery) => api.get<Recall>(`mdr/recall?${recallParams(q)}`),
  recallCsvUrl: (q: RecallQuery) => apiUrl(`mdr/recall.csv?${recallParams(q)}`),
  expiring: () => api.get<{ items: ExpiringItem[] }>('mdr/expiring'),
  statementUrl: (id: number) => apiUrl(`mdr/works/${id}/statement.pdf`),
  ledgerUrl: (id: number, kind: 'csv' | 'pdf') => apiUrl(`mdr/works/${id}/ledger.${kind}`),
  zipUrl: (from: string, to: string) => apiUrl(`mdr/export.zip?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
};

export interface ScannerUser { id: number; vorname: string; nachname: string; funktionen: string[]; role: 'general' | 'sub' }

/** The chosen scanner user (id above 0 loads that user), else the session's active user. */
export function loadScannerUser(id: number): Promise<ScannerUser> {
  return getWithRetry<ScannerUser>(id > 0 ? `user/${id}` : 'user', { logbook: true });
}

