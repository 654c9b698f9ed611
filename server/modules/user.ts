// Countries, company and currency per country, the customer data (session check), catalogue,
// location lookup and the country/language setting.
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { updateSession, type Session } from '../http/session.ts';
import { parseFunktionen } from '#rules/permissions.ts';
import { resolveLanguage } from '#rules/locale.ts';
import { isLS } from '#rules/constants.ts';
import { COMPANY_DEFAULT } from '#rules/constants.ts';
import * as calls from '#api/user.ts';
import type { ActiveUser, Customer } from '#api/user.ts';

// ---- shared helpers (auth.ts and subusers.ts use them too) ----

export interface CountryRow { lndnr: number; iso2: string; iso2language: string; fi: number; currency: string; continents: string }

export async function findCountry(db: Db, iso2: string): Promise<CountryRow | undefined> {
  return db.selectFrom('countries').select(['lndnr', 'iso2', 'iso2language', 'fi', 'currency', 'continents'])
    .where('iso2', '=', iso2.toUpperCase()).executeTakeFirst();
}

/** Country names in the language, else en, else de (lndnr → name). */
export async function countryNames(db: Db, lang: string, lndnrs?: number[]): Promise<Map<number, string>> {
  const langs = [...new Set([lang, 'en', 'de'])];
  let q = db.selectFrom('country_names').select(['lndnr', 'lang', 'lndname']).where('lang', 'in', langs);
  if (lndnrs) {
    if (lndnrs.length === 0) return new Map();
    q = q.where('lndnr', 'in', lndnrs);
  }
  const rows = await q.execute();
  const out = new Map<number, string>();
  for (const l of langs.reverse()) for (const r of rows) if (r.lang === l) out.set(r.lndnr, r.lndname);
  return out;
}

export async function currencyOf(db: Db, country: string): Promise<{ code: string; symbol: string }> {
  const r = await db.selectFrom('countries').innerJoin('currencies', 'currencies.code', 'countries.currency')
    .select(['currencies.code', 'currencies.symbol']).where('countries.iso2', '=', country.toUpperCase()).executeTakeFirst();
  return r ?? { code: 'EUR', symbol: '€' };
}

export type { ActiveUser };

export async function subUserOf(db: Db, kdnr: number, id: number): Promise<ActiveUser | null> {
  const r = await db.selectFrom('sub_users').select(['id', 'vorname', 'nachname', 'funktionen'])
    .where('id', '=', id).where('kdnr', '=', kdnr).where('deleted', '=', 0).executeTakeFirst();
  return r ? { id: Number(r.id), vorname: r.vorname, nachname: r.nachname, funktionen: parseFunktionen(r.funktionen) } : null;
}

export type CustomerRow = Awaited<ReturnType<typeof loadCustomerRow>>;
export function loadCustomerRow(db: Db, kdnr: number) {
  return db.selectFrom('customers').selectAll().where('kdnr', '=', kdnr).executeTakeFirst();
}

/** The Customer entity of spec section 3, plus activeUser, isLS and currency. */
export async function customerEntity(
  db: Db, c: NonNullable<CustomerRow>, opts: { lang: string; country: string; subUserId: number | null },
): Promise<Customer> {
  const [names, cur, active] = await Promise.all([
    countryNames(db, opts.lang, [c.lndnr]),
    currencyOf(db, opts.country),
    opts.subUserId ? subUserOf(db, c.kdnr, opts.subUserId) : Promise.resolve(null),
  ]);
  return {
    Firma: c.firma,
    Kundennummer: c.kdnr,
    Titel: c.titel,
    Vorname: c.vorname,
    Nachname: c.nachname,
    Geburtsdatum: c.geburtsdatum,
    Geschlecht: c.anrede,
    TelefonVorwahl: c.telefon_vorwahl,
    TelefonRufnummer: c.telefon,
    MobilVorwahl: c.mobil_vorwahl,
    MobilRufnummer: c.mobil,
    FaxVorwahl: c.fax_vorwahl,
    FaxRufnummer: c.fax,
    eMail: c.email ?? '',
    Internetadresse: c.internet,
    UstIdNr: c.ust_id,
    NamensZeile1: c.namenszeile1,
    NamensZeile2: c.namenszeile2,
    NamensZeile3: c.namenszeile3,
    Strasse: c.strasse,
    PLZ: c.plz,
    Ort: c.ort,
    Landnummer: c.lndnr,
    Landname: names.get(c.lndnr) ?? c.land_iso2,
    LandISO2: c.land_iso2,
    Newsletter: c.newsletter ? 1 : 0,
    Faxwerbung: c.faxwerbung ? 1 : 0,
    activeUser: active,
    isLS: isLS(c.firma),
    currency: cur.code,
  };
}

/** The session's customer; `currency` is the one of the request's country (the page's, as its prices). */
export async function sessionCustomer(db: Db, s: Session, country: string) {
  const row = await loadCustomerRow(db, s.kdnr);
  if (!row) throw notFound();
  return customerEntity(db, row, { lang: s.language, country, subUserId: s.subUserId });
}

/**
 * Accept-Language → a known country: first the region of each entry (de-CH → CH), then the
 * language itself as a country code (nl → NL), in the header's q order.
 */
export function acceptLanguageCandidates(header: string | undefined): string[] {
  if (!header) return [];
  const entries = header.split(',').slice(0, 20).map((part, i) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
  }).filter((e) => /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*$/.test(e.tag) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const out: string[] = [];
  for (const e of entries) {
    const parts = e.tag.split('-');
    const region = parts.slice(1).find((p) => /^[a-zA-Z]{2}$/.test(p));
    if (region) out.push(region.toUpperCase());
  }
  for (const e of entries) {
    const lang = e.tag.split('-')[0]!;
    if (lang.length === 2) out.push(lang.toUpperCase());
  }
  return [...new Set(out)];
}

export const routes: AnyRoute[] = [
  defineRoute(calls.countries, async ({ db, lang }) => {
    const rows = await db.selectFrom('countries').select(['lndnr', 'iso2', 'iso2language', 'fi', 'continents', 'sort'])
      .orderBy('sort').orderBy('lndnr').execute();
    const names = await countryNames(db, lang);
    return rows.map((r) => ({
      iso2country: r.iso2.toLowerCase(),
      lndnr: r.lndnr,
      lndname: names.get(r.lndnr) ?? r.iso2,
      iso2language: r.iso2language.toLowerCase(),
      fi: r.fi,
      continents: r.continents.split(',').map((s) => s.trim()).filter(Boolean),
    }));
  }),

  defineRoute(calls.company, async ({ db, params }) => {
    const c = await findCountry(db, params.country);
    if (!c) throw notFound();
    return c.fi;
  }),

  defineRoute(calls.firma, async ({ db, params }) => {
    const c = await findCountry(db, params.country);
    if (!c) throw notFound();
    const cur = await currencyOf(db, params.country);
    return { currency: cur.code, symbol: cur.symbol, firma: c.fi };
  }),

  defineRoute(calls.infos, async ({ db, session, country }) => sessionCustomer(db, session, country)),

  defineRoute(calls.katalog, async ({ db, params, session }) => {
    if (!(await findCountry(db, params.country))) throw notFound();
    let plnr = 0;
    if (session) {
      const r = await db.selectFrom('customers').select('price_list').where('kdnr', '=', session.kdnr).executeTakeFirst();
      plnr = r?.price_list ?? 0;
    }
    return { url: `/kataloge/${params.country}-${params.languageISO3}.pdf`, pl: plnr > 0, plnr };
  }),

  defineRoute(calls.geoLocate, async ({ db, c }) => {
    const candidates = acceptLanguageCandidates(c.req.header('accept-language'));
    const known = candidates.length
      ? await db.selectFrom('countries').select(['iso2', 'iso2language']).where('iso2', 'in', candidates).execute()
      : [];
    const byIso = new Map(known.map((k) => [k.iso2.toUpperCase(), k]));
    const hit = candidates.map((x) => byIso.get(x)).find(Boolean)
      ?? (await findCountry(db, config.geoDefaultCountry))
      ?? { iso2: config.geoDefaultCountry, iso2language: 'de' };
    return { iso2: hit.iso2.toLowerCase(), country: { spracheIso2: hit.iso2language.toLowerCase() } };
  }),

  defineRoute(calls.settings, async ({ db, body, session }) => {
    const c = await findCountry(db, body.country);
    if (!c) throw badRequest('invalid_country');
    const language = resolveLanguage(body.language, session?.firma ?? c.fi ?? COMPANY_DEFAULT);
    if (session) {
      await updateSession(db, session, { country: body.country, language });
      await db.updateTable('customers').set({ sprache: language }).where('kdnr', '=', session.kdnr).execute();
    }
    return { country: body.country, language };
  }),
];
