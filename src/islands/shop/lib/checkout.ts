// Checkout state of section 3 (adresse, versandart, versanddatum, kommentar, fwt, payment, benefit
// code) kept for the way wk/kasse → wk/submit, the one Idempotency-Key per checkout attempt, the
// basket reset after submit, and the checkout API's paths (only here).
import { showCartCounter } from '../../../lib/cartCounter.ts';
import { atom } from 'nanostores';
import { api } from '../../../lib/api.ts';
import { $cartPanelOpen, $lastAdded, $wkCounter } from '../../../stores/basket.ts';
import { onLogout } from '../../../stores/customer.ts';

export interface Address {
  id?: number; firma_name: string; zusatz1?: string; zusatz2?: string; ansprechpartner?: string;
  strasse: string; plz: string; ort: string; land_iso2: string; is_default?: number | boolean;
}

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

// ---- API (server/modules/checkout.ts) ----
export interface Option { id: string; label: string; price?: number }
export interface CheckoutLine { Artikelnummer: string; Bezeichnung: string; Gebinde: string; Menge: number; Einzelpreis: number; Gesamtpreis: number; vkz: string; Waehrung: string }
export interface CheckoutInfo {
  lines: CheckoutLine[];
  unavailable: { Artikelnummer: string; Menge: number; reason: string }[];
  addresses: Address[];
  address: Address | null;
  addressId: number | null;
  versandart: string; versanddatum: string | null; kommentar: string; zahlungsart: string;
  versandarten: Option[];
  zahlungsarten: Option[];
  /** what the customer chose so far (kept on the server between checkout and submit) */
  state: { addressId: number | null; versandart: string; versanddatum: string | null; kommentar: string; zahlungsart: string; benefitCode: string | null; fwt: boolean };
  benefit: { code: string; kind: string; value: number; discount: number; freeGift: { artnr: string; bezeichnung: string } | null; removable: boolean; valid: boolean; error: string | null } | null;
  instantDiscount: { amount: number } | null;
  fwt: { available: boolean; reason: string | null; selected: boolean; minOrderEur: number; valueEur: number };
  totals: { net: number; discount: number; shipping: number; total: number; vat: number; gross: number; currency: string };
  /** the server's priced summary: what the summary box shows, line by line */
  summary: MoneySummary;
}

/** The priced summary of server/lib/money.ts (checkout, submit answer, order details). */
export interface MoneySummary {
  currency: string;
  lines: { artnr: string; bezeichnung: string; menge: number; unit: number; net: number; promotion: number; vatPercent: number; gift: boolean }[];
  subtotal: number;
  discounts: { kind: 'promotion' | 'percent' | 'instant'; label: string; percent: number | null; amount: number }[];
  shipping: { method: string; amount: number };
  net: number;
  vat: { percent: number; base: number; amount: number }[];
  reverseCharge: boolean;
  vatTotal: number;
  gross: number;
}
export interface StatePatch { addressId?: number | null; versandart?: string; versanddatum?: string | null; kommentar?: string; zahlungsart?: string; fwt?: boolean }
export interface Placed { auftrag: number; vorgang: number; rechnung: number; orderId: number; total: number; currency: string; status: string; releaseStatus: string; release: boolean; replayed: boolean; wkcounter: number; summary: MoneySummary | null }

/** The checkout calls of a page: each carries the page's language and country, so method and article names come in it. */
export function checkoutApi(page: { lang: string; country: string }) {
  const q = `?lang=${encodeURIComponent(page.lang)}&country=${encodeURIComponent(page.country)}`;
  return {
    load: () => api.get<CheckoutInfo>(`checkout${q}`),
    save: (p: StatePatch) => api.put<CheckoutInfo>(`checkout${q}`, p),
    addAddress: (a: Address) => api.post<Address>(`checkout/addresses${q}`, a),
    redeem: (code: string) => api.post<CheckoutInfo>(`checkout/benefit${q}`, { code }),
    removeCode: () => api.del<CheckoutInfo>(`checkout/benefit${q}`),
    submit: (key: string, body: StatePatch) => api.post<Placed>(`checkout/submit${q}`, body, { headers: { 'Idempotency-Key': key } }),
  };
}
