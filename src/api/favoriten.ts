// Order lists (favourites = list 0): lists, items, quantities, CSV export and the list into the basket.
// Handlers: server/modules/favoriten.ts.
import { FAVOURITES_LIST_ID } from '../lib/rules/constants.ts';
import { validateListName } from '../lib/rules/validate.ts';
import { ArticleListItem } from './articles.ts';
import { zCartQty } from './cart.ts';
import { zId, zArtnr, PageLocale } from './common.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

export const zListName = z.string({ error: 'invalid_list_name' }).max(200, 'invalid_list_name')
  .refine((v) => validateListName(v) === null, 'invalid_list_name').transform((v) => v.trim());
export const zUserListId = zId.refine((n) => n !== FAVOURITES_LIST_ID, 'invalid_id');
/** An article of an order list: as lists show it, with the list's quantity. */
export const ListItem = ArticleListItem.extend({ menge: z.number() });
export type ListItem = z.infer<typeof ListItem>;
export const ListOut = z.object({ id: z.number(), name: z.string(), count: z.number() });

export const lists = contract({
  method: 'get', path: '/favoriten/listen', access: 'customer', tag: 'favoriten',
  summary: 'Order lists: id 0 "favoriten" first, then the customer\'s lists (by name) with item counts',
  response: z.array(ListOut),
});

export const list = contract({
  method: 'get', path: '/favoriten/liste/:listId', access: 'customer', tag: 'favoriten',
  summary: 'One order list with its items (article list items plus menge, names in the page\'s language), oldest first',
  params: z.object({ listId: zId }),
  query: PageLocale,
  response: z.object({ id: z.number(), name: z.string(), items: z.array(ListItem) }),
});

export const exportCsv = contract({
  method: 'get', path: '/favoriten/liste/:listId/export.csv', access: 'customer', tag: 'favoriten', rawResponse: true,
  summary: 'One order list as CSV (semicolon, UTF-8 with BOM): Artikelnummer;Menge;Bezeichnung;Gebinde;Preis;Waehrung — '
    + 'the quick order imports it again; another customer\'s list → 404',
  params: z.object({ listId: zId }),
  query: PageLocale,
});

export const createList = contract({
  method: 'post', path: '/favoriten/listen', access: 'customer', tag: 'favoriten',
  summary: 'Creates an order list { name } (1–50 characters, not blank)',
  body: z.object({ name: zListName }),
  response: ListOut,
});

export const renameList = contract({
  method: 'put', path: '/favoriten/listen/:id', access: 'customer', tag: 'favoriten',
  summary: 'Renames an order list { name } (the favourites list keeps its name)',
  params: z.object({ id: zUserListId }),
  body: z.object({ name: zListName }),
  response: z.object({ id: z.number(), name: z.string() }),
});

export const deleteList = contract({
  method: 'delete', path: '/favoriten/listen/:id', access: 'customer', tag: 'favoriten',
  summary: 'Deletes an order list and its items (not the favourites list)',
  params: z.object({ id: zUserListId }),
  response: z.object({ deleted: z.literal(true) }),
});

export const addItem = contract({
  method: 'post', path: '/favoriten/:listId/:artnr/add', access: 'customer', tag: 'favoriten',
  summary: 'Adds an article to a list (0 = favourites); 409 error_art_in_liste when already there; optional body { menge }',
  params: z.object({ listId: zId, artnr: zArtnr }),
  body: z.object({ menge: z.union([z.number(), z.string().max(9)], { error: 'error_menge' }).optional() }).optional(),
  response: z.object({ key: z.literal('success_add_to_liste'), listId: z.number(), artnr: z.string(), menge: z.number(), count: z.number() }),
});

export const setItemQty = contract({
  method: 'put', path: '/favoriten/:listId/:artnr/:qty', access: 'customer', tag: 'favoriten',
  summary: 'Sets the quantity (1–999) of a list item',
  params: z.object({ listId: zId, artnr: zArtnr, qty: zCartQty }),
  response: z.object({ listId: z.number(), artnr: z.string(), menge: z.number() }),
});

export const removeItem = contract({
  method: 'delete', path: '/favoriten/:listId/:artnr', access: 'customer', tag: 'favoriten',
  summary: 'Removes an article from a list',
  params: z.object({ listId: zId, artnr: zArtnr }),
  response: z.object({ deleted: z.literal(true), count: z.number() }),
});

export const listToCart = contract({
  method: 'post', path: '/favoriten/liste/:listId/wk', access: 'customer', tag: 'favoriten',
  summary: 'Puts every orderable item of the list into the basket in one transaction (quantities add up, capped at 999); skipped = out of range or price on request',
  params: z.object({ listId: zId }),
  response: z.object({ count: z.number(), wkcounter: z.number(), skipped: z.array(z.string()) }),
});
