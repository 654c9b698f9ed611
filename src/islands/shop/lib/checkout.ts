// Checkout state of section 3 (adresse, versandart, versanddatum, kommentar, fwt, payment, benefit
// code) kept for the way wk/kasse → wk/submit, the one Idempotency-Key per checkout attempt, the
// basket reset after submit, and the checkout API's paths (only here).
import { showCartCounter } from '#lib/cartCounter.ts';
import { atom } from 'nanostores';
import { request } from '#lib/api.ts';
import type { NewAddress, StatePatch } from '#api/checkout.ts';
import { $cartPanelOpen, $lastAdded, $wkCounter } from '#stores/basket.ts';
import { onLogout } from '#stores/customer.ts';

/** The client's copy of the basket state (the server keeps it per customer in checkout_state). */
export interface CheckoutState {
  addressId: number | null;
  versandart: string;
  versanddatum: string;
  kommentar: string;
  zahlungsart: string;
  fwt: boolean;
  /** one key per checkout attempt: retries and double clicks send the same key */
  idempotencyKey: string;
}

const KEY = 'shop:checkout';
export const EMPTY_CHECKOUT: CheckoutState = { addressId: null, versandart: '', versanddatum: '', kommentar: '', zahlungsart: '', fwt: false, idempotencyKey: '' };

function load(): CheckoutState {
  try {
    const s = typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(KEY) : null;
    return s ? { ...EMPTY_CHECKOUT, ...(JSON.parse(s) as Partial<CheckoutState>) } : { ...EMPTY_CHECKOUT };
  } catch { return { ...EMPTY_CHECKOUT }; }
}

export const $checkout = atom<CheckoutState>(load());
$checkout.listen((s) => { try { sessionStorage.setItem(KEY, JSON.stringify(s)); } catch { /* ignore */ } });

export function patchCheckout(p: Partial<CheckoutState>): void { $checkout.set({ ...$checkout.get(), ...p }); }

export function newKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The attempt's key: created once, kept until the order went through. */
export function attemptKey(): string {
  const s = $checkout.get();
  if (s.idempotencyKey) return s.idempotencyKey;
  const k = newKey();
  patchCheckout({ idempotencyKey: k });
  return k;
}

/** Basket reset (section 4): address, shipping method, date, comment and fwt flag, then the cleanup. */
export function resetBasket(): void {
  const s = $checkout.get();
  $checkout.set({ ...s, addressId: null, versandart: '', versanddatum: '', kommentar: '', fwt: false, idempotencyKey: '' });
  // further cleanup: payment choice, counter, last-added item, panel
  $checkout.set({ ...EMPTY_CHECKOUT });
  $wkCounter.set(0);
  showCartCounter(0); // also when the store was 0 already (this page never loaded the count)
  $lastAdded.set(null);
  $cartPanelOpen.set(false);
}

onLogout(() => $checkout.set({ ...EMPTY_CHECKOUT }));

// ---- API (src/api/checkout.ts) ----
export type { Address, CheckoutInfo, StatePatch } from '#api/checkout.ts';
export type { MoneySummary } from '#api/money.ts';

/** The checkout calls of a page: each carries the page's language and country, so method and article names come in it. */
export function checkoutApi(page: { lang: string; country: string }) {
  const query = { lang: page.lang, country: page.country };
  return {
    load: () => request('GET /api/checkout', { query }),
    save: (body: StatePatch) => request('PUT /api/checkout', { query, body }),
    addAddress: (body: NewAddress) => request('POST /api/checkout/addresses', { query, body }),
    redeem: (code: string) => request('POST /api/checkout/benefit', { query, body: { code } }),
    removeCode: () => request('DELETE /api/checkout/benefit', { query }),
    submit: (key: string, body: StatePatch) => request('POST /api/checkout/submit', { query, body, headers: { 'Idempotency-Key': key } }),
  };
}
