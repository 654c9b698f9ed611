// The one pricing function of the shop: from cart lines, the promotions' cart discounts, a benefit
// code and the shipping method to the summary every place shows (checkout, submit, the stored
// order, the confirmation mail, order details, the documents): lines, each discount once,
// shipping, net, VAT per rate and gross.
//
// All arithmetic is in integer cents; amounts leave as numbers with at most two decimals.
// Choices where the spec is silent:
// - A promotion's cart discount is taken per line (rounded per line); lines of several promotions
//   in one category get the highest percentage.
// - A percent benefit code applies to the goods after promotion discounts; an instant discount is
//   capped at that value; a free gift is a line at 0.
// - VAT follows the customer's country (vat_rates); a customer with a VAT id in another country
//   than the seller's (not CH) is reverse charge (0 %, noted). The benefit discount is spread over
//   the rates by their share of the goods (largest remainder); shipping carries the standard rate.
import type { Db } from '../db/index.ts';
import { companyLetterhead } from './company.ts';

export const toCents = (v: number): number => Math.round(v * 100);
const fromCents = (c: number): number => c / 100;

export interface PriceLine {
  artnr: string; bezeichnung: string; menge: number;
  /** unit price in the shop currency */
  unit: number;
  katId: number; vatClass: string;
  gift?: boolean;
}
export interface CartDiscountRule { promotionId: number; name: string; katId: number; percent: number }
export type BenefitRule =
  | { code: string; kind: 'percent'; percent: number }
  | { code: string; kind: 'instant'; amount: number }
  | { code: string; kind: 'gift' };
export interface VatRule { country: string; reverseCharge: boolean; rates: Record<string, number> }

export interface SummaryLine {
  artnr: string; bezeichnung: string; menge: number; unit: number; net: number;
  /** the promotion discount taken on this line (positive), 0 when none */
  promotion: number; vatPercent: number; gift: boolean;
}
export interface Discount {
  kind: 'promotion' | 'percent' | 'instant';
  /** promotion name or benefit code */
  label: string; percent: number | null;
  /** positive; shown as a minus */
  amount: number;
}
export interface VatRow { percent: number; base: number; amount: number }
export interface Summary {
  currency: string;
  lines: SummaryLine[];
  /** Σ line net */
  subtotal: number;
  discounts: Discount[];
  shipping: { method: string; amount: number };
  /** subtotal − discounts + shipping */
  net: number;
  vat: VatRow[];
  reverseCharge: boolean;
  vatTotal: number;
  /** net + vatTotal */
  gross: number;
}

export interface SummaryInput {
  currency: string; lines: PriceLine[]; rules: CartDiscountRule[]; benefit: BenefitRule | null;
  shipping: { method: string; amount: number }; vat: VatRule;
}

/** Splits `total` cents over `weights` in proportion (largest remainder): the parts add up exactly. */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((s, v) => s + v, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) { if (left <= 0) break; out[i]! += 1; left -= 1; }
  return out;
}

/** The priced summary of a cart (see the file head). */
export function priceSummary(input: SummaryInput): Summary {
  const { vat } = input;
  const percentOf = (cls: string) => (vat.reverseCharge ? 0 : vat.rates[cls] ?? vat.rates.standard ?? 0);
  const promoBy = new Map<number, CartDiscountRule>();
  for (const r of input.rules) if ((promoBy.get(r.katId)?.percent ?? 0) < r.percent) promoBy.set(r.katId, r);

  const promoTotals = new Map<number, { rule: CartDiscountRule; cents: number }>();
  const lines = input.lines.map((l) => {
    const netC = l.gift ? 0 : toCents(l.unit) * l.menge;
    const rule = l.gift ? undefined : promoBy.get(l.katId);
    const promoC = rule ? Math.round((netC * rule.percent) / 100) : 0;
    if (rule && promoC > 0) {
      const t = promoTotals.get(rule.promotionId) ?? { rule, cents: 0 };
      t.cents += promoC;
      promoTotals.set(rule.promotionId, t);
    }
    return { l, netC, promoC, cls: l.vatClass };
  });
  const subtotalC = lines.reduce((s, x) => s + x.netC, 0);
  const promoC = lines.reduce((s, x) => s + x.promoC, 0);
  const afterPromoC = subtotalC - promoC;

  const discounts: Discount[] = [...promoTotals.values()].map(({ rule, cents }) => ({ kind: 'promotion', label: rule.name, percent: rule.percent, amount: fromCents(cents) }));
  let benefitC = 0;
  const b = input.benefit;
  if (b?.kind === 'percent') benefitC = Math.round((afterPromoC * b.percent) / 100);
  else if (b?.kind === 'instant') benefitC = Math.min(toCents(b.amount), afterPromoC);
  if (b && b.kind !== 'gift' && benefitC > 0) {
    discounts.push({ kind: b.kind, label: b.code, percent: b.kind === 'percent' ? b.percent : null, amount: fromCents(benefitC) });
  }
  const shippingC = toCents(input.shipping.amount);
  const netC = afterPromoC - benefitC + shippingC;

  // VAT bases per rate: line values after their promotion, the benefit discount by share, shipping at the standard rate
  const byPercent = new Map<number, number>();
  const add = (p: number, c: number) => byPercent.set(p, (byPercent.get(p) ?? 0) + c);
  const goods = lines.filter((x) => x.netC > 0);
  const benefitParts = spread(benefitC, goods.map((x) => x.netC - x.promoC));
  goods.forEach((x, i) => add(percentOf(x.cls), x.netC - x.promoC - benefitParts[i]!));
  if (shippingC) add(percentOf('standard'), shippingC);
  const vatRows: VatRow[] = [...byPercent.entries()].filter(([, base]) => base !== 0).sort((a, b2) => b2[0] - a[0])
    .map(([percent, baseC]) => ({ percent, base: fromCents(baseC), amount: fromCents(Math.round((baseC * percent) / 100)) }));
  const vatC = vatRows.reduce((s, r) => s + toCents(r.amount), 0);

  return {
    currency: input.currency,
    lines: lines.map(({ l, netC: n, promoC: p }) => ({
      artnr: l.artnr, bezeichnung: l.bezeichnung, menge: l.menge, unit: l.gift ? 0 : l.unit, net: fromCents(n), promotion: fromCents(p),
      vatPercent: percentOf(l.vatClass), gift: !!l.gift,
    })),
    subtotal: fromCents(subtotalC),
    discounts,
    shipping: { method: input.shipping.method, amount: fromCents(shippingC) },
    net: fromCents(netC),
    vat: vatRows,
    reverseCharge: vat.reverseCharge,
    vatTotal: fromCents(vatC),
    gross: fromCents(netC + vatC),
  };
}

/** Σ discounts of a summary (positive). */
export const discountTotal = (s: Pick<Summary, 'discounts'>): number => fromCents(s.discounts.reduce((t, d) => t + toCents(d.amount), 0));
/** The flat totals of a summary (net = goods before discounts, total = net total, gross with VAT). */
export function totalsOf(sum: Summary) {
  return {
    net: sum.subtotal, discount: discountTotal(sum), shipping: sum.shipping.amount, total: sum.net, vat: sum.vatTotal, gross: sum.gross,
    currency: sum.currency,
  };
}
/** Goods value after all discounts, without shipping. */
export const goodsValue = (s: Summary): number => fromCents(toCents(s.subtotal) - toCents(discountTotal(s)));

// ---- data ----

/** The customer's VAT situation: rates of the customer's country, reverse charge for EU customers abroad with a VAT id. */
export async function vatRuleFor(db: Db, kdnr: number): Promise<VatRule> {
  const c = await db.selectFrom('customers').select(['land_iso2', 'ust_id', 'firma']).where('kdnr', '=', kdnr).executeTakeFirst();
  const country = (c?.land_iso2 || 'DE').toUpperCase();
  const seller = companyLetterhead(c?.firma ?? 1).land;
  const rows = await db.selectFrom('vat_rates').select(['rate_class', 'percent']).where('country', '=', country).execute();
  const rates = Object.fromEntries(rows.map((r) => [r.rate_class, Number(r.percent)]));
  // reverse charge only inside the VAT area (a country with rates), never for Switzerland
  const reverseCharge = country !== seller && country !== 'CH' && rows.length > 0 && (c?.ust_id ?? '').trim() !== '';
  return { country, reverseCharge, rates };
}

/** Cart discounts of the promotions running today. */
export async function cartDiscountRules(db: Db, day: string): Promise<CartDiscountRule[]> {
  const rows = await db.selectFrom('promotion_cart_discounts as d').innerJoin('promotions as p', 'p.id', 'd.promotion_id')
    .select(['d.promotion_id', 'p.name', 'd.kat_id', 'd.percent'])
    .where('p.valid_from', '<=', `${day}T23:59:59`).where('p.valid_to', '>=', day).execute();
  return rows.map((r) => ({ promotionId: r.promotion_id, name: r.name, katId: r.kat_id, percent: Number(r.percent) }));
}

/** A stored summary (orders.summary_json), or null for orders without one. */
export function parseSummary(json: string | null | undefined): Summary | null {
  if (!json) return null;
  try { return JSON.parse(json) as Summary; } catch { return null; }
}

/**
 * The summary of a placed order: the one it was placed with, or — for imported history without
 * one — rebuilt from its lines, stored discount and total with today's VAT data.
 */
export async function orderSummary(
  db: Db,
  o: { kdnr: number; summary_json?: string | null; total: number; discount: number; benefit_code: string | null; versandart: string; currency: string; free_gift_artnr: string | null },
  lines: { artnr: string; bezeichnung: string; menge: number; preis: number }[],
): Promise<Summary> {
  const stored = parseSummary(o.summary_json);
  if (stored) return stored;
  const nrs = lines.map((l) => l.artnr);
  const [vat, classes] = await Promise.all([
    vatRuleFor(db, o.kdnr),
    nrs.length ? db.selectFrom('articles').select(['artnr', 'vat_class']).where('artnr', 'in', nrs).execute() : Promise.resolve([]),
  ]);
  const cls = new Map(classes.map((c) => [c.artnr, c.vat_class]));
  const netC = lines.reduce((s, l) => s + toCents(l.preis) * l.menge, 0);
  const shippingC = Math.max(0, toCents(o.total) - netC + toCents(o.discount));
  return priceSummary({
    currency: o.currency,
    lines: lines.map((l) => ({
      artnr: l.artnr, bezeichnung: l.bezeichnung, menge: l.menge, unit: l.preis, katId: 0, vatClass: cls.get(l.artnr) ?? 'standard',
      gift: l.artnr === o.free_gift_artnr && l.preis === 0,
    })),
    rules: [],
    benefit: o.discount > 0 ? { code: o.benefit_code ?? '', kind: 'instant', amount: o.discount } : null,
    shipping: { method: o.versandart, amount: fromCents(shippingC) },
    vat,
  });
}

/** A summary with its line designations in another language (by article number). */
export function withDesignations(s: Summary, names: Map<string, string>): Summary {
  return { ...s, lines: s.lines.map((l) => ({ ...l, bezeichnung: names.get(l.artnr) ?? l.bezeichnung })) };
}
