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
}
export interface Batch {
  id: number; workId: number; position: number; artnr: string; bezeichnung: string | null;
  verfallsdatum: string | null; herstelldatum: string | null; lot: string; seriennummer: string; hersteller_artnr: string;
  hersteller_lizenz: string; referenz: string; einheit: string; lieferschein: string; seite: string; raw: string; kdnr: number; createdAt: string;
  /** expiry before the day the batch was documented */
  expired: boolean;
}
export interface WorkPage { items: Work[]; page: number; pageSize: number; total: number }

export interface WorkInput { auftragsnummer?: string; auftraggeber?: Partial<Auftraggeber>; subUserId?: number | null }
/** Editable batch fields; empty dates are sent as null (cleared). */
export interface BatchInput {
  artnr?: string; raw?: string; verfallsdatum?: string | null; herstelldatum?: string | null; lot?: string; seriennummer?: string;
  hersteller_artnr?: string; referenz?: string; einheit?: string; lieferschein?: string; seite?: string; position?: number;
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

export interface ScannerUser { id: number; vorname: string; nachname: string; funktionen: string[]; role: 'general' | 'sub' }

/** The chosen scanner user (id above 0 loads that user), else the session's active user. */
export function loadScannerUser(id: number): Promise<ScannerUser> {
  return getWithRetry<ScannerUser>(id > 0 ? `user/${id}` : 'user', { logbook: true });
}

