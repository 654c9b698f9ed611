// Which country/language/brand combinations get pages, and the brand rule:
// - the country's company (fi) decides the brand variant of its pages and the languages it gets;
// - on a host ending with the shop domain the main variant applies on top (section 6): there the
//   pages of isLS countries are served from a second, main-variant build kept under an internal
//   country segment ("b1-dk"), which the server maps the public URL to. Pure, shared with the server.
import { COMPANY_DEFAULT, COMPANY_LS } from '../rules/constants.ts';
import { findCountry, SITE_COUNTRIES, siteLanguages } from '../../data/countries.ts';

export interface SiteLocale {
  /** public country code of the URL */
  country: string;
  lang: string;
  /** brand variant the page is built in */
  firma: number;
  /** value of the [country] route parameter (= country, or the internal main-variant segment) */
  segment: string;
}

const MAIN_PREFIX = 'b1-';

/** The internal route segment of a country's pages in the given brand variant. */
export function variantSegment(country: string, firma: number): string {
  const c = findCountry(country);
  return c && c.fi === COMPANY_LS && firma !== COMPANY_LS ? `${MAIN_PREFIX}${country}` : country;
}

/** Every combination that gets static pages. */
export function siteLocales(): SiteLocale[] {
  const out: SiteLocale[] = [];
  for (const c of SITE_COUNTRIES) {
    const variants = c.fi === COMPANY_LS ? [COMPANY_LS, COMPANY_DEFAULT] : [c.fi];
    for (const firma of variants) {
      for (const lang of siteLanguages(firma)) out.push({ country: c.code, lang, firma, segment: variantSegment(c.code, firma) });
    }
  }
  return out;
}

/** Route parameters → the combination, or null when no pages exist for it. */
export function localeOfParams(segment: string, lang: string): SiteLocale | null {
  const main = segment.startsWith(MAIN_PREFIX);
  const code = main ? segment.slice(MAIN_PREFIX.length) : segment;
  const c = SITE_COUNTRIES.find((x) => x.code === code);
  if (!c || (main && c.fi !== COMPANY_LS)) return null;
  const firma = main ? COMPANY_DEFAULT : c.fi;
  if (!siteLanguages(firma).includes(lang)) return null;
  return { country: c.code, lang, firma, segment };
}

/** Does the host count as the main shop variant (it ends with the configured shop domain)? */
export function isMainHost(host: string | null | undefined, shopDomain: string): boolean {
  const h = String(host ?? '').toLowerCase().replace(/:\d+$/, '');
  const d = shopDomain.toLowerCase().replace(/^\.+/, '');
  return d !== '' && (h === d || h.endsWith(`.${d}`) || h.endsWith(d));
}

/**
 * Brand of a country's pages on a host: the country's company, or the main variant on the shop domain
 * — except for a logged-in customer of the country's own company, who always sees that company's
 * brand (section 4: the header shows the brand of the customer's company).
 */
export function firmaFor(country: string, mainHost: boolean, customerFirma?: number | null): number {
  const c = findCountry(country);
  if (!c) return COMPANY_DEFAULT;
  if (customerFirma === c.fi) return c.fi;
  return mainHost ? COMPANY_DEFAULT : c.fi;
}
