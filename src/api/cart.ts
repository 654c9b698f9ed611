// The basket (Warenkorb) calls of section 5/9: one line per article and customer.
import { z } from 'zod';
import { ArticleListItem } from './articles.ts';
import { zArtnr } from './common.ts';
import { contract } from './contract.ts';
import { QTY_MAX } from '../lib/rules/constants.ts';
import { BASKET_LETTERS } from '../lib/rules/locale.ts';

/** Quantity in a path: digits only, 1..999 (section 5/9), else error_menge. */
export const zCartQty = z.string().regex(/^\d{1,9}$/, 'error_menge').transform(Number)
  .refine((n) => n >= 1 && n <= QTY_MAX, 'error_menge');

const LETTER_TO_LANG = new Map(Object.entries(BASKET_LETTERS).map(([lang, letter]) => [letter, lang]));

/** Basket letter (D E F S I U C P N) or a language code (de, en, …) → language code. */
const zBasketLanguage = z.string().regex(/^[A-Za-z]{1,2}$/, 'invalid_language')
  .transform((s) => (s.length === 1 ? LETTER_TO_LANG.get(s.toUpperCase()) : BASKET_LETTERS[s.toLowerCase()] ? s.toLowerCase() : undefined))
  .refine((v) => v !== undefined, 'invalid_language').transform((v) => v!);

const zInt = (key: string) => z.string().regex(/^\d{1,9}$/, key).transform(Number);
const zVariant = z.string().max(40, 'too_long').regex(/^[\p{L}\p{N} ._,+#-]*$/u, 'invalid_input')
  .transform((v) => (v === '-' || v === '_' ? '' : v));
const zOriginPart = z.string().max(40, 'too_long');

const artnrParams = { artnr: zArtnr };
const originParams = {
  schrank: zInt('invalid_id'), schublade: zInt('invalid_id'), zeile: zInt('invalid_id'), spalte: zInt('invalid_id'),
  lager: z.string().max(40, 'too_long').regex(/^[\p{L}\p{N} ._-]*$/u, 'invalid_input'),
  flag: z.string().regex(/^[01]$/, 'invalid_input').transform(Number),
};

/** Stock origin of a line set from the tooth storage (setLager). */
export const LagerOrigin = z.object({
  schrank: z.number(), schublade: z.number(), zeile: z.number(), spalte: z.number(), lager: z.string(), flag: z.number(),
  slotId: z.number().nullable(),
});
export type LagerOrigin = z.infer<typeof LagerOrigin>;

/** A basket line: the article as lists show it, with quantity, line total, variant values and stock origin. */
export const CartLine = ArticleListItem.extend({
  Menge: z.number(), Einzelpreis: z.number(), Gesamtpreis: z.number(),
  Varianten: z.array(z.string()).length(5),
  Lager: LagerOrigin.nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

/** The changed line as the add/set calls answer it. */
export const ChangedLine = z.object({
  Artikelnummer: z.string(), Bezeichnung: z.string(), Gebinde: z.string(), Menge: z.number(), Einzelpreis: z.number(),
  Gesamtpreis: z.number(), vkz: z.string(), Lieferstatus: z.number(), Waehrung: z.string(),
});
export const CartChange = z.object({ wkcounter: z.number(), line: ChangedLine });
export type CartChange = z.infer<typeof CartChange>;
const Removed = z.object({ wkcounter: z.number(), removed: z.boolean() });

export const lines = contract({
  method: 'get', path: '/wkJSON/:language', access: 'customer', tag: 'cart',
  summary: 'Basket lines in the language of the basket letter (D E F S I U C P N; language codes work too)',
  params: z.object({ language: zBasketLanguage }),
  response: z.array(CartLine),
});

export const line = contract({
  method: 'get', path: '/wkJSON/:language/:id', access: 'customer', tag: 'cart',
  summary: 'The basket line of one article ({id} = article number; [] when it is not in the basket) — the cart panel\'s quantity',
  params: z.object({ language: zBasketLanguage, id: zArtnr }),
  response: z.array(CartLine),
});

export const count = contract({
  method: 'get', path: '/wk/anz', access: 'customer', tag: 'cart',
  summary: 'Number of basket lines (wkcounter)',
  response: z.number().int(),
});

export const add = contract({
  method: 'post', path: '/wk/:artnr/add/:qty', access: 'customer', tag: 'cart',
  summary: 'Adds the quantity (1–999, the line total stays <= 999) to the article\'s line',
  params: z.object({ ...artnrParams, qty: zCartQty }),
  response: CartChange,
});

export const addWithVariants = contract({
  method: 'post', path: '/wk/:artnr/add/:qty/:v1/:v2/:v3/:v4/:v5', access: 'customer', tag: 'cart',
  summary: 'Add with 5 variant values (e.g. tooth line, manufacturer, set, jaw, colour of the tooth assistant; "-" = none), stored on the line',
  params: z.object({ ...artnrParams, qty: zCartQty, v1: zVariant, v2: zVariant, v3: zVariant, v4: zVariant, v5: zVariant }),
  response: CartChange,
});

export const set = contract({
  method: 'post', path: '/wk/:artnr/set/:qty', access: 'customer', tag: 'cart',
  summary: 'Sets the line\'s quantity (1–999; creates the line when missing)',
  params: z.object({ ...artnrParams, qty: zCartQty }),
  response: CartChange,
});

export const setFromStorage = contract({
  method: 'post', path: '/wk/:artnr/setLager/:qty/:schrank/:schublade/:zeile/:spalte/:lager/:flag', access: 'customer', tag: 'cart',
  summary: 'Sets the quantity from the tooth storage: cabinet id, drawer id, row, column, storage label, flag (1 = slot selected for completion); the drawer must be the customer\'s',
  params: z.object({ ...artnrParams, qty: zCartQty, ...originParams }),
  response: CartChange,
});

export const removeWithOrigin = contract({
  method: 'post', path: '/wk/:artnr/delete/:p1/:p2/:p3/:p4/:p5/:p6', access: 'customer', tag: 'cart',
  summary: 'Removes the article\'s line; the 6 values are the stock origin of setLager (cabinet, drawer, row, column, storage, flag), accepted but not needed: one line per article',
  params: z.object({ ...artnrParams, p1: zOriginPart, p2: zOriginPart, p3: zOriginPart, p4: zOriginPart, p5: zOriginPart, p6: zOriginPart }),
  response: Removed,
});

export const remove = contract({
  method: 'post', path: '/wk/:artnr/delete', access: 'customer', tag: 'cart',
  summary: 'Removes the article\'s line',
  params: z.object(artnrParams),
  response: Removed,
});

export const empty = contract({
  method: 'post', path: '/wk/delete', access: 'customer', tag: 'cart',
  summary: 'Empties the basket (tooth-storage slots sent to it leave "processing")',
  response: z.object({ wkcounter: z.literal(0) }),
});
