// The customer and locale calls: the Customer entity (user/infos), countries, company and currency of a
// country, the print catalogue, geo location and the session's country/language. Handlers: server/modules/user.ts.
import { LANGUAGE_ISO3 } from '../lib/rules/locale.ts';
import { zLanguage, zCountry } from './common.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

// ---- schemas ----
export const zIso3 = z.string().regex(/^[a-zA-Z]{3}$/, 'invalid_language').transform((s) => s.toUpperCase())
  .refine((s) => Object.values(LANGUAGE_ISO3).includes(s), 'invalid_language');
export const CountryOut = z.object({
  iso2country: z.string(), lndnr: z.number(), lndname: z.string(), iso2language: z.string(), fi: z.number(),
  continents: z.array(z.string()),
});

/** The acting sub-user of a session (null for the main login). */
export const ActiveUser = z.object({ id: z.number(), vorname: z.string(), nachname: z.string(), funktionen: z.array(z.string()) });
export type ActiveUser = z.infer<typeof ActiveUser>;

/** The Customer entity of spec section 3, plus activeUser, isLS and currency (login, user/infos, Kundendaten). */
export const Customer = z.object({
  Firma: z.number(), Kundennummer: z.number(), Titel: z.string(), Vorname: z.string(), Nachname: z.string(),
  Geburtsdatum: z.string().nullable(), Geschlecht: z.string(),
  TelefonVorwahl: z.string(), TelefonRufnummer: z.string(), MobilVorwahl: z.string(), MobilRufnummer: z.string(),
  FaxVorwahl: z.string(), FaxRufnummer: z.string(), eMail: z.string(), Internetadresse: z.string(), UstIdNr: z.string(),
  NamensZeile1: z.string(), NamensZeile2: z.string(), NamensZeile3: z.string(), Strasse: z.string(), PLZ: z.string(), Ort: z.string(),
  Landnummer: z.number(), Landname: z.string(), LandISO2: z.string(),
  Newsletter: z.union([z.literal(0), z.literal(1)]), Faxwerbung: z.union([z.literal(0), z.literal(1)]),
  activeUser: ActiveUser.nullable(), isLS: z.boolean(), currency: z.string(),
});
export type Customer = z.infer<typeof Customer>;

export type Country = z.infer<typeof CountryOut>;

export const countries = contract({
  method: 'get', path: '/user/countries', access: 'guest', tag: 'user',
  summary: 'All countries with name in the request language (query lang or session), company and continents',
  query: z.object({ lang: zLanguage.optional(), country: zCountry.optional() }),
  response: z.array(CountryOut),
});

export const company = contract({
  method: 'get', path: '/user/company/:country', access: 'guest', tag: 'user',
  summary: 'Company number (firma) serving the country; 404 for an unknown country',
  params: z.object({ country: zCountry }),
  response: z.number().int(),
});

export const firma = contract({
  method: 'get', path: '/user/firma/:country', access: 'guest', tag: 'user',
  summary: 'Company and currency of the country',
  params: z.object({ country: zCountry }),
  response: z.object({ currency: z.string(), symbol: z.string(), firma: z.number() }),
});

export const infos = contract({
  method: 'get', path: '/user/infos', access: 'customer', tag: 'user',
  summary: 'The logged-in customer (spec section 3 Customer) with activeUser, isLS, currency; 401 = not logged in',
  response: Customer,
});

export const katalog = contract({
  method: 'get', path: '/katalog/:country/:languageISO3', access: 'guest', tag: 'user',
  summary: 'Catalogue PDF address; pl/plnr = the customer\'s personal price list (false/0 for guests)',
  params: z.object({ country: zCountry, languageISO3: zIso3 }),
  response: z.object({ url: z.string(), pl: z.boolean(), plnr: z.number() }),
});

export const geoLocate = contract({
  method: 'get', path: '/geo/locate', access: 'guest', tag: 'user',
  summary: 'Country from the Accept-Language header (region, then language), else GEO_DEFAULT_COUNTRY; no external service',
  response: z.object({ iso2: z.string(), country: z.object({ spracheIso2: z.string() }) }),
});

export const settings = contract({
  method: 'put', path: '/user/settings', access: 'guest', tag: 'user',
  summary: 'Country/language change: stored on the session and as the customer\'s language; unsupported languages become en',
  body: z.object({ country: zCountry, language: zLanguage }),
  response: z.object({ country: z.string(), language: z.string() }),
});
