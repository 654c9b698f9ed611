// The catalogue as columns in memory (one typed array per field, index = position in article-number
// order): filters, facets and sorting of search results and category listings run over it.
//
// Why a snapshot: category pages and search results need facet counts over the whole result set
// (thousands of rows). Counting over typed arrays takes microseconds; the same GROUP BYs in SQL
// take milliseconds per facet. engine.ts keeps one per database and drops it when articles change.
import type { Db } from '../db/index.ts';
import { Cache } from '../lib/cache.ts';
import { typeset } from '#rules/typeset.ts';
import type { Listing } from './listing.ts';
import type { WordList } from './autocomplete.ts';

/** computed listings kept per snapshot (sorted hits + facets) */
const LIST_CACHE_MAX = 500;

export interface Snapshot {
  n: number;
  artnr: string[];
  idxOf: Map<string, number>;
  pg: Int32Array;
  kat: Int32Array;
  herst: Int32Array;
  /** EUR */
  preis: Float64Array;
  /** position in created_at order: larger = newer */
  created: Int32Array;
  aus: Uint8Array;
  isChild: Uint8Array;
  /** promotion code (-1 = none) and the new-product flag: the computed groups 90 and 91 */
  mcode: Int16Array;
  neu: Uint8Array;
  manufacturers: Map<number, string>;
  /** category tree: kat → children, kat → pg */
  katChildren: Map<number, number[]>;
  katPg: Map<number, number>;
  pgs: Set<number>;
  names: Map<string, Int32Array>;
  katNames: Map<string, Map<number, string>>;
  props: Promise<PropIndex> | null;
  /** property values' wording per language (propertyTexts) */
  propTexts: Map<string, Promise<Map<string, Map<string, string>>>>;
  /** autocomplete words per language (autocomplete.ts) */
  words: Map<string, WordList>;
  /** listable articles (no variant children) per product group, and per category */
  byPg: Map<number, number[]>;
  byKat: Map<number, number[]>;
  listable: number[];
  /** computed listings (sorted hits + facets) by query key; bounded LRU */
  lists: Cache<string, Listing>;
}

export interface PropIndex {
  /** prop → value id per article (-1 = none) */
  byProp: Map<string, Int32Array>;
  values: string[];
  valueId: Map<string, number>;
}

export async function loadSnapshot(db: Db): Promise<Snapshot> {
  const rows = await db.selectFrom('articles')
    .select(['artnr', 'pg', 'kat_id', 'hersteller_id', 'preis', 'created_at', 'aus_sortiment', 'parent_artnr', 'mcode', 'ist_neuheit'])
    .orderBy('artnr').execute();
  const n = rows.length;
  const s: Snapshot = {
    n, artnr: new Array<string>(n), idxOf: new Map(),
    pg: new Int32Array(n), kat: new Int32Array(n), herst: new Int32Array(n), preis: new Float64Array(n),
    created: new Int32Array(n), aus: new Uint8Array(n), isChild: new Uint8Array(n), mcode: new Int16Array(n), neu: new Uint8Array(n),
    manufacturers: new Map(), katChildren: new Map(), katPg: new Map(), pgs: new Set(),
    names: new Map(), katNames: new Map(), props: null, propTexts: new Map(), words: new Map(),
    byPg: new Map(), byKat: new Map(), listable: [], lists: new Cache({ ttlMs: Infinity, max: LIST_CACHE_MAX }),
  };
  rows.forEach((r, i) => {
    s.artnr[i] = r.artnr;
    s.idxOf.set(r.artnr, i);
    s.pg[i] = r.pg; s.kat[i] = r.kat_id; s.herst[i] = r.hersteller_id; s.preis[i] = Number(r.preis);
    s.aus[i] = r.aus_sortiment ? 1 : 0; s.isChild[i] = r.parent_artnr ? 1 : 0;
    s.mcode[i] = r.mcode ?? -1; s.neu[i] = r.ist_neuheit ? 1 : 0;
    if (!r.parent_artnr) {
      s.listable.push(i);
      let g = s.byPg.get(r.pg);
      if (!g) s.byPg.set(r.pg, (g = []));
      g.push(i);
      let k = s.byKat.get(r.kat_id);
      if (!k) s.byKat.set(r.kat_id, (k = []));
      k.push(i);
    }
  });
  // computed groups: 90 = promotion articles (MCode 0..4), 91 = new articles
  for (const [pg, test] of [[PG_PROMO, (i: number) => inGroup(s, i, PG_PROMO)], [PG_NEW, (i: number) => inGroup(s, i, PG_NEW)]] as const) {
    const own = s.byPg.get(pg) ?? [];
    const computed = s.listable.filter((i) => s.pg[i] !== pg && test(i));
    s.byPg.set(pg, own.concat(computed).sort((a, b) => a - b));
  }
  const byCreated = [...rows.keys()].sort((a, b) => (rows[a]!.created_at < rows[b]!.created_at ? -1 : rows[a]!.created_at > rows[b]!.created_at ? 1 : a - b));
  byCreated.forEach((i, rank) => { s.created[i] = rank; });
  for (const m of await db.selectFrom('manufacturers').select(['id', 'name']).execute()) s.manufacturers.set(m.id, m.name);
  for (const c of await db.selectFrom('categories').select(['kat_id', 'pg', 'parent_kat_id']).orderBy('sort').orderBy('kat_id').execute()) {
    s.katPg.set(c.kat_id, c.pg);
    const parent = c.parent_kat_id ?? -c.pg - 1; // roots hang below a per-group pseudo node
    let list = s.katChildren.get(parent);
    if (!list) s.katChildren.set(parent, (list = []));
    list.push(c.kat_id);
  }
  for (const g of await db.selectFrom('product_groups').select('pg').execute()) s.pgs.add(g.pg);
  return s;
}

const PG_PROMO = 90;
const PG_NEW = 91;

/** Group membership including the computed groups 90 (MCode 0..4) and 91 (IstNeuheit). */
export function inGroup(s: Snapshot, i: number, pg: number): boolean {
  if (s.pg[i] === pg) return true;
  if (pg === PG_PROMO) return s.mcode[i]! >= 0 && s.mcode[i]! <= 4;
  if (pg === PG_NEW) return s.neu[i] === 1;
  return false;
}

/** Category ids of a category and all its descendants. */
export function katDescendants(s: Snapshot, katId: number): Set<number> {
  const out = new Set<number>([katId]);
  const stack = [katId];
  while (stack.length) for (const c of s.katChildren.get(stack.pop()!) ?? []) if (!out.has(c)) { out.add(c); stack.push(c); }
  return out;
}

/** Sort rank of the designation in a language (collated once per language). */
export async function nameRanks(db: Db, s: Snapshot, lang: string): Promise<Int32Array> {
  const hit = s.names.get(lang);
  if (hit) return hit;
  const rows = await db.selectFrom('articles as a')
    .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'a.artnr').on('t.lang', '=', lang))
    .select(['a.artnr', 'a.bezeichnung', 't.bezeichnung as bez_lang']).execute();
  const names = new Array<string>(s.n).fill('');
  for (const r of rows) { const i = s.idxOf.get(r.artnr); if (i !== undefined) names[i] = r.bez_lang ?? r.bezeichnung; }
  const coll = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  const order = [...names.keys()].sort((a, b) => coll.compare(names[a]!, names[b]!) || a - b);
  const rank = new Int32Array(s.n);
  order.forEach((i, r) => { rank[i] = r; });
  s.names.set(lang, rank);
  return rank;
}

export async function categoryNames(db: Db, s: Snapshot, lang: string): Promise<Map<number, string>> {
  const hit = s.katNames.get(lang);
  if (hit) return hit;
  const rows = await db.selectFrom('category_names').select(['kat_id', 'lang', 'name']).where('lang', 'in', [lang, 'de']).execute();
  const m = new Map<number, string>();
  for (const r of rows) if (r.lang === lang || !m.has(r.kat_id)) m.set(r.kat_id, r.name);
  s.katNames.set(lang, m);
  return m;
}

/** The wording of a property value in a language. */
export type PropertyLabel = (prop: string, value: string) => string;

/**
 * The wording of property values in the language (property_texts); a value without one reads as stored,
 * typeset for the language ("Ø 1,8 mm" keeps its unit on the line).
 */
export async function propertyLabels(db: Db, s: Snapshot, lang: string): Promise<PropertyLabel> {
  const texts = await propertyTexts(db, s, lang);
  return (prop, value) => texts.get(prop)?.get(value) ?? typeset(value, lang);
}

function propertyTexts(db: Db, s: Snapshot, lang: string): Promise<Map<string, Map<string, string>>> {
  let hit = s.propTexts.get(lang);
  if (!hit) {
    hit = db.selectFrom('property_texts').select(['prop', 'value', 'text']).where('lang', '=', lang).execute().then((rows) => {
      const m = new Map<string, Map<string, string>>();
      for (const r of rows) {
        let byValue = m.get(r.prop);
        if (!byValue) m.set(r.prop, (byValue = new Map()));
        byValue.set(r.value, r.text);
      }
      return m;
    });
    hit.catch(() => s.propTexts.delete(lang)); // a failed read is not kept
    s.propTexts.set(lang, hit);
  }
  return hit;
}

export function propIndex(db: Db, s: Snapshot): Promise<PropIndex> {
  if (!s.props) {
    s.props = (async () => {
      const rows = await db.selectFrom('article_properties').select(['artnr', 'prop', 'value']).execute();
      const p: PropIndex = { byProp: new Map(), values: [], valueId: new Map() };
      for (const r of rows) {
        const i = s.idxOf.get(r.artnr);
        if (i === undefined) continue;
        let arr = p.byProp.get(r.prop);
        if (!arr) p.byProp.set(r.prop, (arr = new Int32Array(s.n).fill(-1)));
        let v = p.valueId.get(r.value);
        if (v === undefined) { v = p.values.length; p.values.push(r.value); p.valueId.set(r.value, v); }
        arr[i] = v;
      }
      return p;
    })();
  }
  return s.props;
}

// a dense number per category (0..k-1) for each article: counting per category over typed arrays
interface CategorySlots {
  slot: Int32Array;
  katIds: number[];
}
const slots = new WeakMap<Snapshot, CategorySlots>();

/** Each article's category as a dense slot, and the category id of each slot. */
export function categorySlots(s: Snapshot): CategorySlots {
  let hit = slots.get(s);
  if (!hit) {
    const ids = new Map<number, number>();
    const slot = new Int32Array(s.n);
    for (let i = 0; i < s.n; i++) {
      let c = ids.get(s.kat[i]!);
      if (c === undefined) ids.set(s.kat[i]!, (c = ids.size));
      slot[i] = c;
    }
    slots.set(s, (hit = { slot, katIds: [...ids.keys()] }));
  }
  return hit;
}
