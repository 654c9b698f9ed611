// Checkout (wk/kasse → wk/submit): the basket state of spec section 3 kept per customer in
// checkout_state (delivery address, shipping method, desired date, comment, payment method,
// benefit code, freeway return ticket), delivery addresses, and the order submission.
//
// Choices where the spec is silent:
// - Prices are net; the shop currency follows the session country (prices stored in EUR are
//   converted). Money rules (benefit minimum order, freeway 170 EUR, free shipping, release limit)
//   compare EUR. The summary (lines, discounts, shipping, net, VAT, gross) comes from the one pricing
//   function in server/lib/money.ts; the order keeps it (summary_json) and mail, order details and
//   documents show it. Method and article names follow the call's language (?lang=).
// - Shipping: standard 6.90 EUR (free from 150 EUR goods value after discounts), express 14.90 EUR,
//   abholung (collection) free. Payment: rechnung, lastschrift, vorkasse.
// - The freeway value (and the free-shipping threshold) is the goods value after promotion and benefit
//   discounts, without shipping; a benefit code's minimum order compares the goods before discounts.
// - Dates use the server's local calendar (deploy with TZ=Europe/Berlin): desired date not in the
//   past, not a Sunday, at most 365 days ahead; the freeway month is the local calendar month.
// - One benefit code at a time. A single-use code counts once per customer (benefit_redemptions).
//   A code that is not removable can neither be removed nor replaced by another code.
// - Release (spec section 6: K07 releases orders): an order placed by a sub-user without the 'release'
//   right (K09 buyer) whose net value exceeds the account's threshold (default 5,000 EUR) or the
//   buyer's remaining monthly budget (server/lib/release-rules.ts) waits with release_status 'pending'
//   (status 'release_pending') until the main user or a K07 sub-user calls
//   POST /api/orders/{auftrag}/release. All other orders are 'released' at once.
// - Submit needs an Idempotency-Key (header, or `key` in the body): the same key answers the same
//   order (replayed: true); the unique index orders(kdnr, idempotency_key) settles races.
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import type { Session } from '../http/session.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { currencyFor, convertPrice, forgetPurchases, loadArticleItems } from '../lib/articles.ts';
import { requirePermission, type Acting } from '../lib/permissions.ts';
import { sendMail } from '../lib/mail.ts';
import { isUniqueViolation, nextOrderNumbers } from '../lib/order-numbers.ts';
import { cartDiscountRules, discountTotal, toCents, goodsValue, parseSummary, priceSummary, totalsOf, vatRuleFor, withDesignations, type BenefitRule, type PriceLine, type Summary } from '../lib/money.ts';
import { nowIso } from '../lib/time.ts';
import { parseReleaseReason, releaseReason } from '../lib/release-rules.ts';
import { cartCount } from './cart.ts';
import { designations } from './zahnlager.ts';
import { ERROR_TEXTS, FREEWAY_MIN_EUR } from '../../src/lib/rules/constants.ts';
import { formatPrice, localeFor } from '../../src/lib/rules/locale.ts';
import { isRequestPrice } from '../../src/lib/rules/pricing.ts';
import { parseDate, validateFreeway } from '../../src/lib/rules/validate.ts';
import { ADDRESS_FIELDS, addressErrors, orderedFields } from '../../src/lib/rules/forms.ts';
import * as calls from '../../src/api/checkout.ts';
import type { PlacedOut, UnavailableReason } from '../../src/api/checkout.ts';
import { StateIn } from '../../src/api/checkout.ts';

// ---- constants and small helpers ----

export const VERSANDARTEN = ['standard', 'express', 'abholung'] as const;
export const ZAHLUNGSARTEN = ['rechnung', 'lastschrift', 'vorkasse'] as const;
const SHIPPING_EUR: Record<string, number> = { standard: 6.9, express: 14.9, abholung: 0 };
const FREE_STANDARD_FROM_EUR = 150;

const ADDRESSES_PER_CUSTOMER = 100;

const LABELS: Record<string, Record<string, string>> = {
  de: { standard: 'Standardversand', express: 'Expressversand', abholung: 'Abholung', rechnung: 'Rechnung', lastschrift: 'Lastschrift', vorkasse: 'Vorkasse' },
  en: { standard: 'Standard shipping', express: 'Express shipping', abholung: 'Collection', rechnung: 'Invoice', lastschrift: 'Direct debit', vorkasse: 'Prepayment' },
  fr: { standard: 'Expédition standard', express: 'Expédition express', abholung: 'Retrait sur place', rechnung: 'Facture', lastschrift: 'Prélèvement SEPA', vorkasse: 'Paiement anticipé' },
  es: { standard: 'Envío estándar', express: 'Envío exprés', abholung: 'Recogida', rechnung: 'Factura', lastschrift: 'Domiciliación SEPA', vorkasse: 'Pago anticipado' },
  it: { standard: 'Spedizione standard', express: 'Spedizione espressa', abholung: 'Ritiro', rechnung: 'Fattura', lastschrift: 'Addebito SEPA', vorkasse: 'Pagamento anticipato' },
  nl: { standard: 'Standaardverzending', express: 'Expresverzending', abholung: 'Afhalen', rechnung: 'Factuur', lastschrift: 'SEPA-incasso', vorkasse: 'Vooruitbetaling' },
  pl: { standard: 'Wysyłka standardowa', express: 'Wysyłka ekspresowa', abholung: 'Odbiór osobisty', rechnung: 'Faktura', lastschrift: 'Polecenie zapłaty SEPA', vorkasse: 'Przedpłata' },
  hu: { standard: 'Normál szállítás', express: 'Expressz szállítás', abholung: 'Személyes átvétel', rechnung: 'Számla', lastschrift: 'SEPA csoportos beszedés', vorkasse: 'Előre fizetés' },
  cs: { standard: 'Standardní doprava', express: 'Expresní doprava', abholung: 'Osobní odběr', rechnung: 'Faktura', lastschrift: 'Inkaso SEPA', vorkasse: 'Platba předem' },
};
const label = (lang: string, id: string) => (LABELS[lang] ?? LABELS.de!)[id] ?? id;

export const round2 = (v: number) => Math.round(v * 100) / 100;
const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the server's local calendar as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
const monthKey = (now = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

/** Error with the catalogue text of its key (section 8); an empty cart also says what to do. */
function fail(status: number, key: string, extra: Record<string, unknown> = {}): ApiError {
  if (key === 'cart_no_products') {
    return new ApiError(status, key, { message: `${ERROR_TEXTS.cart_no_products}. ${ERROR_TEXTS.cart_add_products_first}`, ...extra });
  }
  return new ApiError(status, key, extra);
}
/** 400 field_invalid naming the first bad field, all of them, and (for the address form) each one's error key. */
const fieldInvalid = (field: string, fields?: string[], reasons?: Record<string, string>) =>
  badRequest('field_invalid', { field, fields: fields ?? [field], ...(reasons ? { reasons } : {}), message: ERROR_TEXTS.field_invalid.replace('{field}', field) });

// ---- basket state ----

export interface CheckoutStateRow {
  address_id: number | null; versandart: string; versanddatum: string | null; kommentar: string;
  zahlungsart: string; benefit_code: string | null; fwt: number;
}
const DEFAULT_STATE: CheckoutStateRow = {
  address_id: null, versandart: 'standard', versanddatum: null, kommentar: '', zahlungsart: 'rechnung', benefit_code: null, fwt: 0,
};

async function loadState(db: Db, kdnr: number): Promise<CheckoutStateRow> {
  const r = await db.selectFrom('checkout_state')
    .select(['address_id', 'versandart', 'versanddatum', 'kommentar', 'zahlungsart', 'benefit_code', 'fwt'])
    .where('kdnr', '=', kdnr).executeTakeFirst();
  return r ? { ...r, address_id: r.address_id === null ? null : Number(r.address_id), fwt: Number(r.fwt) } : { ...DEFAULT_STATE };
}

async function saveState(db: Db, kdnr: number, s: CheckoutStateRow): Promise<void> {
  const row = { ...s, updated_at: nowIso() };
  await db.insertInto('checkout_state').values({ kdnr, ...row })
    .onConflict((oc) => oc.column('kdnr').doUpdateSet(row)).execute();
}

// ---- addresses ----

export interface AddressOut {
  id: number | null; firma_name: string; zusatz1: string; zusatz2: string; ansprechpartner: string;
  strasse: string; plz: string; ort: string; land_iso2: string; is_default: boolean;
}

async function listAddresses(db: Db, kdnr: number): Promise<AddressOut[]> {
  const rows = await db.selectFrom('addresses').selectAll().where('kdnr', '=', kdnr).orderBy('is_default', 'desc').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id), firma_name: r.firma_name, zusatz1: r.zusatz1, zusatz2: r.zusatz2, ansprechpartner: r.ansprechpartner,
    strasse: r.strasse, plz: r.plz, ort: r.ort, land_iso2: r.land_iso2, is_default: !!r.is_default,
  }));
}

/** The customer's own address (Stammadresse) when no delivery address exists: id null. */
async function mainAddress(db: Db, kdnr: number): Promise<AddressOut | null> {
  const c = await db.selectFrom('customers').select(['namenszeile1', 'namenszeile2', 'namenszeile3', 'vorname', 'nachname', 'strasse', 'plz', 'ort', 'land_iso2'])
    .where('kdnr', '=', kdnr).executeTakeFirst();
  if (!c) return null;
  const name = `${c.vorname} ${c.nachname}`.trim();
  return {
    id: null, firma_name: c.namenszeile1 || name, zusatz1: c.namenszeile2, zusatz2: c.namenszeile3, ansprechpartner: c.namenszeile1 ? name : '',
    strasse: c.strasse, plz: c.plz, ort: c.ort, land_iso2: c.land_iso2, is_default: false,
  };
}

/** Chosen address if still present, else the default one, else the first, else the main address. */
function resolveAddress(addresses: AddressOut[], id: number | null, main: AddressOut | null): AddressOut | null {
  return addresses.find((a) => a.id === id) ?? addresses.find((a) => a.is_default) ?? addresses[0] ?? main;
}

// ---- benefit codes ----

interface BenefitEval {
  code: string; kind: string; value: number; removable: boolean;
  freeGift: { artnr: string; bezeichnung: string } | null;
  /** null when it applies; otherwise the error key (it then takes nothing off) */
  error: string | null;
}

/** Whether a code applies to a cart of `netEur` goods value (before discounts); its amount comes from priceSummary. */
async function evalBenefit(db: Db, kdnr: number, code: string, netEur: number, lang: string): Promise<BenefitEval> {
  const row = await db.selectFrom('benefit_codes').selectAll().where('code', '=', code).executeTakeFirst();
  const t = today();
  const base = { code, kind: row?.kind ?? 'percent', value: Number(row?.value ?? 0), removable: row ? !!row.removable : true, freeGift: null };
  if (!row || t < row.valid_from.slice(0, 10) || t > row.valid_to.slice(0, 10)) return { ...base, error: 'benefit_code_invalid' };
  if (row.single_use) {
    const used = await db.selectFrom('benefit_redemptions').select('code').where('code', '=', code).where('kdnr', '=', kdnr).executeTakeFirst();
    if (used) return { ...base, error: 'benefit_code_already_redeemed' };
  }
  if (netEur < Number(row.min_order)) return { ...base, error: 'benefit_code_min_order' };
  let freeGift: BenefitEval['freeGift'] = null;
  if (row.kind === 'gift' && row.free_gift_artnr) {
    const [g] = await loadArticleItems(db, [row.free_gift_artnr], { lang, country: 'de' });
    if (g) freeGift = { artnr: g.Artikelnummer, bezeichnung: g.Bezeichnung };
  }
  return { ...base, freeGift, error: null };
}

/** The pricing rule of an applicable code in a currency (instant amounts are EUR values converted). */
function benefitRule(b: BenefitEval | null, rate: number): BenefitRule | null {
  if (!b || b.error) return null;
  if (b.kind === 'percent') return { code: b.code, kind: 'percent', percent: b.value };
  if (b.kind === 'instant') return { code: b.code, kind: 'instant', amount: convertPrice(b.value, rate) };
  return { code: b.code, kind: 'gift' };
}

const normCode = (s: string) => s.trim().toUpperCase();

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

function view(co: Checkout, lang: string) {
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

// ---- validation of the basket state ----

/** YYYY-M-D, a calendar date, not in the past, not a Sunday, at most a year ahead → YYYY-MM-DD. */
export function checkVersanddatum(v: string, now = new Date()): string {
  const d = parseDate(v);
  if (!d) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'format' });
  const iso = `${d.year}-${pad(d.month)}-${pad(d.day)}`;
  if (iso < today(now)) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'past' });
  if (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() === 0) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'sunday' });
  const max = new Date(now.getFullYear() + 1, now.getMonth(), now.getDate());
  if (iso > today(max)) throw badRequest('invalid_date', { field: 'versanddatum', reason: 'too_far' });
  return iso;
}

type StateInput = z.output<typeof StateIn>;

/** Validates a partial basket state against the customer's data; answers the merged state. */
async function mergeState(db: Db, session: Session, st: CheckoutStateRow, p: StateInput, opts: { lang: string; country: string }): Promise<CheckoutStateRow> {
  const next = { ...st };
  if (p.addressId !== undefined) {
    if (p.addressId !== null) {
      const own = await db.selectFrom('addresses').select('id').where('id', '=', p.addressId).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (!own) throw notFound();
    }
    next.address_id = p.addressId;
  }
  if (p.versandart !== undefined) {
    if (!(VERSANDARTEN as readonly string[]).includes(p.versandart)) throw fieldInvalid('versandart');
    next.versandart = p.versandart;
  }
  if (p.zahlungsart !== undefined) {
    if (!(ZAHLUNGSARTEN as readonly string[]).includes(p.zahlungsart)) throw fieldInvalid('zahlungsart');
    next.zahlungsart = p.zahlungsart;
  }
  if (p.versanddatum !== undefined) next.versanddatum = p.versanddatum === null || p.versanddatum.trim() === '' ? null : checkVersanddatum(p.versanddatum.trim());
  if (p.kommentar !== undefined) next.kommentar = p.kommentar.trim();
  if (p.fwt !== undefined) next.fwt = p.fwt ? 1 : 0;
  if (next.fwt && p.fwt) {
    const co = await computeCheckout(db, session.kdnr, opts, next);
    if (co.lines.length === 0) throw fail(400, 'cart_no_products');
    if (co.fwt.reason) throw fail(co.fwt.reason === 'freeway_min_value' ? 400 : 409, co.fwt.reason, { minOrderEur: FREEWAY_MIN_EUR, valueEur: co.valueEur });
  }
  return next;
}

async function checkoutView(db: Db, session: Session, opts: { lang: string; country: string }) {
  const co = await computeCheckout(db, session.kdnr, opts);
  if (co.lines.length === 0 && co.unavailable.length === 0) throw fail(400, 'cart_no_products');
  return view(co, opts.lang);
}

// ---- submit ----

const KEY_RE = /^[A-Za-z0-9._:-]{8,100}$/;

/** A placed order as the submit call answers it (without the release flag and the basket counter). */
type Placed = Omit<z.input<typeof PlacedOut>, 'release' | 'wkcounter'>;

async function findByKey(db: Db, kdnr: number, key: string): Promise<Placed | null> {
  const o = await db.selectFrom('orders').select(['id', 'auftrag', 'vorgang', 'rechnung', 'total', 'currency', 'status', 'release_status', 'release_reason', 'summary_json'])
    .where('kdnr', '=', kdnr).where('idempotency_key', '=', key).executeTakeFirst();
  return o ? {
    orderId: Number(o.id), auftrag: o.auftrag, vorgang: o.vorgang, rechnung: o.rechnung, total: Number(o.total), currency: o.currency,
    status: o.status, releaseStatus: o.release_status === 'pending' ? 'pending' : 'released', releaseReason: parseReleaseReason(o.release_reason), replayed: true, summary: parseSummary(o.summary_json),
  } : null;
}

interface PlaceResult { placed: Placed; mail?: { co: Checkout; addr: AddressOut } }

async function placeOrder(
  tx: Db, session: Session, key: string, patch: StateInput, opts: { lang: string; country: string }, acting: Acting, attempt: number,
): Promise<PlaceResult> {
  const again = await findByKey(tx, session.kdnr, key);
  if (again) return { placed: again };
  let st = await loadState(tx, session.kdnr);
  st = await mergeState(tx, session, st, patch, opts);
  // the desired date may have turned into the past since it was chosen
  if (st.versanddatum) checkVersanddatum(st.versanddatum);
  const co = await computeCheckout(tx, session.kdnr, opts, st);
  if (co.lines.length === 0) throw fail(400, 'cart_no_products');
  if (co.unavailable.length) throw badRequest('error_artnr', { artnr: co.unavailable.map((u) => u.Artikelnummer), unavailable: co.unavailable });
  if (co.benefit?.error) {
    throw fail(co.benefit.error === 'benefit_code_already_redeemed' ? 409 : 400, co.benefit.error, { code: co.benefit.code });
  }
  if (st.fwt && co.fwt.reason) throw fail(co.fwt.reason === 'freeway_min_value' ? 400 : 409, co.fwt.reason, { minOrderEur: FREEWAY_MIN_EUR, valueEur: co.valueEur });
  const addr = co.address;
  if (!addr) throw fieldInvalid('addressId');

  const valueCents = toCents(co.totalEur);
  const reason = await releaseReason(tx, session.kdnr, acting, valueCents);
  const pending = reason !== null;
  const status = pending ? 'release_pending' : 'processing';
  const nums = await nextOrderNumbers(tx, attempt);
  const now = nowIso();
  const gift = co.benefit && !co.benefit.error ? co.benefit.freeGift : null;
  const { id } = await tx.insertInto('orders').values({
    kdnr: session.kdnr, auftrag: nums.auftrag, vorgang: nums.vorgang, rechnung: nums.rechnung, created_at: now, status,
    total: co.summary.net, currency: co.cur.code, summary_json: JSON.stringify(co.summary),
    address_json: JSON.stringify(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, addr[f]]))),
    versandart: st.versandart, versanddatum: st.versanddatum, kommentar: st.kommentar, zahlungsart: st.zahlungsart,
    benefit_code: co.benefit && !co.benefit.error ? co.benefit.code : null, discount: discountTotal(co.summary),
    free_gift_artnr: gift?.artnr ?? null, fwt: st.fwt ? 1 : 0, idempotency_key: key,
    placed_by_sub_user: acting.id === 0 ? null : acting.id, release_status: pending ? 'pending' : 'released', released_by: null, source: 'shop',
    release_reason: reason ? JSON.stringify(reason) : null, net_eur_cents: valueCents,
  }).returning('id').executeTakeFirstOrThrow();
  const orderId = Number(id);
  // designations in the base language (as the order history stores them)
  const base = new Map((await tx.selectFrom('articles').select(['artnr', 'bezeichnung'])
    .where('artnr', 'in', [...co.lines.map((l) => l.Artikelnummer), ...(gift ? [gift.artnr] : [])]).execute()).map((r) => [r.artnr, r.bezeichnung]));
  const lines = co.lines.map((l, i) => ({
    order_id: orderId, pos: i + 1, artnr: l.Artikelnummer, bezeichnung: base.get(l.Artikelnummer) ?? l.Bezeichnung,
    menge: l.Menge, preis: l.Einzelpreis, status, geliefert: 0, zahnlager_slot_id: null,
  }));
  if (gift) {
    lines.push({ order_id: orderId, pos: lines.length + 1, artnr: gift.artnr, bezeichnung: base.get(gift.artnr) ?? gift.bezeichnung, menge: 1, preis: 0, status, geliefert: 0, zahnlager_slot_id: null });
  }
  await tx.insertInto('order_lines').values(lines).execute();
  if (co.benefit && !co.benefit.error) {
    const ins = tx.insertInto('benefit_redemptions').values({ code: co.benefit.code, kdnr: session.kdnr, order_id: orderId, redeemed_at: now });
    // single-use: a second redemption must fail (409); multi-use codes keep their first redemption row
    const single = await tx.selectFrom('benefit_codes').select('single_use').where('code', '=', co.benefit.code).executeTakeFirst();
    if (single?.single_use) await ins.execute();
    else await ins.onConflict((oc) => oc.columns(['code', 'kdnr']).doNothing()).execute();
  }
  if (st.fwt) await tx.insertInto('freeway_tickets').values({ kdnr: session.kdnr, order_id: orderId, month: monthKey(), created_at: now }).execute();
  await tx.insertInto('documents').values({
    kdnr: session.kdnr, typ: 'auftragsbestaetigung', nummer: String(nums.auftrag), datum: today(), order_id: orderId, betrag: co.summary.net,
  }).execute();
  await tx.deleteFrom('cart_items').where('kdnr', '=', session.kdnr).execute();
  // basket reset (section 4): address, shipping method, date, comment, fwt — and the used code and payment choice
  await tx.deleteFrom('checkout_state').where('kdnr', '=', session.kdnr).execute();
  return {
    placed: {
      orderId, auftrag: nums.auftrag, vorgang: nums.vorgang, rechnung: nums.rechnung, total: co.summary.net, currency: co.cur.code,
      status, releaseStatus: pending ? 'pending' : 'released', releaseReason: parseReleaseReason(reason && JSON.stringify(reason)), replayed: false, summary: co.summary,
    },
    mail: { co, addr },
  };
}

const MAIL_TEXT: Record<string, Record<string, string>> = {
  de: {
    subject: 'Ihre Bestellung {auftrag}', hello: 'vielen Dank für Ihre Bestellung. Wir haben sie unter der Auftragsnummer {auftrag} erhalten.',
    pending: 'Die Bestellung überschreitet die Freigabegrenze oder das Monatsbudget und wartet auf die Freigabe durch einen berechtigten Benutzer.',
    lines: 'Positionen', gift: 'Gratiszugabe', subtotal: 'Zwischensumme', promotion: 'Aktionsrabatt {name} ({p} %)', percent: 'Vorteilscode {code} ({p} %)',
    instant: 'Sofortrabatt (Vorteilscode {code})', net: 'Summe netto', vat: 'MwSt. {p} % auf {base}', reverse: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)',
    gross: 'Gesamtbetrag (brutto)', address: 'Lieferadresse', shipping: 'Versand', greet: 'Ihr Team von {firma}',
    releaseSubject: 'Freigabe erforderlich: Bestellung {auftrag}', releaseText: 'Die Bestellung {auftrag} über {total} wartet auf Ihre Freigabe.',
  },
  en: {
    subject: 'Your order {auftrag}', hello: 'thank you for your order. We received it under order number {auftrag}.',
    pending: 'The order exceeds the release threshold or the monthly budget and waits for the release by an authorised user.',
    lines: 'Items', gift: 'Free gift', subtotal: 'Subtotal', promotion: 'Promotion discount {name} ({p} %)', percent: 'Benefit code {code} ({p} %)',
    instant: 'Instant discount (benefit code {code})', net: 'Total (net)', vat: 'VAT {p} % on {base}', reverse: 'Reverse charge: VAT payable by the recipient',
    gross: 'Total (gross)', address: 'Delivery address', shipping: 'Shipping', greet: 'Your {firma} team',
    releaseSubject: 'Release required: order {auftrag}', releaseText: 'Order {auftrag} of {total} is waiting for your release.',
  },
};

/** The order's money block of the mail: every summary line, so the mail adds up like the checkout. */
function summaryText(sum: Summary, T: Record<string, string>, shippingLabel: string, money: (v: number) => string): string[] {
  const pct = (v: number | null) => (T === MAIL_TEXT.de ? String(v ?? '').replace('.', ',') : String(v ?? ''));
  const discount = (d: Summary['discounts'][number]) => (d.kind === 'promotion' ? T.promotion! : d.kind === 'percent' ? T.percent! : T.instant!)
    .replace('{name}', d.label).replace('{code}', d.label).replace('{p}', pct(d.percent));
  return [
    `${T.lines}:`,
    ...sum.lines.map((l) => `  ${l.menge} x ${l.artnr} ${l.bezeichnung}${l.gift ? ` (${T.gift})` : ''} — ${money(l.net)}`),
    '',
    `${T.subtotal}: ${money(sum.subtotal)}`,
    ...sum.discounts.map((d) => `${discount(d)}: −${money(d.amount)}`),
    `${T.shipping} (${shippingLabel}): ${money(sum.shipping.amount)}`,
    `${T.net}: ${money(sum.net)}`,
    ...sum.vat.map((v) => `${T.vat!.replace('{p}', pct(v.percent)).replace('{base}', money(v.base))}: ${money(v.amount)}`),
    ...(sum.reverseCharge ? [T.reverse!] : []),
    `${T.gross}: ${money(sum.gross)}`,
  ];
}

async function sendOrderMails(db: Db, session: Session, p: Placed, co: Checkout, addr: AddressOut, lang: string, country: string): Promise<void> {
  // one language per mail: its texts, greeting, names and number format (German unless English)
  const mailLang = MAIL_TEXT[lang] ? lang : 'de';
  const T = MAIL_TEXT[mailLang]!;
  const fill = (s: string) => s.replace('{auftrag}', String(p.auftrag)).replace('{total}', money(p.total)).replace('{firma}', firmaName);
  const loc = localeFor(country, mailLang);
  const money = (v: number) => formatPrice(v, co.cur.code, loc).replace(/\u00a0|\u202f/g, ' ');
  const c = await db.selectFrom('customers').select(['email', 'anrede', 'vorname', 'nachname', 'firma']).where('kdnr', '=', session.kdnr).executeTakeFirst();
  const firma = await db.selectFrom('companies').select('name').where('firma', '=', c?.firma ?? session.firma).executeTakeFirst();
  const firmaName = firma?.name ?? 'Dentalversand Nord GmbH';
  if (c?.email) {
    const text = [
      `${mailLang === 'de' ? 'Guten Tag' : 'Hello'} ${`${c.vorname} ${c.nachname}`.trim()},`, '', fill(T.hello!),
      ...(p.releaseStatus === 'pending' ? ['', T.pending!] : []), '',
      ...summaryText(mailLang === lang ? co.summary : withDesignations(co.summary, await designations(db, co.summary.lines.map((l) => l.artnr), mailLang)),
        T, label(mailLang, co.summary.shipping.method), money), '',
      `${T.address}:`, ...[addr.firma_name, addr.zusatz1, addr.zusatz2, addr.ansprechpartner, addr.strasse, `${addr.plz} ${addr.ort}`, addr.land_iso2].filter(Boolean).map((s) => `  ${s}`),
      '', fill(T.greet!),
    ].join('\n');
    await sendMail(db, { to: c.email, subject: fill(T.subject!), text, kind: 'order_confirmation' });
  }
  if (p.releaseStatus === 'pending') {
    const managers = await db.selectFrom('sub_users').select(['email', 'funktionen']).where('kdnr', '=', session.kdnr).where('deleted', '=', 0).execute();
    const to = new Set<string>(managers.filter((m) => m.email && /(^|[;,])\s*K07\s*($|[;,])/i.test(m.funktionen)).map((m) => m.email!));
    if (c?.email) to.add(c.email);
    for (const addrTo of to) await sendMail(db, { to: addrTo, subject: fill(T.releaseSubject!), text: fill(T.releaseText!), kind: 'order_release_request' });
  }
}

export const routes: AnyRoute[] = [
  defineRoute(calls.view, ({ db, session, lang, country }) => checkoutView(db, session, { lang, country })),

  defineRoute(calls.setState, async ({ db, session, body, lang, country }) => {
    await db.transaction().execute(async (tx) => {
      const st = await mergeState(tx, session, await loadState(tx, session.kdnr), body, { lang, country });
      await saveState(tx, session.kdnr, st);
    });
    return checkoutView(db, session, { lang, country });
  }),

  defineRoute(calls.addresses, ({ db, session }) => listAddresses(db, session.kdnr)),

  defineRoute(calls.addAddress, async ({ db, session, body }) => {
    const v: Record<string, string> = {};
    for (const f of ADDRESS_FIELDS) v[f] = (body[f] ?? '').trim();
    v.land_iso2 = v.land_iso2!.toUpperCase();
    // the island's rules (src/lib/rules/forms.ts), then what only the server knows: the shop's countries
    const errors = addressErrors(v);
    if (!errors.land_iso2 && !(await db.selectFrom('countries').select('iso2').where('iso2', '=', v.land_iso2!).executeTakeFirst())) {
      errors.land_iso2 = 'field_invalid';
    }
    const bad = orderedFields(errors, ADDRESS_FIELDS);
    if (bad.length) throw fieldInvalid(bad[0]!, bad, errors);
    return db.transaction().execute(async (tx) => {
      const n = await tx.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (Number(n?.n ?? 0) >= ADDRESSES_PER_CUSTOMER) throw conflict('address_limit', { max: ADDRESSES_PER_CUSTOMER });
      const { id } = await tx.insertInto('addresses').values({
        kdnr: session.kdnr, firma_name: v.firma_name!, zusatz1: v.zusatz1!, zusatz2: v.zusatz2!, ansprechpartner: v.ansprechpartner!,
        strasse: v.strasse!, plz: v.plz!, ort: v.ort!, land_iso2: v.land_iso2!, is_default: 0,
      }).returning('id').executeTakeFirstOrThrow();
      const st = await loadState(tx, session.kdnr);
      await saveState(tx, session.kdnr, { ...st, address_id: Number(id) });
      return {
        id: Number(id), firma_name: v.firma_name!, zusatz1: v.zusatz1!, zusatz2: v.zusatz2!, ansprechpartner: v.ansprechpartner!,
        strasse: v.strasse!, plz: v.plz!, ort: v.ort!, land_iso2: v.land_iso2!, is_default: false,
      };
    });
  }),

  defineRoute(calls.redeemBenefit, async ({ db, session, body, lang, country }) => {
    const code = normCode(body.code ?? '');
    if (code === '') throw badRequest('benefit_code_empty', { message: ERROR_TEXTS.benefit_code_empty });
    await db.transaction().execute(async (tx) => {
      const st = await loadState(tx, session.kdnr);
      const co = await computeCheckout(tx, session.kdnr, { lang, country }, st);
      if (co.lines.length === 0) throw fail(400, 'cart_no_products');
      if (st.benefit_code && st.benefit_code !== code && co.benefit && !co.benefit.removable) {
        throw conflict('benefit_code_not_removable', { code: st.benefit_code, message: ERROR_TEXTS.benefit_code_not_removable });
      }
      const b = await evalBenefit(tx, session.kdnr, code, co.netEur, lang);
      if (b.error === 'benefit_code_invalid') throw badRequest('benefit_code_invalid', { message: ERROR_TEXTS.benefit_code_invalid });
      if (b.error === 'benefit_code_already_redeemed') throw fail(409, 'benefit_code_already_redeemed');
      if (b.error === 'benefit_code_min_order') {
        const row = await tx.selectFrom('benefit_codes').select('min_order').where('code', '=', code).executeTakeFirst();
        throw fail(400, 'benefit_code_min_order', { minOrderEur: Number(row?.min_order ?? 0), valueEur: co.netEur });
      }
      await saveState(tx, session.kdnr, { ...st, benefit_code: code });
    });
    return checkoutView(db, session, { lang, country });
  }),

  defineRoute(calls.removeBenefit, async ({ db, session, lang, country }) => {
    await db.transaction().execute(async (tx) => {
      const st = await loadState(tx, session.kdnr);
      if (!st.benefit_code) return;
      const row = await tx.selectFrom('benefit_codes').select('removable').where('code', '=', st.benefit_code).executeTakeFirst();
      if (row && !row.removable) throw conflict('benefit_code_not_removable', { code: st.benefit_code, message: ERROR_TEXTS.benefit_code_not_removable });
      await saveState(tx, session.kdnr, { ...st, benefit_code: null });
    });
    return checkoutView(db, session, { lang, country });
  }),

  defineRoute(calls.submit, async ({ db, session, body, c, lang, country }) => {
    const key = (c.req.header('idempotency-key') ?? body.key ?? '').trim();
    if (key === '') throw badRequest('idempotency_key_required');
    if (!KEY_RE.test(key)) throw badRequest('idempotency_key_invalid');
    const acting = await requirePermission(db, session, 'order');
    const { key: _k, ...patch } = body;
    const opts = { lang, country };
    const answer = async (p: Placed) => ({ ...p, release: p.releaseStatus === 'pending', wkcounter: await cartCount(db, session.kdnr) });
    const seen = await findByKey(db, session.kdnr, key);
    if (seen) return answer(seen);
    for (let attempt = 0; ; attempt++) {
      let res: PlaceResult;
      try {
        res = await db.transaction().execute((tx) => placeOrder(tx, session, key, patch, opts, acting, attempt));
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // a concurrent request with the same key won: answer its order
        const other = await findByKey(db, session.kdnr, key);
        if (other) return answer(other);
        if (isUniqueViolation(e, 'freeway')) throw fail(409, 'freeway_once_per_month');
        if (isUniqueViolation(e, 'benefit_red')) throw fail(409, 'benefit_code_already_redeemed');
        if (attempt >= 4) throw e;
        continue; // order number drawn twice by concurrent orders: draw again
      }
      forgetPurchases(db, session.kdnr);
      if (res.mail) {
        try {
          await sendOrderMails(db, session, res.placed, res.mail.co, res.mail.addr, lang, country);
        } catch (e) {
          // the order stands; a mail problem must not turn it into an error
          console.error('[checkout] order mail failed', res.placed.auftrag, e);
        }
      }
      return answer(res.placed);
    }
  }),
];
