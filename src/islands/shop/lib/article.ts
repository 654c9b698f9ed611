// View model of an article card / list line (spec section 9). Pure: every rule comes from
// src/lib/rules; this file only combines them into what a card shows.
import {
  availabilityFromVkz, deliveryStatus, discountPercent, isManufacturerSuggestedPrice, isRequestPrice, isSetArticle,
  lastPurchaseText, showStrikePrice, type Availability,
} from '#rules/pricing.ts';
import { formatPrice, localeFor } from '#rules/locale.ts';
import { artbez, articleImages } from '#rules/artnr.ts';
import type { T } from './i18n.ts';

/** The article list item of section 3 as the API answers it. */
export interface ArticleItem {
  Artikelnummer: string;
  Bezeichnung: string;
  Gebinde?: string;
  Preis: number;
  KatPreis: number;
  IstNeuheit?: number;
  IstReferenz?: number;
  AusSortiment?: number;
  TempAusSortiment?: number;
  BereitsGekauft?: number;
  Rabatt?: number;
  MCode?: number | null;
  lieferant?: string;
  LetzterKaufMonat?: number | null;
  LetzterKaufJahr?: number | null;
  ParentArtikelnummer?: string | null;
  PG?: number;
  KatId?: number;
  Referenz?: string;
  vkz?: string;
  Lieferstatus?: number;
  Waehrung?: string;
}

export interface Ctx { country: string; lang: string; currency?: string }

export interface PriceView {
  /** 'on request': no price and no cart button */
  onRequest: boolean;
  price: string;
  /** struck-through list price, only when 0 < price < list price */
  strike: string | null;
  /** floor of the percentage difference; 0 = no badge */
  discount: number;
  /** the list price is the manufacturer's suggested price (MCode 0/missing, DE/de) */
  uvp: boolean;
}

export function money(amount: number, ctx: Ctx, currency?: string): string {
  return formatPrice(amount, currency || ctx.currency || 'EUR', localeFor(ctx.country, ctx.lang));
}

export function priceView(a: Pick<ArticleItem, 'Preis' | 'KatPreis' | 'MCode' | 'Waehrung'>, ctx: Ctx): PriceView {
  const onRequest = isRequestPrice(a.Preis, a.KatPreis);
  const cur = a.Waehrung || ctx.currency;
  const strike = !onRequest && showStrikePrice(a.Preis, a.KatPreis);
  return {
    onRequest,
    price: onRequest ? '' : money(Number(a.Preis), ctx, cur),
    strike: strike ? money(Number(a.KatPreis), ctx, cur) : null,
    discount: strike ? discountPercent(a.Preis, a.KatPreis) : 0,
    uvp: !onRequest && isManufacturerSuggestedPrice(a.MCode, ctx.country, ctx.lang),
  };
}

/** Cart button: not for request-price articles and not for articles out of the range. */
export function canOrder(a: ArticleItem): boolean {
  return !isRequestPrice(a.Preis, a.KatPreis) && !a.AusSortiment;
}

/** The article a product page's buy box starts with: the first orderable variant of a reference article. */
export function firstChoice<T extends ArticleItem>(article: T, variants: readonly T[]): T {
  return variants.length ? variants.find(canOrder) ?? variants[0]! : article;
}

export interface Badges { isNew: boolean; isSet: boolean }
export function badges(a: ArticleItem): Badges {
  return { isNew: Number(a.IstNeuheit) === 1, isSet: isSetArticle(a.Artikelnummer, a.IstReferenz ?? 0) };
}

/** Last purchase text: current / months / years / nothing (section 9). */
export function lastPurchaseLabel(a: Pick<ArticleItem, 'LetzterKaufMonat' | 'LetzterKaufJahr'>, t: T, now: Date = new Date()): string {
  const lp = lastPurchaseText(a.LetzterKaufMonat, a.LetzterKaufJahr, now);
  if (!lp) return '';
  if (lp.kind === 'current') return t('shop.last_purchase_current');
  if (lp.kind === 'months') return t('shop.last_purchase_months', { count: lp.n });
  return t('shop.last_purchase_years', { count: lp.n });
}

/** Availability from vkz ('4' available, else short-term); a delivery status code refines it when present. */
export function availability(a: Pick<ArticleItem, 'vkz' | 'Lieferstatus'>): Availability {
  if (a.vkz !== undefined && a.vkz !== null && String(a.vkz) !== '') return availabilityFromVkz(a.vkz);
  return deliveryStatus(a.Lieferstatus) ?? 'kurzf';
}

/** Product images by reference (else article number); the placeholder is used on error. */
export function imageUrl(a: Pick<ArticleItem, 'Artikelnummer' | 'Referenz'>, size: 'small' | 'large' = 'small'): string {
  return articleImages(a.Artikelnummer, a.Referenz)[size];
}

export const PLACEHOLDER_IMG = 'data:image/svg+xml,' + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#f1f3f5"/>'
  + '<path d="M38 78l16-20 12 14 8-9 12 15z" fill="#c4cad1"/><circle cx="74" cy="46" r="7" fill="#c4cad1"/></svg>');

export function productPath(c: string, l: string, a: Pick<ArticleItem, 'Artikelnummer' | 'Bezeichnung'>, pg?: number | null): string {
  const base = `/${c}/${l}/shop/artikel/${artbez(a.Artikelnummer, a.Bezeichnung)}/details`;
  return pg !== undefined && pg !== null ? `${base}/${pg}` : base;
}
