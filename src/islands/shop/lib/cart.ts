// Cart actions shared by every island: add (with the guest memory of section 4), set, delete,
// empty, and the order-list calls. Errors become the spec's toasts.
import { $wkCounter, $lastAdded, $cartPanelOpen } from '#stores/basket.ts';
import { $customer } from '#stores/customer.ts';
import { showToast } from '#stores/ui.ts';
import { ApiFailure, request } from '#lib/api.ts';
import type { z } from 'zod';
import type { ListOut } from '#api/favoriten.ts';
import type { CartChange, CartLine } from '#api/cart.ts';
import { parseQuantity } from '#rules/validate.ts';
import { basketLetter } from '#rules/locale.ts';
import { ensureCustomer, rememberAdd, requireLogin, takePendingAdd, type PendingAdd } from './session.ts';
import { errorMessage, failureKey } from './errors.ts';
import { tNow } from './i18n.ts';
import { activate } from './activate.ts';


export type ChangeResult = CartChange;
export type { CartLine };

function toastError(key: string): void {
  showToast(errorMessage(tNow(), key), 'error');
}

/**
 * Adds `qty` of an article. A guest's add is remembered (article, quantity, page) and the login
 * panel opens; after login runPendingAdd() performs it. On success the cart-add panel opens.
 */
export async function addToCart(artnr: string, qty: number | string, opts: { panel?: boolean } = {}): Promise<boolean> {
  const q = parseQuantity(qty);
  if (q === null) { toastError('error_menge'); return false; }
  const c = await ensureCustomer();
  if (!c.kundennummer) {
    rememberAdd({ artnr, qty: q, page: location.pathname + location.search + location.hash });
    requireLogin();
    return false;
  }
  try {
    const r = await request('POST /api/wk/:artnr/add/:qty', { params: { artnr, qty: q } });
    $wkCounter.set(r.wkcounter);
    $lastAdded.set({ artnr: r.line?.Artikelnummer ?? artnr, menge: q });
    if (opts.panel !== false) { $cartPanelOpen.set(false); queueMicrotask(() => { $cartPanelOpen.set(true); activate('cart-panel'); }); }
    return true;
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) { rememberAdd({ artnr, qty: q, page: location.pathname + location.search }); requireLogin(); return false; }
    const key = failureKey(e);
    toastError(key === 'error_menge' || key === 'network' || key === 'generic' ? key : 'error_artnr');
    return false;
  }
}

/** Runs the remembered add after login; returns the page to go back to (or null). */
export async function runPendingAdd(): Promise<PendingAdd | null> {
  const p = takePendingAdd();
  if (!p) return null;
  if ($customer.get().kundennummer) await addToCart(p.artnr, p.qty);
  return p;
}

export async function setQty(artnr: string, qty: number): Promise<ChangeResult | null> {
  const q = parseQuantity(qty);
  if (q === null) { toastError('error_menge'); return null; }
  try {
    const r = await request('POST /api/wk/:artnr/set/:qty', { params: { artnr, qty: q } });
    $wkCounter.set(r.wkcounter);
    return r;
  } catch (e) { toastError(failureKey(e)); return null; }
}

export async function deleteLine(artnr: string): Promise<boolean> {
  try {
    const r = await request('POST /api/wk/:artnr/delete', { params: { artnr } });
    $wkCounter.set(r.wkcounter);
    return true;
  } catch (e) { toastError(failureKey(e)); return false; }
}

export async function emptyCart(): Promise<boolean> {
  try { await request('POST /api/wk/delete'); $wkCounter.set(0); return true; } catch (e) { toastError(failureKey(e)); return false; }
}


export function loadCart(lang: string): Promise<CartLine[]> {
  return request('GET /api/wkJSON/:language', { params: { language: basketLetter(lang) } });
}

export function loadCartLine(lang: string, artnr: string): Promise<CartLine[]> {
  return request('GET /api/wkJSON/:language/:id', { params: { language: basketLetter(lang), id: artnr } });
}

// ---- order lists ----
export type OrderListInfo = z.infer<typeof ListOut>;

/** A product page's buy box as first rendered for the customer `kdnr` (0: a guest): live availability, last purchase, order lists. */
export interface BuyBoxFirst {
  kdnr: number;
  vkz: Record<string, string>;
  lastPurchase: { LetzterKaufMonat: number | null; LetzterKaufJahr: number | null } | null;
  lists: OrderListInfo[] | null;
}

/** Adds to an order list (0 = favourites): 409 → error_art_in_liste, 400 → error_artnr, else generic. */
export async function addToList(listId: number, artnr: string, menge?: number): Promise<boolean> {
  const c = await ensureCustomer();
  if (!c.kundennummer) { requireLogin(); return false; }
  try {
    await request('POST /api/favoriten/:listId/:artnr/add', { params: { listId, artnr }, body: menge ? { menge } : undefined });
    showToast(errorMessage(tNow(), 'success_add_to_liste'), 'success');
    return true;
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) return false;
    const key = e instanceof ApiFailure ? (e.status === 409 ? 'error_art_in_liste' : e.status === 400 ? 'error_artnr' : 'generic') : 'generic';
    toastError(key);
    return false;
  }
}

export function loadLists(): Promise<OrderListInfo[]> {
  return request('GET /api/favoriten/listen');
}
