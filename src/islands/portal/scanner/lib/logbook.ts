// Calls of the scanner and the logbook: code → article, patient works and their batches, exports,
// and the scanner user (logbook API, retried once as section 7 asks).
import type { BatchInput, ScanResolution, WorkInput } from '#api/logbook.ts';
import { request, requestWithRetry, routeUrl, type ApiResult } from '#lib/api.ts';

export type { Batch, BatchInput, Work, WorkInput, WorkPage, WorkWithBatches } from '#api/logbook.ts';
export type { ExpiringItem, Recall } from '#api/mdr.ts';
export type Resolved = ScanResolution;

export function resolveCode(code: string, signal?: AbortSignal): Promise<ScanResolution> {
  return request('GET /api/scan/resolve', { query: { code }, signal });
}

export const logbook = {
  works: (q = '', page = 1, signal?: AbortSignal) =>
    request('GET /api/logbook/works', { query: { page, q: q.trim() || undefined }, signal }),
  work: (id: number) => request('GET /api/logbook/works/:id', { params: { id } }),
  createWork: (body: WorkInput) => request('POST /api/logbook/works', { body }),
  updateWork: (id: number, body: WorkInput) => request('PUT /api/logbook/works/:id', { params: { id }, body }),
  deleteWork: (id: number) => request('DELETE /api/logbook/works/:id', { params: { id } }),
  addBatch: (workId: number, body: BatchInput) => request('POST /api/logbook/works/:id/batches', { params: { id: workId }, body }),
  updateBatch: (workId: number, batchId: number, body: BatchInput) =>
    request('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: workId, batchId }, body }),
  deleteBatch: (workId: number, batchId: number) => request('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: workId, batchId } }),
};

/** Download addresses of the exports (the browser sends the session cookie). */
export const exportUrl = {
  work: (id: number, kind: 'csv' | 'pdf') => routeUrl(`GET /api/logbook/works/:id/export.${kind}`, { params: { id } }).url,
  all: (kind: 'csv' | 'pdf', from?: string, to?: string) =>
    routeUrl(`GET /api/logbook/export.${kind}`, { query: { from: from || undefined, to: to || undefined } }).url,
};

// ---- MDR case file: lot recall, expiring stock, documents of a work, the auditor's ZIP

/** lot typed (or a code pasted into it); code = a code scanned on the scanner page, whose LOT the server takes */
export interface RecallQuery { lot: string; code?: string; artnr?: string; hersteller?: string }
function recallParams(q: RecallQuery): { lot?: string; code?: string; artnr?: string; hersteller?: string } {
  // a scanned code (GS1/HIBC with AI 10) is sent as code: the server takes its LOT
  const lot = q.lot.trim();
  const code = q.code || (/^\(\d\d\)|^\]d2|^\+|^\x1d/.test(lot) ? lot : undefined);
  return { ...(code ? { code } : { lot }), artnr: q.artnr?.trim() || undefined, hersteller: q.hersteller?.trim() || undefined };
}

export const mdr = {
  recall: (q: RecallQuery) => request('GET /api/mdr/recall', { query: recallParams(q) }),
  recallCsvUrl: (q: RecallQuery) => routeUrl('GET /api/mdr/recall.csv', { query: recallParams(q) }).url,
  expiring: () => request('GET /api/mdr/expiring'),
  statementUrl: (id: number) => routeUrl('GET /api/mdr/works/:id/statement.pdf', { params: { id } }).url,
  ledgerUrl: (id: number, kind: 'csv' | 'pdf') => routeUrl(`GET /api/mdr/works/:id/ledger.${kind}`, { params: { id } }).url,
  zipUrl: (from: string, to: string) => routeUrl('GET /api/mdr/export.zip', { query: { from, to } }).url,
};

export type ScannerUser = ApiResult<'GET /api/logbook/user'>;

/** The chosen scanner user (id above 0 loads that user), else the session's active user. */
export function loadScannerUser(id: number): Promise<ScannerUser> {
  return id > 0 ? requestWithRetry('GET /api/logbook/user/:id', { params: { id } }) : requestWithRetry('GET /api/logbook/user');
}

