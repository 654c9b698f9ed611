// Countries, currencies and companies as plain data: the seed writes them to the database and the
// site build (src/data/countries.ts) reads them from here — one source of truth (no imports).
// iso2 UPPERCASE; iso2language = the country's main UI language among de en fr es it nl pl cs hu, else en;
// fi = company (3 = the isLS variant for the Nordic countries); continents: EU AS AF NA SA CA AU.

export interface CountryDef {
  lndnr: number; iso2: string; iso2language: string; fi: number; currency: string; continents: string; sort: number;
}

export const COMPANIES = [
  { firma: 1, name: 'Dentalversand Nord GmbH', is_ls: 0, shop_domain: 'dentalversand-nord.example' },
  { firma: 3, name: 'LS Dental Logistik GmbH', is_ls: 1, shop_domain: 'ls-dental.example' },
] as const;

export const CURRENCIES = [
  { code: 'EUR', symbol: '€', rate: 1 },
  { code: 'CHF', symbol: 'CHF', rate: 0.94 },
  { code: 'CZK', symbol: 'Kč', rate: 25.1 },
  { code: 'HUF', symbol: 'Ft', rate: 398 },
  { code: 'PLN', symbol: 'zł', rate: 4.27 },
] as const;

// [iso2, lndnr, language, continents]; fi and currency follow from the rules below
const RAW: [string, number, string, string][] = [
  ['DE', 1, 'de', 'EU'], ['AT', 3, 'de', 'EU'], ['CH', 4, 'de', 'EU'], ['NL', 5, 'nl', 'EU'], ['BE', 6, 'nl', 'EU'],
  ['LU', 7, 'fr', 'EU'], ['FR', 8, 'fr', 'EU'], ['IT', 9, 'it', 'EU'], ['ES', 10, 'es', 'EU'], ['PT', 11, 'en', 'EU'],
  ['PL', 12, 'pl', 'EU'], ['CZ', 13, 'cs', 'EU'], ['SK', 14, 'en', 'EU'], ['HU', 15, 'hu', 'EU'], ['SI', 16, 'en', 'EU'],
  ['HR', 17, 'en', 'EU'], ['DK', 18, 'en', 'EU'], ['SE', 19, 'en', 'EU'], ['NO', 20, 'en', 'EU'], ['FI', 21, 'en', 'EU'],
  ['GB', 22, 'en', 'EU'], ['IE', 23, 'en', 'EU'], ['GR', 24, 'en', 'EU'], ['RO', 25, 'en', 'EU'], ['BG', 26, 'en', 'EU'],
  ['TR', 52, 'en', 'EU,AS'], ['RU', 600, 'en', 'EU,AS'],
  ['US', 100, 'en', 'NA'], ['CA', 101, 'en', 'NA'], ['MX', 110, 'es', 'CA'], ['BR', 120, 'en', 'SA'], ['AR', 121, 'es', 'SA'],
  ['ZA', 130, 'en', 'AF'], ['EG', 131, 'en', 'AF'],
  ['AE', 140, 'en', 'AS'], ['CN', 141, 'en', 'AS'], ['JP', 142, 'en', 'AS'], ['IN', 143, 'en', 'AS'],
  ['AU', 150, 'en', 'AU'], ['NZ', 151, 'en', 'AU'],
];

const NORDIC = ['DK', 'SE', 'NO', 'FI'];
const CURRENCY_OF: Record<string, string> = { CH: 'CHF', CZ: 'CZK', HU: 'HUF', PL: 'PLN' };

export const COUNTRIES: CountryDef[] = RAW.map(([iso2, lndnr, iso2language, continents], i) => ({
  lndnr, iso2, iso2language, continents, sort: i + 1,
  fi: NORDIC.includes(iso2) ? 3 : 1,
  currency: CURRENCY_OF[iso2] ?? 'EUR',
}));

export const COUNTRY_BY_ISO2 = new Map(COUNTRIES.map((c) => [c.iso2, c]));
