// The computed checkout: lines, addresses, methods, benefit, freeway ticket and the priced summary.
import type { Db } from '../../db/index.ts';
import { currencyFor, convertPrice, loadArticleItems } from '../../lib/articles.ts';
import { cartDiscountRules, goodsValue, priceSummary, totalsOf, vatRuleFor, type PriceLine, type Summary } from '../../lib/money.ts';
import { FREEWAY_MIN_EUR } from '#rules/constants.ts';
import { isRequestPrice } from '#rules/pricing.ts';
import { validateFreeway } from '#rules/validate.ts';
import type { UnavailableReason } from '#api/checkout.ts';
import { VERSANDARTEN, ZAHLUNGSARTEN, SHIPPING_EUR, FREE_STANDARD_FROM_EUR, label, round2, today } from './methods.ts';
import { type CheckoutStateRow, loadState } from './state.ts';
import { type AddressOut, listAddresses, mainAddress, resolveAddress } from './addresses.ts';
import { type BenefitEval, evalBenefit, benefitRule } from './benefit.ts';

// ---- the computed checkout ----

type CartLine = Awaited<ReturnType<typeof loadArticleItems>>[number] & {
  Menge: number; Einzelpreis: number; Gesamtpreis: number; preisEur: number; vatClass: string;
};

export interface Checkout {
  state: CheckoutStateRow;
  cur: { code: string; rate: number };
  lines: CartLine[];
  unavailable: { Artikelnummer: string; Menge: number; reason: UnavailableReason }[];
  addresses: AddressOut[];
  address: AddressOut | null;
  benefit: BenefitEval | null;
  /** the priced summary in the shop currency: what every place shows */
  summary: Summary;
  /** goods value before discounts in EUR (the benefit codes' minimum order) */
  netEur: number;
  shippingEur: number;
  /** net total in EUR (the release limit) */
  totalEur: number;
  /** goods value after discounts in EUR: free shipping and the freeway ticket's order value */
  valueEur: number;
  fwt: { available: boolean; reason: string | null; selected: boolean };
}

async function lastFreeway(db: Db, kdnr: number): Promise<{ year: number; month: number } | null> {
  const r = await db.selectFrom('freeway_tickets').select('month').where('kdnr', '=', kdnr).orderBy('month', 'desc').limit(1).executeTakeFirst();
  if (!r) return null;
  const [y, m] = r.month.split('-').map(Number);
  return y && m ? { year: y, month: m } : null;
}

/** Shipping of a method in EUR for a goods value (EUR, after discounts); nothing for an empty cart. */
function shippingEurFor(method: string, valueEur: number, hasLines: boolean): number {
  if (!hasLines) return 0;
  return method === 'standard' && valueEur >= FREE_STANDARD_FROM_EUR ? 0 : SHIPPING_EUR[method] ?? 0;
}

export async function computeCheckout(db: Db, kdnr: number, opts: { lang: string; country: string }, state?: CheckoutStateRow): Promise<Checkout> {
  const st = state ?? (await loadState(db, kdnr));
  const cur = await currencyFor(db, opts.country);
  const rows = await db.selectFrom('cart_items').select(['artnr', 'menge']).where('kdnr', '=', kdnr).orderBy('added_at').orderBy('artnr').execute();
  const nrs = rows.map((r) => r.artnr);
  const [items, raw, addresses, main, rules, vat] = await Promise.all([
    loadArticleItems(db, nrs, { lang: opts.lang, country: opts.country, kdnr }),
    nrs.length ? db.selectFrom('articles').select(['artnr', 'preis', 'kat_preis', 'aus_sortiment', 'vat_class']).where('artnr', 'in', nrs).execute() : Promise.resolve([]),
    listAddresses(db, kdnr),
    mainAddress(db, kdnr),
    cartDiscountRules(db, today()),
    vatRuleFor(db, kdnr),
  ]);
  const byNr = new Map(items.map((i) => [i.Artikelnummer, i]));
  const rawBy = new Map(raw.map((r) => [r.artnr, r]));
  const lines: CartLine[] = [];
  const unavailable: Checkout['unavailable'] = [];
  for (const r of rows) {
    const it = byNr.get(r.artnr);
    const a = rawBy.get(r.artnr);
    if (!it || !a) { unavailable.push({ Artikelnummer: r.artnr, Menge: r.menge, reason: 'unknown' }); continue; }
    if (a.aus_sortiment) { unavailable.push({ Artikelnummer: r.artnr, Menge: r.menge, reason: 'out_of_range' }); continue; }
    if (isRequestPrice(Number(a.preis), Number(a.kat_preis))) { unavailable.push({ Artikelnummer: r.artnr, Menge: r.menge, reason: 'request_price' }); continue; }
    lines.push({ ...it, Menge: r.menge, Einzelpreis: it.Preis, Gesamtpreis: round2(it.Preis * r.menge), preisEur: Number(a.preis), vatClass: a.vat_class });
  }
  const netEur = round2(lines.reduce((s, l) => s + l.preisEur * l.Menge, 0));
  const benefit = st.benefit_code ? await evalBenefit(db, kdnr, st.benefit_code, netEur, opts.lang) : null;
  const versandart = (VERSANDARTEN as readonly string[]).includes(st.versandart) ? st.versandart : 'standard';
  const priceLines = (eur: boolean): PriceLine[] => [
    ...lines.map((l) => ({ artnr: l.Artikelnummer, bezeichnung: l.Bezeichnung, menge: l.Menge, unit: eur ? l.preisEur : l.Einzelpreis, katId: l.KatId, vatClass: l.vatClass })),
    ...(benefit?.freeGift && !benefit.error ? [{ artnr: benefit.freeGift.artnr, bezeichnung: benefit.freeGift.bezeichnung, menge: 1, unit: 0, katId: 0, vatClass: 'standard', gift: true }] : []),
  ];
  // the money rules compare EUR: the same function in EUR first, without shipping
  const inEur = priceSummary({ currency: 'EUR', lines: priceLines(true), rules, benefit: benefitRule(benefit, 1), shipping: { method: versandart, amount: 0 }, vat });
  const valueEur = goodsValue(inEur);
  const shippingEur = shippingEurFor(versandart, valueEur, lines.length > 0);
  const summary = priceSummary({
    currency: cur.code, lines: priceLines(false), rules, benefit: benefitRule(benefit, cur.rate),
    shipping: { method: versandart, amount: convertPrice(shippingEur, cur.rate) }, vat,
  });
  const fwtErr = validateFreeway(valueEur, await lastFreeway(db, kdnr));
  return {
    state: st, cur, lines, unavailable, addresses, address: resolveAddress(addresses, st.address_id, main), benefit, summary,
    netEur, shippingEur, totalEur: round2(valueEur + shippingEur), valueEur,
    fwt: { available: fwtErr === null, reason: fwtErr, selected: !!st.fwt },
  };
}

export function view(co: Checkout, lang: string) {
  const { state: st, cur, summary: sum } = co;
  const shipCost = (id: string) => convertPrice(shippingEurFor(id, co.valueEur, co.lines.length > 0), cur.rate);
  const b = co.benefit;
  const benefitDiscount = sum.discounts.find((d) => d.kind !== 'promotion')?.amount ?? 0;
  return {
    lines: co.lines.map(({ preisEur: _e, vatClass: _v, ...l }) => l),
    unavailable: co.unavailable,
    addresses: co.addresses,
    address: co.address,
    addressId: co.address?.id ?? null,
    versandart: st.versandart,
    versanddatum: st.versanddatum,
    kommentar: st.kommentar,
    zahlungsart: st.zahlungsart,
    /** the stored basket state of section 3 as sent by PUT checkout */
    state: {
      addressId: st.address_id, versandart: st.versandart, versanddatum: st.versanddatum, kommentar: st.kommentar,
      zahlungsart: st.zahlungsart, benefitCode: st.benefit_code, fwt: !!st.fwt,
    },
    versandarten: VERSANDARTEN.map((id) => ({ id, label: label(lang, id), price: shipCost(id) })),
    zahlungsarten: ZAHLUNGSARTEN.map((id) => ({ id, label: label(lang, id) })),
    benefit: b ? {
      code: b.code, kind: b.kind, value: b.value, discount: b.error ? 0 : benefitDiscount, freeGift: b.error ? null : b.freeGift,
      removable: b.removable, valid: b.error === null, error: b.error,
    } : null,
    instantDiscount: b && !b.error && b.kind === 'instant' ? { amount: benefitDiscount } : null,
    fwt: { ...co.fwt, minOrderEur: FREEWAY_MIN_EUR, valueEur: co.valueEur },
    totals: totalsOf(sum),
    summary: sum,
  };
}
