// Pricing, badges, last-purchase text and availability (spec sections 3 and 9).
import { REQUEST_PRICES } from './constants.ts';

type Num = number | string | null | undefined;

/** Numbers pass through; numeric strings may use a decimal comma; anything else is NaN. */
export function toNumber(v: Num): number {
  if (typeof v === 'number') return v;
  const s = (v ?? '').trim();
  return /^-?\d+(?:[.,]\d+)?$/.test(s) ? Number(s.replace(',', '.')) : NaN;
}

// Compare money in whole cents so float noise (0.1 + 0.2) never flips a decision.
const cents = (v: number): number => Math.round(v * 100);

/** Price or list price of 0.01 or 0.02 means 'price on request': no cart button. */
export function isRequestPrice(price: Num, listPrice: Num): boolean {
  const markers = REQUEST_PRICES.map(cents);
  return [toNumber(price), toNumber(listPrice)].some((v) => Number.isFinite(v) && markers.includes(cents(v)));
}

/**
 * The list price is struck through when 0 < price < list price. Request-price articles never
 * show one: a struck price beside 'on request' would contradict it.
 */
export function showStrikePrice(price: Num, listPrice: Num): boolean {
  const p = toNumber(price), l = toNumber(listPrice);
  if (!Number.isFinite(p) || !Number.isFinite(l) || isRequestPrice(p, l)) return false;
  return cents(p) > 0 && cents(p) < cents(l);
}

/**
 * Discount percent = floor of the percentage difference between list price and price;
 * 0 when no struck price is shown. Integer-cent arithmetic: 71 of 100 is 29 %, not 28.
 */
export function discountPercent(price: Num, listPrice: Num): number {
  if (!showStrikePrice(price, listPrice)) return 0;
  const p = cents(toNumber(price)), l = cents(toNumber(listPrice));
  return Math.floor(((l - p) * 100) / l);
}

/**
 * The list price counts as the manufacturer's suggested price when the promotion code (MCode)
 * is 0 or missing, the country is DE and the language de (both compared case-insensitively).
 */
export function isManufacturerSuggestedPrice(mcode: Num, country: string | null | undefined, language: string | null | undefined): boolean {
  const missing = mcode === null || mcode === undefined || (typeof mcode === 'string' && mcode.trim() === '');
  const codeOk = missing || toNumber(mcode) === 0;
  return codeOk && (country ?? '').trim().toLowerCase() === 'de' && (language ?? '').trim().toLowerCase() === 'de';
}

/** Sale list: by price descending; equal prices keep their order; unpriced items go last. */
export function sortSaleList<T extends { Preis: Num }>(items: readonly T[]): T[];
export function sortSaleList<T>(items: readonly T[], priceOf: (item: T) => Num): T[];
export function sortSaleList<T>(items: readonly T[], priceOf?: (item: T) => Num): T[] {
  const get = priceOf ?? ((item: T) => (item as { Preis?: Num }).Preis);
  const key = (item: T): number => {
    const n = toNumber(get(item));
    return Number.isFinite(n) ? n : -Infinity;
  };
  // Array.prototype.sort is stable (ES2019); copy so the caller's array is untouched.
  return [...items].sort((a, b) => {
    const ka = key(a), kb = key(b);
    return ka === kb ? 0 : kb > ka ? 1 : -1;
  });
}

/**
 * Set badge: the article number ends in S or S plus one digit (case-insensitive) and the
 * article is not a reference (IstReferenz 1 = variant parent).
 */
export function isSetArticle(artnr: string | null | undefined, istReferenz?: boolean | number | string | null): boolean {
  const isRef = typeof istReferenz === 'boolean' ? istReferenz : toNumber(istReferenz) === 1;
  return !isRef && /S\d?$/i.test((artnr ?? '').trim());
}

export type LastPurchase = { kind: 'current' } | { kind: 'months'; n: number } | { kind: 'years'; n: number };

/**
 * Text for the last purchase (section 9). Months are stored 1..12 (LetzterKaufMonat).
 *
 * Reading of "a month above 11 or 0 shows nothing": it is a guard against an invalid stored
 * month, written for a source where month was a Date-style value; taken literally it would hide
 * either January or December. With our 1..12 storage the guard is "month outside 1..12 (or not
 * an integer, or no year) shows nothing" — as does a purchase date in the future.
 *
 * Difference d = whole calendar months between the purchase month and now's (local) month:
 * d = 0 → current; d < 12 → months (n = d); d ≥ 12 → years (n = floor(d / 12)), so exactly
 * 12 months reads as 1 year.
 */
export function lastPurchaseText(month: Num, year: Num, now: Date = new Date()): LastPurchase | null {
  const m = toNumber(month), y = toNumber(year);
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12 || y < 1) return null;
  const d = (now.getFullYear() - y) * 12 + (now.getMonth() + 1 - m);
  if (d < 0) return null;
  if (d === 0) return { kind: 'current' };
  if (d < 12) return { kind: 'months', n: d };
  return { kind: 'years', n: Math.floor(d / 12) };
}

/** Availability states (section 4): available, short-term, not in stock, partly available. */
export type Availability = 'verf' | 'kurzf' | 'nichtlag' | 'teilw';

/** vkz from the availability call: '4' means available, anything else short-term. */
export function availabilityFromVkz(vkz: string | number | null | undefined): 'verf' | 'kurzf' {
  return String(vkz ?? '').trim() === '4' ? 'verf' : 'kurzf';
}

/** Delivery-status codes: 0 nichtlag, 1 kurzf, 2 and 3 teilw, 4 verf; unknown codes → null. */
export function deliveryStatus(code: Num): Availability | null {
  switch (toNumber(code)) {
    case 0: return 'nichtlag';
    case 1: return 'kurzf';
    case 2:
    case 3: return 'teilw';
    case 4: return 'verf';
    default: return null;
  }
}
