// The server's side of the one i18n layer: mails, PDFs and CSV headers in the customer's language, from the
// same locale files and the same translate function as pages and islands (src/i18n/index.ts).
import { localeKeys, tOf } from './index.ts';
import { isUiLanguage, type UiLanguage } from './languages.ts';
import type { T } from './translate.ts';

export { localeKeys };

/** A key's text with {{name}} placeholders filled (and plurals when vars has count). */
export type ServerT = T;

/** The language the server writes in: one of the nine, an unknown one → English (as the pages). */
export function serverLanguage(lang: string | null | undefined): UiLanguage {
  const l = (lang ?? '').trim().toLowerCase();
  return isUiLanguage(l) ? l : 'en';
}

/** The translate function of a language; a key the language lacks falls back to German. */
export function serverT(lang: string | null | undefined): ServerT {
  return tOf(serverLanguage(lang));
}
