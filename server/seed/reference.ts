// Reference data: companies, currencies, countries (+ names), manufacturers, product groups, categories.
import type { Insertable } from 'kysely';
import type { DB, Tx } from '../db/schema.ts';
import { COMPANIES, COUNTRIES, CURRENCIES } from '#data/reference/countries.ts';
import { CATEGORIES, GROUPS } from '#data/reference/groups.ts';
import { MAKERS } from '#data/reference/makers.ts';
import { NAME_LANGS, slugify, splitLangs } from '#data/reference/languages.ts';
import { insertAll } from './insert.ts';
import { rng } from './prng.ts';

export interface Maker { id: number; key: string; name: string; short: string; gs1: string; pattern: string; licence: string; company: string }

/** Brand as a catalogue prints it in front of a designation: the name without generic trailing words. */
export function brandOf(name: string): string {
  return name.replace(/\s+(Zahnfabrik|Dentalprodukte|Dentalgeräte|Dental-Maschinen|Werkstoff-Technologie|Präzisionstechnik|Prodotti Dentari|Healthcare|Dental)$/u, '');
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Manufacturers with ids (1-based, MAKERS order), HIBC licence (LIC) and a GS1 company number for GTINs. */
export function buildMakers(): Maker[] {
  const r = rng('makers');
  const usedLic = new Set<string>();
  const usedCo = new Set<string>();
  return MAKERS.map(([key, name, gs1, pattern], i) => {
    let licence = '';
    do {
      const first = name.replace(/[^A-Za-z]/g, '')[0]!.toUpperCase();
      licence = first + r.pick([...ALNUM]) + r.pick([...ALNUM]) + r.pick([...ALNUM]);
    } while (usedLic.has(licence));
    usedLic.add(licence);
    let company = '';
    do company = String(r.int(10000, 99999)); while (usedCo.has(gs1 + company));
    usedCo.add(gs1 + company);
    return { id: i + 1, key, name, short: brandOf(name), gs1, pattern, licence, company };
  });
}

export async function seedReference(tx: Tx, makers: Maker[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  counts.companies = await insertAll(tx, 'companies', COMPANIES.map((c) => ({ ...c })));
  counts.currencies = await insertAll(tx, 'currencies', CURRENCIES.map((c) => ({ ...c })));
  counts.countries = await insertAll(tx, 'countries', COUNTRIES.map((c) => ({ ...c })));
  const names: Insertable<DB['country_names']>[] = [];
  for (const lang of NAME_LANGS) {
    const dn = new Intl.DisplayNames([lang], { type: 'region' });
    for (const c of COUNTRIES) names.push({ lndnr: c.lndnr, lang, lndname: dn.of(c.iso2) ?? c.iso2 });
  }
  counts.country_names = await insertAll(tx, 'country_names', names);
  counts.manufacturers = await insertAll(tx, 'manufacturers', makers.map((m) => ({ id: m.id, name: m.name, licence: m.licence })));
  counts.product_groups = await insertAll(tx, 'product_groups', GROUPS.map((g) => ({ pg: g.pg, sort: g.sort, parent_pg: null })));
  const pgNames: Insertable<DB['product_group_names']>[] = [];
  for (const g of GROUPS) {
    const n = splitLangs(g.names, NAME_LANGS);
    for (const lang of NAME_LANGS) pgNames.push({ pg: g.pg, lang, bez: n[lang] });
  }
  counts.product_group_names = await insertAll(tx, 'product_group_names', pgNames);
  counts.categories = await insertAll(tx, 'categories', CATEGORIES.map((c) => ({
    kat_id: c.katId, pg: c.pg, parent_kat_id: null, sort: c.sort, slug: slugify(splitLangs(c.names, NAME_LANGS).de),
  })));
  const catNames: Insertable<DB['category_names']>[] = [];
  for (const c of CATEGORIES) {
    const n = splitLangs(c.names, NAME_LANGS);
    for (const lang of NAME_LANGS) catNames.push({ kat_id: c.katId, lang, name: n[lang] });
  }
  counts.category_names = await insertAll(tx, 'category_names', catNames);
  return counts;
}
