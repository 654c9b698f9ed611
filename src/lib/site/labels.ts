// Display helpers of the layout: country and language names (Intl, like the seed's country names),
// the currency symbol of a locale, and links of content entries.
import { countriesByContinent } from '../../data/countries.ts';
import { formatPrice } from '../rules/locale.ts';
import { str, type Entry } from './data.ts';
import { localePath } from './routes.ts';

// Every page renders these lists twice (pre-navbar and side menu): Intl objects are slow to create,
// so names and sorted groups are computed once per language (the build renders ~14,000 pages).
const names = new Map<string, string>();
const regionNames = new Map<string, Intl.DisplayNames>();
export function countryName(code: string, lang: string): string {
  const key = `${code}|${lang}`;
  let n = names.get(key);
  if (n === undefined) {
    let dn = regionNames.get(lang);
    if (!dn) { dn = new Intl.DisplayNames([lang], { type: 'region' }); regionNames.set(lang, dn); }
    n = dn.of(code.toUpperCase()) ?? code.toUpperCase();
    names.set(key, n);
  }
  return n;
}

const autonyms = new Map<string, string>();
/** A language's own name ("Deutsch", "Français"). */
export function languageAutonym(lang: string): string {
  let a = autonyms.get(lang);
  if (a === undefined) {
    const n = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
    a = n.charAt(0).toLocaleUpperCase(lang) + n.slice(1);
    autonyms.set(lang, a);
  }
  return a;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Medium date format of a locale (dates of content entries are UTC days). */
export function dateFormat(locale: string): Intl.DateTimeFormat {
  let f = dateFormats.get(locale);
  if (!f) { f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }); dateFormats.set(locale, f); }
  return f;
}

export interface CountryGroup { continent: string; countries: { code: string; name: string }[] }
const groupMemo = new Map<string, CountryGroup[]>();
/** Countries by continent (52 and 600 under Europe and Asia), sorted by their name in the language. */
export function countryGroups(lang: string): CountryGroup[] {
  let g = groupMemo.get(lang);
  if (!g) {
    const collator = new Intl.Collator(lang);
    g = countriesByContinent().map((x) => ({
      continent: x.continent,
      countries: x.countries.map((c) => ({ code: c.code, name: countryName(c.code, lang) })).sort((a, b) => collator.compare(a.name, b.name)),
    }));
    groupMemo.set(lang, g);
  }
  return g;
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
