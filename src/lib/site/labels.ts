// Display helpers of the layout: country and language names (Intl, like the seed's country names),
// the currency symbol of a locale, and links of content entries.
import { formatPrice } from '../rules/locale.ts';
import { str, type Entry } from './data.ts';
import { localePath } from './routes.ts';

const regionNames = new Map<string, Intl.DisplayNames>();
export function countryName(code: string, lang: string): string {
  let dn = regionNames.get(lang);
  if (!dn) { dn = new Intl.DisplayNames([lang], { type: 'region' }); regionNames.set(lang, dn); }
  return dn.of(code.toUpperCase()) ?? code.toUpperCase();
}

/** A language's own name ("Deutsch", "Français"). */
export function languageAutonym(lang: string): string {
  const n = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
  return n.charAt(0).toLocaleUpperCase(lang) + n.slice(1);
}

/** The currency as the locale writes it next to amounts (€, CHF, Kč, Ft, zł), via the shared formatter. */
export function currencySymbol(currency: string, locale: string): string {
  const s = formatPrice(0, currency, locale).replace(/[\d\s.,\u00a0\u202f'’-]/g, '').trim();
  return s || currency;
}

/** Link of a content entry: external url, or path + hash below the locale prefix ("shop" is the home page). */
export function entryHref(e: Entry, country: string, lang: string): string {
  if (str(e.url)) return str(e.url);
  const path = str(e.path) === 'shop' ? '' : str(e.path);
  return localePath(country, lang, path, str(e.hash));
}

export function isExternal(e: Entry): boolean {
  return str(e.url) !== '';
}
