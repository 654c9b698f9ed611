// Cart view-model helpers: line totals and the cart sum in whole cents.
import type { CartLine } from '#api/cart.ts';
import type { MoneySummary } from '#api/money.ts';

export interface PricedLine { Einzelpreis: number; Menge: number; Gesamtpreis?: number }

export function lineTotal(l: PricedLine): number {
  return Math.round(Math.round(l.Einzelpreis * 100) * l.Menge) / 100;
}

export function cartSum(lines: readonly PricedLine[]): number {
  return lines.reduce((s, l) => s + Math.round(lineTotal(l) * 100), 0) / 100;
}

/**
 * The cart page as first rendered for the session's customer: its lines, the server's pricing of them
 * (the promotions' discounts, as checkout shows them; null without lines) and whether the active user
 * may order (a sub-user without the right sees why instead of the checkout button).
 */
export interface CartFirst {
  kdnr: number;
  currency: string;
  lines: CartLine[];
  summary: MoneySummary | null;
  mayOrder: boolean;
}
