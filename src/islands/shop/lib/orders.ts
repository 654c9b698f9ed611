// Order history calls (meinlabor, konto, historie). The orders API's paths live only here.
import { api } from '../../../lib/api.ts';
import { $wkCounter } from '../../../stores/basket.ts';
import type { MoneySummary } from '../../../api/money.ts';

export interface OrderLine { pos: number; artnr: string; bezeichnung: string; menge: number; preis: number; status?: string; geliefert?: number; orderable?: boolean }
export interface OrderSummary {
  auftrag: number; vorgang: number; rechnung: number; datum: string; status: string; total: number; currency: string;
  positionen?: number; rueckstand?: number; lines?: OrderLine[];
  /** why the order waits (or waited) for a release; null when released at once */
  releaseReason?: ReleaseReason | null;
  [k: string]: unknown;
}

/** As the API answers it (server/lib/release-rules.ts): figures are net EUR when the order was placed. */
export interface ReleaseReason { reason: 'threshold' | 'budget'; valueEur: number; thresholdEur?: number; budgetEur?: number; usedEur?: number }

export function loadOrders(limit = 50): Promise<OrderSummary[]> {
  return api.get<OrderSummary[] | { items: OrderSummary[] }>(`orders?limit=${limit}`).then((r) => (Array.isArray(r) ? r : r.items));
}

/** Orders waiting for a release (placed by a sub-user over the account threshold or the monthly budget), each with releaseReason. */
export function loadPending(limit = 100): Promise<OrderSummary[]> {
  return api.get<{ items: OrderSummary[] }>(`orders/pending?limit=${limit}`).then((r) => r.items);
}

/** Releases a waiting order (main user or K07; the API answers 403 forbidden_function to others). */
export function releaseOrder(auftrag: number): Promise<{ auftrag: number; release_status: string }> {
  return api.post(`orders/${auftrag}/release`);
}

export type OrderDetail = OrderSummary & { lines: OrderLine[]; summary: MoneySummary };

/** One order with its lines and priced summary; `lang` names the articles in the page's language. */
export function loadOrder(auftrag: number | string, lang?: string): Promise<OrderDetail> {
  return api.get(`orders/${encodeURIComponent(String(auftrag))}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`);
}

/** Reorder a whole past order, or only the given positions (article, quantity). */
export async function reorder(auftrag: number | string, lines?: { artnr: string; menge: number }[]): Promise<{ count: number; wkcounter: number; skipped: string[] }> {
  const r = await api.post<{ count: number; wkcounter: number; skipped: string[] }>(`orders/${encodeURIComponent(String(auftrag))}/reorder`, lines ? { lines } : {});
  $wkCounter.set(r.wkcounter);
  return r;
}

/** Date parts of the historie route from an order date (local calendar day). */
export function orderDateParts(iso: string): { year: number; month: number; day: number } {
  const d = new Date(iso);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}
