// Checkout (wk/kasse → wk/submit): the basket state, delivery addresses, benefit codes and the order
// submission. Handlers: server/modules/checkout/.
import { zId, PageLocale } from './common.ts';
import { TotalsSchema, SummarySchema } from './money.ts';
import { ReleaseReasonSchema } from './release-rules.ts';
import { z } from 'zod';
import { contract } from './contract.ts';
import { ADDRESS_MAX } from '../lib/rules/forms.ts';

export const KOMMENTAR_MAX = 500;
export const zFwt = z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'invalid_input' }).transform((v) => v === true || v === 1);
export const StateIn = z.object({
  addressId: zId.nullable().optional().describe('id of a delivery address of GET checkout/addresses; null = default address'),
  versandart: z.string().max(20, 'field_invalid').optional().describe('standard | express | abholung'),
  versanddatum: z.string().max(20, 'invalid_date').nullable().optional().describe('desired date YYYY-M-D (not in the past, not a Sunday); null or "" clears'),
  kommentar: z.string().max(KOMMENTAR_MAX, 'too_long').optional().describe(`comment, at most ${KOMMENTAR_MAX} characters`),
  zahlungsart: z.string().max(20, 'field_invalid').optional().describe('rechnung | lastschrift | vorkasse'),
  fwt: zFwt.optional().describe('freeway return ticket: order value ≥ 170 EUR, once per calendar month'),
});
// ---- schemas ----

/** A delivery address (id null: the customer's own address). */
export const AddressSchema = z.object({
  id: z.number().nullable(), firma_name: z.string(), zusatz1: z.string(), zusatz2: z.string(), ansprechpartner: z.string(),
  strasse: z.string(), plz: z.string(), ort: z.string(), land_iso2: z.string(), is_default: z.boolean(),
});
export const LineSchema = z.object({
  Artikelnummer: z.string(), Bezeichnung: z.string(), Gebinde: z.string(), Preis: z.number(), KatPreis: z.number(),
  Menge: z.number(), Einzelpreis: z.number(), Gesamtpreis: z.number(), vkz: z.string(), Waehrung: z.string(),
}).loose();
/** Why a basket line cannot be ordered: unknown article, out of the range, price on request. */
export const UnavailableReason = z.enum(['unknown', 'out_of_range', 'request_price']);
export type UnavailableReason = z.infer<typeof UnavailableReason>;
export const CheckoutOut = z.object({
  lines: z.array(LineSchema),
  unavailable: z.array(z.object({ Artikelnummer: z.string(), Menge: z.number(), reason: UnavailableReason })),
  addresses: z.array(AddressSchema),
  address: AddressSchema.nullable().describe('the address the order goes to (chosen, else default, else the customer address with id null)'),
  addressId: z.number().nullable(),
  versandart: z.string(), versanddatum: z.string().nullable(), kommentar: z.string(), zahlungsart: z.string(),
  state: z.object({
    addressId: z.number().nullable(), versandart: z.string(), versanddatum: z.string().nullable(), kommentar: z.string(),
    zahlungsart: z.string(), benefitCode: z.string().nullable(), fwt: z.boolean(),
  }),
  versandarten: z.array(z.object({ id: z.string(), label: z.string(), price: z.number() })),
  zahlungsarten: z.array(z.object({ id: z.string(), label: z.string() })),
  benefit: z.object({
    code: z.string(), kind: z.enum(['percent', 'instant', 'gift']).or(z.string()), value: z.number(), discount: z.number(),
    freeGift: z.object({ artnr: z.string(), bezeichnung: z.string() }).nullable(), removable: z.boolean(),
    valid: z.boolean(), error: z.string().nullable().describe('why a stored code does not apply (any more)'),
  }).nullable(),
  instantDiscount: z.object({ amount: z.number() }).nullable(),
  fwt: z.object({ available: z.boolean(), reason: z.string().nullable(), selected: z.boolean(), minOrderEur: z.number(), valueEur: z.number() }),
  totals: TotalsSchema,
  summary: SummarySchema,
});
export const PlacedOut = z.object({
  auftrag: z.number(), vorgang: z.number(), rechnung: z.number().describe('0 until the order is invoiced'), orderId: z.number(),
  total: z.number().describe('net total'), currency: z.string(), status: z.string(), releaseStatus: z.enum(['released', 'pending']),
  summary: SummarySchema.nullable().describe('the priced summary the order was placed with'),
  release: z.boolean().describe('true when the order waits for a release'),
  releaseReason: ReleaseReasonSchema.nullable().describe('why it waits (net EUR figures); null when released at once'), replayed: z.boolean().describe('true when the key was seen before'),
  wkcounter: z.number(),
});
// ---- routes ----

export type Address = z.infer<typeof AddressSchema>;
export type CheckoutInfo = z.infer<typeof CheckoutOut>;
export type StatePatch = z.input<typeof StateIn>;

export type NewAddress = z.input<typeof AddressIn>;

export const AddressIn = z.object({
  firma_name: z.string().optional(), zusatz1: z.string().optional(), zusatz2: z.string().optional(), ansprechpartner: z.string().optional(),
  strasse: z.string().optional(), plz: z.string().optional(), ort: z.string().optional(), land_iso2: z.string().optional(),
}).describe(`firma_name, strasse, plz, ort, land_iso2 required; each at most ${ADDRESS_MAX} characters; plz by the country's rule (the rules of src/lib/rules/forms.ts addressErrors, which the island runs too)`);

export const view = contract({
  method: 'get', path: '/checkout', access: 'customer', tag: 'checkout',
  summary: 'The checkout: cart lines, addresses, shipping and payment methods, desired date, comment, benefit code, freeway ticket and totals. Empty cart → 400 cart_no_products',
  query: PageLocale,
  response: CheckoutOut,
});

export const setState = contract({
  method: 'put', path: '/checkout', access: 'customer', tag: 'checkout',
  summary: 'Sets parts of the basket state { addressId?, versandart?, versanddatum?, kommentar?, zahlungsart?, fwt? }; answers the checkout. Errors: cart_no_products (empty cart; nothing is saved), 404 (foreign address), field_invalid {field}, invalid_date {reason: format|past|sunday|too_far}, too_long, freeway_min_value, freeway_once_per_month (409)',
  query: PageLocale,
  body: StateIn,
  response: CheckoutOut,
});

export const addresses = contract({
  method: 'get', path: '/checkout/addresses', access: 'customer', tag: 'checkout',
  summary: 'Delivery addresses of the customer (default first); empty when only the customer address exists',
  query: PageLocale,
  response: z.array(AddressSchema),
});

export const addAddress = contract({
  method: 'post', path: '/checkout/addresses', access: 'customer', tag: 'checkout',
  summary: 'Enters a new delivery address and selects it for this checkout. Each invalid field → 400 { error: field_invalid, field, fields }',
  query: PageLocale,
  body: AddressIn,
  response: AddressSchema,
});

export const redeemBenefit = contract({
  method: 'post', path: '/checkout/benefit', access: 'customer', tag: 'checkout',
  summary: 'Applies a benefit code (Vorteilscode) { code }; answers the checkout. Errors: benefit_code_empty, cart_no_products, benefit_code_invalid (unknown/expired), 409 benefit_code_already_redeemed (single-use, already used), benefit_code_min_order, 409 benefit_code_not_removable (the applied code cannot be replaced)',
  query: PageLocale,
  body: z.object({ code: z.string({ error: 'benefit_code_empty' }).max(100, 'benefit_code_invalid').optional() }),
  response: CheckoutOut,
});

export const removeBenefit = contract({
  method: 'delete', path: '/checkout/benefit', access: 'customer', tag: 'checkout',
  summary: 'Removes the applied benefit code (no code: nothing to do); 409 benefit_code_not_removable for fixed codes; cart_no_products (empty cart; nothing changes). Answers the checkout',
  query: PageLocale,
  response: CheckoutOut,
});

export const submit = contract({
  method: 'post', path: '/checkout/submit', access: 'customer', tag: 'checkout',
  summary: 'Places the order. Header Idempotency-Key (or body key, 8–100 of A-Z a-z 0-9 . _ : -) is required: the same key always answers the same order. The body may carry the PUT checkout fields (applied in the same transaction). Needs the order right (main user, K07, K09; else 403 forbidden_function). Orders of a sub-user without release right over the account threshold (default 5,000 EUR net) or the buyer\'s remaining monthly budget wait for a release (releaseStatus pending, releaseReason threshold | budget)',
  query: PageLocale,
  body: StateIn.extend({ key: z.string().optional().describe('idempotency key when the header cannot be set') }),
  response: PlacedOut,
});
