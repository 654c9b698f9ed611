// Shipping and payment methods with their labels and prices, and the small helpers of the checkout.
import { badRequest } from '../../http/errors.ts';
import { serverT } from '#i18n/server.ts';

// ---- constants and small helpers ----

export const VERSANDARTEN = ['standard', 'express', 'abholung'] as const;
export const ZAHLUNGSARTEN = ['rechnung', 'lastschrift', 'vorkasse'] as const;
export const SHIPPING_EUR: Record<string, number> = { standard: 6.9, express: 14.9, abholung: 0 };
export const FREE_STANDARD_FROM_EUR = 150;

export const ADDRESSES_PER_CUSTOMER = 100;

/** The shipping and payment methods' names in a language (locale keys checkout.method.<id>). */
export const label = (lang: string, id: string) => serverT(lang)(`checkout.method.${id}`);

export const round2 = (v: number) => Math.round(v * 100) / 100;
export const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the server's local calendar as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
export const monthKey = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

/** 400 field_invalid naming the first bad field, all of them, and (for the address form) each one's error key. */
export const fieldInvalid = (field: string, fields?: string[], reasons?: Record<string, string>) =>
  badRequest('field_invalid', { field, fields: fields ?? [field], ...(reasons ? { reasons } : {}) });
