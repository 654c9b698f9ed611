// Builds the catalogue rows: numbers, GTINs, prices and the flag quotas (request price, promotion, new,
// out of range, availability). Quotas are exact counts, so every kind appears at small seed sizes too.
import type { Insertable } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { SeedClock } from './clock.ts';
import { GROUP_USE, INTRO } from './data/terms.ts';
import { categoryPlan, katIdOf, productFor, type Draft } from './catalog.ts';
import { ArtnrPool, GtinPool, makerArtnr, round2 } from './catalog-util.ts';
import { splitLangs, TEXT_LANGS } from '#data/reference/languages.ts';
import type { Maker } from './reference.ts';
import { rng } from './prng.ts';
import { typeset } from '#rules/typeset.ts';

export interface Art {
  artnr: string; pg: number; cat: string; katId: number; draft: Draft;
  isParent: boolean; parent: string | null; hersteller_artnr: string; gtin: string;
  preis: number; kat_preis: number; mcode: number | null;
  request: boolean; promo: boolean; neu: boolean; aus: boolean; temp: boolean; vkz: string; created_at: string;
}
export interface Catalog {
  arts: Art[];
  articles: Insertable<DB['articles']>[];
  texts: Insertable<DB['article_texts']>[];
  props: Insertable<DB['article_properties']>[];
}

const FH_CHANCE: Record<number, number> = { 7: 0.1, 8: 0.15, 12: 0.04, 0: 0.05 };

export function buildCatalog(n: number, makers: Maker[], clock: SeedClock): Catalog {
  const r = rng('catalog');
  const pool = new ArtnrPool(r.fork('artnr'));
  const gtins = new GtinPool(r.fork('gtin'));
  const rm = r.fork('maker-artnr');
  const byKey = new Map(makers.map((m) => [m.key, m]));
  const arts: Art[] = [];

  const emit = (d: Draft, pg: number, cat: string, isParent: boolean, parent: string | null) => {
    const artnr = d.isSet ? pool.set() : !isParent && !parent && r.chance(FH_CHANCE[pg] ?? 0.012) ? pool.fh() : pool.plain();
    const preis = round2(pg === 888 ? d.price * 0.6 : d.price) || 0.5;
    // stored typeset, as every catalogue text: "D3 4 g" must not leave the "g" alone on a phone's next line
    const names = Object.fromEntries(Object.entries(d.names).map(([l, s]) => [l, typeset(s, l)])) as Draft['names'];
    arts.push({
      artnr, pg, cat, katId: katIdOf(cat), draft: { ...d, names }, isParent, parent,
      hersteller_artnr: d.herstellerArtnr ?? makerArtnr(rm, d.maker.pattern), gtin: gtins.take(d.maker),
      preis, kat_preis: preis, mcode: 5, request: false, promo: false, neu: false, aus: false, temp: false, vkz: '4', created_at: '',
    });
    return artnr;
  };

  const seen = new Set<string>();
  for (const { cat, pg, count } of categoryPlan(n)) {
    const rc = r.fork(`cat/${cat}`);
    let left = count;
    while (left > 0) {
      const variants = left >= 3 && pg !== 9 && rc.chance(0.13) ? Math.min(rc.int(2, 5), left - 1) : 0;
      // a few draws to find a designation not used yet; small families repeat once their combinations run out
      let p = productFor(rc, cat, byKey, variants);
      for (let t = 0; t < 8 && p.items.some((d) => seen.has(d.names.de)); t++) p = productFor(rc, cat, byKey, variants);
      for (const d of [p.parent, ...p.items]) if (d) seen.add(d.names.de);
      if (p.parent && p.items.length >= 2) {
        const parentNr = emit(p.parent, pg, cat, true, null);
        for (const d of p.items) emit(d, pg, cat, false, parentNr);
        left -= p.items.length + 1;
      } else {
        for (const d of p.items.slice(0, left)) emit(d, pg, cat, false, null);
        left -= Math.min(p.items.length, left);
      }
    }
  }
  applyFlags(arts, n, clock);
  return { arts, ...rows(arts) };
}

function applyFlags(arts: Art[], n: number, clock: SeedClock): void {
  const r = rng('catalog-flags');
  const idx = arts.map((_, i) => i);
  const quota = (p: number, min: number) => Math.max(min, Math.round(n * p));
  const take = (cands: number[], k: number) => r.sample(cands, Math.min(k, cands.length));

  for (const i of take(idx.filter((i) => arts[i]!.draft.request && !arts[i]!.isParent), quota(0.01, 2))) arts[i]!.request = true;
  const sellable = idx.filter((i) => !arts[i]!.isParent && !arts[i]!.request && arts[i]!.pg !== 9);
  const promo = take(sellable, quota(0.03, 10));
  for (const i of promo) arts[i]!.promo = true;
  // new: a tenth of them also on promotion (the "new products" promotion lists those first)
  const newQuota = quota(0.04, 8);
  const neu = new Set(promo.slice(0, Math.ceil(promo.length / 10)));
  for (const i of take(idx.filter((i) => arts[i]!.pg !== 9 && !neu.has(i)), newQuota - neu.size)) neu.add(i);
  for (const i of neu) arts[i]!.neu = true;
  const plain = sellable.filter((i) => !arts[i]!.promo && !arts[i]!.neu);
  const out = take(plain, quota(0.02, 4));
  out.forEach((i, j) => { if (j % 2 === 0) arts[i]!.aus = true; else arts[i]!.temp = true; });

  for (const a of arts) {
    if (a.request) {
      a.preis = a.kat_preis = r.pick([0.01, 0.02]);
      a.mcode = 5;
    } else if (a.promo) {
      a.mcode = r.int(0, 4);
      a.preis = round2(a.kat_preis * (1 - r.float(0.05, 0.4)));
      if (a.preis >= a.kat_preis) a.preis = round2(a.kat_preis - 0.01);
    } else if (r.chance(0.08)) {
      a.mcode = null;
      if (r.chance(0.5)) a.kat_preis = round2(a.preis * r.float(1.08, 1.25));
    }
    if (!a.request && !a.isParent && r.chance(0.1)) a.vkz = String(r.int(0, 3));
    a.created_at = a.neu ? clock.m(-r.float(0, 28)) : clock.m(-r.float(75, 3650));
  }
  // variants follow their parent's age unless they are new themselves
  const byNr = new Map(arts.map((a) => [a.artnr, a]));
  for (const a of arts) if (a.parent && !a.neu) a.created_at = byNr.get(a.parent)!.created_at;
}

function rows(arts: Art[]): Omit<Catalog, 'arts'> {
  const r = rng('catalog-texts');
  const articles: Insertable<DB['articles']>[] = [];
  const texts: Insertable<DB['article_texts']>[] = [];
  const props: Insertable<DB['article_properties']>[] = [];
  const use = Object.fromEntries(Object.entries(GROUP_USE).map(([pg, s]) => [pg, splitLangs(s, TEXT_LANGS)]));
  for (const a of arts) {
    const d = a.draft;
    articles.push({
      artnr: a.artnr, pg: a.pg, kat_id: a.katId, hersteller_id: d.maker.id, hersteller_artnr: a.hersteller_artnr, gtin: a.gtin,
      gebinde: d.geb, preis: a.preis, kat_preis: a.kat_preis, mcode: a.mcode, ist_neuheit: a.neu ? 1 : 0, ist_referenz: a.isParent ? 1 : 0,
      aus_sortiment: a.aus ? 1 : 0, temp_aus_sortiment: a.temp ? 1 : 0, parent_artnr: a.parent, referenz: a.parent ?? a.artnr,
      vkz: a.vkz, lieferstatus: Number(a.vkz), bezeichnung: d.names.de, created_at: a.created_at,
      // printed literature is the catalogue's only reduced-rate good
      vat_class: a.cat === 'literatur' ? 'reduced' : 'standard',
    });
    const k = r.int(0, 2);
    const second = r.chance(0.75);
    for (const l of TEXT_LANGS) {
      const intro = INTRO[l]![k]!.replace('{b}', d.term[l]).replace('{m}', d.maker.name);
      texts.push({ artnr: a.artnr, lang: l, bezeichnung: d.names[l], beschreibung: typeset(second ? `${intro} ${use[a.pg]![l]}` : intro, l) });
    }
    for (const [prop, value] of d.props) props.push({ artnr: a.artnr, prop, value });
  }
  return { articles, texts, props };
}
