// The shop page block: the texts of all shop islands (derived from their code by
// src/i18n/island-keys.ts) plus the error catalogue, embedded once per shop page
// (<script type="application/json" id="shop-i18n">), so islands render the same text on the server
// and on hydration without loading a language chunk.
import { islandMessages, SHOP_ISLANDS } from '#i18n/island-keys.ts';
import type { Messages } from '#i18n/translate.ts';

/** The shop block of a language (German for keys the language lacks). */
export function shopMessages(lang: string): Messages {
  return islandMessages(lang, SHOP_ISLANDS, { errors: true });
}

// islands rendered on the server read their texts from here (src/islands/shop/lib/i18n.ts); this module
// is imported only by .astro files, so no language file reaches the browser bundle
(globalThis as { __shopMessages?: (lang: string) => Messages }).__shopMessages = shopMessages;

/** JSON for a <script type="application/json"> element ('<' escaped so the text cannot close it). */
const jsonCache = new Map<string, string>();
export function messagesJson(lang: string): string {
  let j = jsonCache.get(lang);
  if (j === undefined) { j = JSON.stringify(shopMessages(lang)).replace(/</g, '\\u003c'); jsonCache.set(lang, j); }
  return j;
}
