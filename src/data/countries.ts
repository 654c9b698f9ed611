// Build-time country data for the static site: the plain reference tables are the single source of
// truth (src/data/reference/countries.ts, also seeded into the database), so pages, sitemap and the server's routing rules agree with
// the database without a running server.
import { COMPANIES, COUNTRIES as SEED_COUNTRIES } from './reference/countries.ts';
import { COMPANY_DEFAULT, COMPANY_LS, COUNTRIES_IN_EUROPE_AND_ASIA } from '../lib/rules/constants.ts';
import { currencyForCountry, supportedLanguages } from '../lib/rules/locale.ts';

export interface Country {
  /** lower-case ISO2, as in the URL */
  code: string;
  lndnr: number;
  /** company (brand) serving the country: 1 default, 3 isLS */
  fi: number;
  /** the country's main UI language (lower case) */
  language: string;
  currency: string;
  continents: string[];
  sort: number;
}

/** Continent codes in display order (translation keys continent.{code}). */
export const CONTINENTS = ['EU', 'AS', 'AF', 'NA', 'CA', 'SA', 'AU'] as const;

export const COUNTRIES: readonly Country[] = SEED_COUNTRIES.map((c) => {
  const continents = c.continents.split(',').map((s) => s.trim()).filter(Boolean);
  // lndnr 52 and 600 belong to Europe and Asia (section 3), whatever the table says
  if (COUNTRIES_IN_EUROPE_AND_ASIA.includes(c.lndnr)) for (const k of ['EU', 'AS']) if (!continents.includes(k)) continents.push(k);
  return {
    code: c.iso2.toLowerCase(), lndnr: c.lndnr, fi: c.fi, language: c.iso2language.toLowerCase(),
    currency: c.currency || currencyForCountry(c.iso2), continents, sort: c.sort,
  };
});

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export function findCountry(code: string | null | undefined): Country | undefined {
  return BY_CODE.get(String(code ?? '').toLowerCase());
}

/** Country ru is redirected to /de/{lang} (section 2): it gets no pages of its own. */
export const REDIRECTED_COUNTRIES: Readonly<Record<string, string>> = { ru: 'de' };

// Development only: SITE_COUNTRIES=de,dk builds just those countries' pages (a full build renders ~14,000).
const onlyCountries = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.SITE_COUNTRIES
  ?.split(',').map((c) => c.trim().toLowerCase()).filter(Boolean);

/** Countries that get pages. */
export const SITE_COUNTRIES: readonly Country[] = COUNTRIES.filter((c) => !(c.code in REDIRECTED_COUNTRIES)
  && (!onlyCountries?.length || onlyCountries.includes(c.code)));

/** Interface languages of a country's pages in a brand variant (nl and pl only for the default brand). */
export function siteLanguages(firma: number): readonly string[] {
  return supportedLanguages(firma);
}

/** Countries grouped by continent in display order; 52 and 600 appear under Europe and Asia. */
export function countriesByContinent(): { continent: string; countries: Country[] }[] {
  return CONTINENTS.map((continent) => ({
    continent,
    countries: COUNTRIES.filter((c) => c.continents.includes(continent)),
  })).filter((g) => g.countries.length > 0);
}

/** The brand's own domain (canonical URLs); SHOP_DOMAIN overrides the default brand's. */
export function brandDomain(firma: number, shopDomain?: string): string {
  if (firma !== COMPANY_LS && shopDomain) return shopDomain;
  const c = COMPANIES.find((x) => x.firma === firma) ?? COMPANIES.find((x) => x.firma === COMPANY_DEFAULT)!;
  return c.shop_domain;
}

