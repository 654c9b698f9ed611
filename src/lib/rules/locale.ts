// Languages, countries, currencies and number formatting (spec sections 1, 2, 8 and 9).
import { COMPANY_LS } from './constants.ts';

export const DEFAULT_LANGUAGE = 'de';
export const DEFAULT_COUNTRY = 'de';
export const DEFAULT_LOCALE = 'de-DE';
export const DEFAULT_CURRENCY = 'EUR';
/** Replacement for an unsupported language code (section 2). */
export const FALLBACK_LANGUAGE = 'en';

/** Language code → letter used by the basket calls (wkJSON/{letter}). */
export const BASKET_LETTERS: Readonly<Record<string, string>> = {
  de: 'D', en: 'E', fr: 'F', es: 'S', it: 'I', hu: 'U', cs: 'C', pl: 'P', nl: 'N',
};

/** Language code → ISO3-style code used by the catalogue call (katalog/{country}/{iso3}). */
export const LANGUAGE_ISO3: Readonly<Record<string, string>> = {
  de: 'DEU', en: 'ENU', fr: 'FRA', es: 'ESP', it: 'ITA', hu: 'HUN', cs: 'CSY', pl: 'PLK', nl: 'NLD',
};

const norm = (v: string | null | undefined): string => (v ?? '').trim().toLowerCase();

/** Unknown languages use the letter of en, the language an unsupported code is replaced by. */
export function basketLetter(language: string | null | undefined): string {
  return BASKET_LETTERS[norm(language)] ?? BASKET_LETTERS[FALLBACK_LANGUAGE]!;
}

export function languageIso3(language: string | null | undefined): string {
  return LANGUAGE_ISO3[norm(language)] ?? LANGUAGE_ISO3[FALLBACK_LANGUAGE]!;
}

const UI_LANGUAGES_LS = ['de', 'en', 'fr', 'es', 'it'] as const;
const UI_LANGUAGES_DEFAULT = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'] as const;

/**
 * Interface languages per brand: de en fr es it for both; nl and pl only for the default brand.
 * Only company 3 is the isLS variant, so any other company number (also 0 before the company
 * lookup has answered) gets the default brand's list.
 */
export function supportedLanguages(firma: number | string | null | undefined): readonly string[] {
  return Number(firma) === COMPANY_LS ? UI_LANGUAGES_LS : UI_LANGUAGES_DEFAULT;
}

/** Missing language → de (the default); unsupported language → en. */
export function resolveLanguage(language: string | null | undefined, firma: number | string | null | undefined): string {
  const l = norm(language);
  if (l === '') return DEFAULT_LANGUAGE;
  return supportedLanguages(firma).includes(l) ? l : FALLBACK_LANGUAGE;
}

const COUNTRY_CURRENCY: Readonly<Record<string, string>> = { CH: 'CHF', CZ: 'CZK', HU: 'HUF', PL: 'PLN' };

/** Currency per country (ISO2): CH CHF, CZ CZK, HU HUF, PL PLN, everything else EUR. */
export function currencyForCountry(countryIso2: string | null | undefined): string {
  return COUNTRY_CURRENCY[norm(countryIso2).toUpperCase()] ?? DEFAULT_CURRENCY;
}

/**
 * BCP 47 locale for a country and language: language lower case, country upper case
 * ('ch', 'fr' → 'fr-CH'; 'cz', 'cs' → 'cs-CZ'). Missing or malformed parts use de / DE.
 */
export function localeFor(country: string | null | undefined, language: string | null | undefined): string {
  const l = /^[a-z]{2}$/.test(norm(language)) ? norm(language) : DEFAULT_LANGUAGE;
  const c = /^[a-z]{2}$/.test(norm(country)) ? norm(country).toUpperCase() : DEFAULT_COUNTRY.toUpperCase();
  return `${l}-${c}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a price with Intl (e.g. "1.234,50 €" in de-DE, "1 234,50 Kč" in cs-CZ). When Intl
 * rejects the locale or currency, falls back to the plain amount plus currency code
 * ("1234.50 XYZ", section 8). Note Intl output contains no-break spaces.
 */
export function formatPrice(amount: number, currency: string = DEFAULT_CURRENCY, locale: string = DEFAULT_LOCALE): string {
  const key = `${locale}|${currency}`;
  try {
    let f = formatters.get(key);
    if (!f) {
      // narrowSymbol: the country's own sign in every language (Kč, Ft, zł also on de-CZ, en-HU, fr-PL)
      f = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
      formatters.set(key, f);
    }
    return f.format(amount);
  } catch {
    return `${Number.isFinite(amount) ? amount.toFixed(2) : String(amount)} ${currency}`;
  }
}

const counters = new Map<string, Intl.NumberFormat>();

/** A count as the language groups it ("15.092" de, "15 092" fr, "15,092" en); messages do the same with {{count, number}}. */
export function formatCount(n: number, language: string): string {
  let f = counters.get(language);
  if (!f) {
    try { f = new Intl.NumberFormat(language, { maximumFractionDigits: 0 }); } catch { f = new Intl.NumberFormat('de'); }
    counters.set(language, f);
  }
  return f.format(n);
}

/** A calendar day (YYYY-MM-DD…) as the language writes it (24.11.2026, 24/11/2026, 2026. 11. 24.); English keeps ISO. */
export function formatDay(iso: string, language: string): string {
  // forms accept "2026-12-1" as well
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(iso);
  if (!m) return iso;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  if (language === 'en') return day;
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${day}T00:00:00Z`));
}

/** Cart icon counter: one-character style under 10, otherwise the multi-character style. */
export function cartCounterStyle(count: number): 'single' | 'multi' {
  return count < 10 ? 'single' : 'multi';
}

/**
 * Sub-user colours: SUB_USER_COLOUR_COUNT (11) categories, each with at least 4.5:1 contrast on white so the greeting
 * text written in the user's colour stays readable (WCAG AA).
 */
export const SUB_USER_COLOURS: readonly string[] = [
  '#0B5CAD', // blue
  '#B3261E', // red
  '#1B7F3B', // green
  '#8E24AA', // purple
  '#B45309', // amber
  '#00796B', // teal
  '#AD1457', // pink
  '#5D4037', // brown
  '#3949AB', // indigo
  '#6B6B00', // olive
  '#455A64', // blue grey
];

/** Colour for the n-th user; cycles, and negative or fractional indexes still land in range. */
export function colourFor(index: number): string {
  const n = SUB_USER_COLOURS.length;
  const i = Number.isFinite(index) ? ((Math.trunc(index) % n) + n) % n : 0;
  return SUB_USER_COLOURS[i]!;
}
