// Order history calls (meinlabor, konto, historie). The orders API's paths live only here.
import { request } from '#lib/api.ts';
import type { ResultOf } from '#api/contract.ts';
import type * as orders from '#api/orders.ts';
import { $wkCounter } from '#stores/basket.ts';

export type OrderSummary = ResultOf<typeof orders.list>['items'][number];
export type OrderDetail = ResultOf<typeof orders.byAuftrag>;
export type { ReleaseReason } from '#api/release-rules.ts';

export function loadOrders(limit = 50): Promise<OrderSummary[]> {
  return request('GET /api/orders', { query: { limit } }).then((r) => r.items);
}

/** Orders waiting for a release (placed by a sub-user over the account threshold or the monthly budget), each with releaseReason. */
export function loadPending(limit = 100): Promise<OrderSummary[]> {
  return request('GET /api/orders/pending', { query: { limit } }).then((r) => r.items);
}

/** Releases a waiting order (main user or K07; the API answers 403 forbidden_function to others). */
export function releaseOrder(auftrag: number) {
  return request('POST /api/orders/:auftrag/release', { params: { auftrag } });
}

/** One order with its lines and priced summary; `lang` names the articles in the page's language. */
export function loadOrder(auftrag: number | string, lang?: string): Promise<OrderDetail> {
  return request('GET /api/orders/:auftrag', { params: { auftrag }, query: { lang } });
}

/** Reorder a whole past order, or only the given positions with the quantity to add. */
export async function reorder(auftrag: number | string, lines?: { pos: number; menge: number }[]) {
  const r = await request('POST /api/orders/:auftrag/reorder', { params: { auftrag }, body: lines ? { lines } : {} });
  $wkCounter.set(r.wkcounter);
  return r;
}
