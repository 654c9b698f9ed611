// Query engine of the catalogue: full-text search (FTS5 / tsvector) that speaks the trade (synonym
// dictionary, plural folding, compound splitting: synonyms.ts, search-index.ts), typo correction, a
// best-partial fallback, product codes (GTIN, GS1, HIBC), and an in-memory column snapshot of the
// catalogue for filters, facets and sorting.
//
// Why a snapshot: category pages and search results need facet counts over the whole result set
// (thousands of rows). Counting over typed arrays takes microseconds; the same GROUP BYs in SQL
// take milliseconds per facet. The catalogue only changes by import/seed, which calls
// invalidateCatalog() (via rebuildSearchIndex); the snapshot also expires after SNAPSHOT_TTL_MS.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { isPostgres } from '../db/dialect.ts';
import { normalizeArtnr } from '../../src/lib/rules/artnr.ts';
import { SPECIAL_PRODUCT_GROUPS } from '../../src/lib/rules/constants.ts';
import { foldText } from './search-index.ts';
import { loadArticleItems, purchaseFacts, withPurchases, type ArticleListItem } from './articles.ts';
import { promiseMemo, type PromiseMemo } from './memo.ts';
import { articlesByCode } from './scan-codes.ts';
import { editDistance, expandQuery, isWidened, literalQuery, nearestDictionaryWord, type QueryWord } from './synonyms.ts';

const SNAPSHOT_TTL_MS = 10 * 60_000;
const MATCH_CACHE_INTS = 4_000_000; // ~16 MB of cached result sets
const MAX_TOKENS = 8;

export interface Snapshot {
  loadedAt: number;
  n: number;
  artnr: string[];
  idxOf: Map<string, number>;
  /** FTS rowid → snapshot index (-1 when unknown) */
  rowToIdx: Int32Array;
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
  words: Map<string, WordList>;
  /** listable articles (no variant children) per product group, and per category */
  byPg: Map<number, number[]>;
  byKat: Map<number, number[]>;
  listable: number[];
  /** computed listings (sorted hits + facets) by query key; bounded LRU */
  lists: Map<string, { hits: Int32Array; facets: Facets | null }>;
  /** FTS rowids (ascending) of a synonym group's alternatives: a group's posting list, asked by every query with one of its words */
  groupRows: Map<string, Int32Array>;
}

export interface PropIndex {
  /** prop → value id per article (-1 = none) */
  byProp: Map<string, Int32Array>;
  values: string[];
  valueId: Map<string, number>;
}

interface MatchResult { idx: Int32Array; exact: number; corrected: string | null; chips: Map<string, Chip[]> }
export interface Chip { pg: number; katId: number; name: string; count: number }

interface Engine {
  snap: Promise<Snapshot> | null;
  matches: Map<string, MatchResult>;
  matchInts: number;
  corrections: Map<string, string | null>;
  responses: Map<string, { at: number; body: string }>;
  values: PromiseMemo<string, unknown>;
  /** the FTS vocabulary in memory (SQLite): loaded in the background, SQL answers until it is there */
  vocab: Vocab | null;
  vocabLoading: Promise<void> | null;
}

/** FTS terms in index order (byte order = code point order for the folded text) with their document counts. */
interface Vocab { terms: string[]; docs: Int32Array }

const engines = new WeakMap<Db, Engine>();

function engine(db: Db): Engine {
  let e = engines.get(db);
  if (!e) engines.set(db, (e = { snap: null, matches: new Map(), matchInts: 0, corrections: new Map(), responses: new Map(), values: promiseMemo(ITEM_TTL_MS, 5000), vocab: null, vocabLoading: null }));
  return e;
}

/** Drops the snapshot and cached result sets (call after the catalogue changed). */
export function invalidateCatalog(db: Db): void {
  engines.delete(db);
  itemCaches.delete(db);
}

// ---------------------------------------------------------------------------------------------
// Snapshot

async function loadSnapshot(db: Db): Promise<Snapshot> {
  const rows = await db.selectFrom('articles')
    .select(['artnr', 'pg', 'kat_id', 'hersteller_id', 'preis', 'created_at', 'aus_sortiment', 'parent_artnr', 'mcode', 'ist_neuheit'])
    .orderBy('artnr').execute();
  const n = rows.length;
  const s: Snapshot = {
    loadedAt: Date.now(), n, artnr: new Array<string>(n), idxOf: new Map(), rowToIdx: new Int32Array(0),
    pg: new Int32Array(n), kat: new Int32Array(n), herst: new Int32Array(n), preis: new Float64Array(n),
    created: new Int32Array(n), aus: new Uint8Array(n), isChild: new Uint8Array(n), mcode: new Int16Array(n), neu: new Uint8Array(n),
    manufacturers: new Map(), katChildren: new Map(), katPg: new Map(), pgs: new Set(),
    names: new Map(), katNames: new Map(), props: null, words: new Map(),
    byPg: new Map(), byKat: new Map(), listable: [], lists: new Map(), groupRows: new Map(),
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
  if (!isPostgres(db)) {
    const map = await sql<{ rowid: number; artnr: string }>`SELECT rowid, artnr FROM article_fts_map`.execute(db);
    let max = 0;
    for (const r of map.rows) if (r.rowid > max) max = r.rowid;
    s.rowToIdx = new Int32Array(max + 1).fill(-1);
    for (const r of map.rows) s.rowToIdx[r.rowid] = s.idxOf.get(r.artnr) ?? -1;
  }
  return s;
}

export const PG_PROMO = 90;
export const PG_NEW = 91;

/** Group membership including the computed groups 90 (MCode 0..4) and 91 (IstNeuheit). */
export function inGroup(s: Snapshot, i: number, pg: number): boolean {
  if (s.pg[i] === pg) return true;
  if (pg === PG_PROMO) return s.mcode[i]! >= 0 && s.mcode[i]! <= 4;
  if (pg === PG_NEW) return s.neu[i] === 1;
  return false;
}

export async function snapshot(db: Db): Promise<Snapshot> {
  const e = engine(db);
  if (e.snap) {
    const s = await e.snap;
    if (Date.now() - s.loadedAt < SNAPSHOT_TTL_MS) return s;
    engines.delete(db);
    return snapshot(db);
  }
  e.snap = loadSnapshot(db);
  e.snap.catch(() => { e.snap = null; });
  return e.snap;
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

// ---------------------------------------------------------------------------------------------
// Filters, facets and sorting over index lists

export interface ListFilter {
  pg?: number;
  katIds?: Set<number>;
  marken?: number[];
  /** prop → accepted values */
  eigenschaften?: Map<string, string[]>;
  /** EUR */
  min?: number;
  max?: number;
  only?: Set<number>;
  /** include variant children (search: yes; category listings: no) */
  children?: boolean;
}

export type SortKey = 'relevance' | 'price_asc' | 'price_desc' | 'name' | 'newest';

export interface Facets {
  marken: { id: number; name: string; count: number }[];
  eigenschaften: { prop: string; values: { value: string; count: number }[] }[];
  /** EUR */
  price: { min: number; max: number };
}

type Except = 'marken' | 'price' | string | null;

function passes(s: Snapshot, props: PropIndex | null, f: ListFilter, i: number, except: Except): boolean {
  if (!f.children && s.isChild[i]) return false;
  if (f.pg !== undefined && !inGroup(s, i, f.pg)) return false;
  if (f.katIds && !f.katIds.has(s.kat[i]!)) return false;
  if (f.only && !f.only.has(i)) return false;
  if (except !== 'marken' && f.marken?.length && !f.marken.includes(s.herst[i]!)) return false;
  if (except !== 'price') {
    if (f.min !== undefined && s.preis[i]! < f.min) return false;
    if (f.max !== undefined && s.preis[i]! > f.max) return false;
  }
  if (f.eigenschaften && props) {
    for (const [prop, vals] of f.eigenschaften) {
      if (prop === except) continue;
      const arr = props.byProp.get(prop);
      const v = arr ? arr[i]! : -1;
      if (v < 0 || !vals.includes(props.values[v]!)) return false;
    }
  }
  return true;
}

/** Applies the filter and computes disjunctive facets: each facet counts with all other filters applied. */
export function filterAndFacet(
  s: Snapshot, props: PropIndex | null, base: ArrayLike<number>, f: ListFilter, facetProps: string[] | null,
): { hits: number[]; facets: Facets | null } {
  const hits: number[] = [];
  for (let k = 0; k < base.length; k++) { const i = base[k]!; if (passes(s, props, f, i, null)) hits.push(i); }
  if (!facetProps) return { hits, facets: null };
  const marken = new Map<number, number>();
  let pmin = Infinity, pmax = -Infinity;
  const propCounts = new Map<string, Map<number, number>>();
  const filteredProps = new Set(f.eigenschaften?.keys() ?? []);
  const propArrs = facetProps.map((p) => [p, props?.byProp.get(p)] as const).filter((x): x is readonly [string, Int32Array] => !!x[1]);
  for (const [p] of propArrs) propCounts.set(p, new Map());
  const hasMarken = !!f.marken?.length, hasPrice = f.min !== undefined || f.max !== undefined;
  for (let k = 0; k < base.length; k++) {
    const i = base[k]!;
    // one cheap full check; exclusions only re-evaluated when the item fails
    const all = passes(s, props, f, i, null);
    if (all || (hasMarken && passes(s, props, f, i, 'marken'))) marken.set(s.herst[i]!, (marken.get(s.herst[i]!) ?? 0) + 1);
    if (all || (hasPrice && passes(s, props, f, i, 'price'))) {
      const p = s.preis[i]!;
      if (p < pmin) pmin = p;
      if (p > pmax) pmax = p;
    }
    for (const [prop, arr] of propArrs) {
      const v = arr[i]!;
      if (v < 0) continue;
      if (all || (filteredProps.has(prop) && passes(s, props, f, i, prop))) {
        const m = propCounts.get(prop)!;
        m.set(v, (m.get(v) ?? 0) + 1);
      }
    }
  }
  const facets: Facets = {
    marken: [...marken].map(([id, count]) => ({ id, name: s.manufacturers.get(id) ?? String(id), count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    eigenschaften: [...propCounts].filter(([, m]) => m.size > 0).map(([prop, m]) => ({
      prop,
      values: [...m].map(([v, count]) => ({ value: props!.values[v]!, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'de', { numeric: true })),
    })),
    price: { min: pmin === Infinity ? 0 : pmin, max: pmax === -Infinity ? 0 : pmax },
  };
  return { hits, facets };
}

export async function sortHits(db: Db, s: Snapshot, hits: number[], sort: SortKey, lang: string): Promise<number[]> {
  switch (sort) {
    case 'price_asc': return hits.sort((a, b) => s.preis[a]! - s.preis[b]! || a - b);
    case 'price_desc': return hits.sort((a, b) => s.preis[b]! - s.preis[a]! || a - b);
    case 'newest': return hits.sort((a, b) => s.created[b]! - s.created[a]!);
    case 'name': { const r = await nameRanks(db, s, lang); return hits.sort((a, b) => r[a]! - r[b]!); }
    default: return hits;
  }
}

/** Category listing order: articles in the range first, then article number (hits arrive in index order). */
export function relevanceOrder(s: Snapshot, hits: number[]): number[] {
  const active: number[] = [], out: number[] = [];
  for (const i of hits) (s.aus[i] ? out : active).push(i);
  return out.length ? active.concat(out) : active;
}

const LIST_CACHE_MAX = 500;

/** Memoises a computed listing on the snapshot (LRU), so paging through a category costs one slice. */
export async function cachedListing(
  s: Snapshot, key: string, compute: () => Promise<{ hits: number[]; facets: Facets | null }>,
): Promise<{ hits: Int32Array; facets: Facets | null }> {
  const hit = s.lists.get(key);
  if (hit) { s.lists.delete(key); s.lists.set(key, hit); return hit; }
  const r = await compute();
  const v = { hits: Int32Array.from(r.hits), facets: r.facets };
  s.lists.set(key, v);
  if (s.lists.size > LIST_CACHE_MAX) s.lists.delete(s.lists.keys().next().value!);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Full-text matching

/** Word tokens as the FTS tokenizer sees them (letters and digits, diacritics folded). */
export function tokenize(term: string): string[] {
  return (foldText(term).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TOKENS);
}

/** A single word with a digit: treat as (possibly prefixed or versioned) article number. */
export function looksLikeArtnr(term: string): boolean {
  const t = term.trim();
  return t.length > 0 && t.length <= 40 && !/\s/.test(t) && /\d/.test(t);
}

/** FTS5 expression of one alternative: all its words (1-letter words exactly: a prefix query over one letter would touch most of the index) */
function ftsWords(words: readonly string[], prefix: boolean): string {
  const parts = words.map((t) => (prefix && t.length >= 2 ? `"${t}"*` : `"${t}"`));
  return parts.length > 1 ? `(${parts.join(' AND ')})` : parts[0]!;
}

/**
 * FTS5 MATCH expression for the query words, each matching by any of its alternatives (every word
 * as a prefix; `exact` = whole words only); null when nothing searchable remains. An article
 * number's normalised form is one more alternative of the whole term.
 */
export function ftsQuery(term: string, words: readonly QueryWord[] = expandQuery(tokenize(term)), exact = false): string | null {
  if (words.length === 0) return null;
  const all = words.map((w) => {
    const alts = w.alternatives.map((a) => ftsWords(a, !exact));
    return alts.length > 1 ? `(${alts.join(' OR ')})` : alts[0]!;
  });
  const parts = [`(${all.join(' AND ')})`];
  if (looksLikeArtnr(term)) {
    const norm = tokenize(normalizeArtnr(term));
    if (norm.length && norm.join(' ') !== tokenize(term).join(' ')) parts.push(`(${norm.map((t) => ftsWords([t], !exact)).join(' AND ')})`);
  }
  return parts.join(' OR ');
}

/**
 * The catalogue article numbers a typed or scanned term names (section 5 quick suggestion): as
 * typed, upper-cased, normalised (prefixes, FH-, trailing version) and normalised upper-cased.
 * One hit = the article; none or several = no unique answer.
 */
export function artnrMatches(s: Snapshot, term: string): string[] {
  return artnrForms(term).filter((c) => s.idxOf.has(c));
}

/** A typed article number as typed, upper-cased, normalised (section 5) and normalised upper-cased. */
function artnrForms(term: string): string[] {
  const t = term.trim();
  const n = normalizeArtnr(t);
  return [...new Set([t, t.toUpperCase(), n, n.toUpperCase()])].filter((x) => x.length > 0);
}

// code-unit order of the article numbers (the database's order depends on its collation)
const sortedArtnrs = new WeakMap<Snapshot, string[]>();

/** Up to `max` article numbers starting with `prefix`, in code-unit order. */
export function artnrsWithPrefix(s: Snapshot, prefix: string, max: number): string[] {
  if (!prefix) return [];
  let a = sortedArtnrs.get(s);
  if (!a) sortedArtnrs.set(s, (a = [...s.artnr].sort()));
  const out: string[] = [];
  for (let i = lowerBound(a, prefix); i < a.length && out.length < max && a[i]!.startsWith(prefix); i++) out.push(a[i]!);
  return out;
}

/** PostgreSQL tsquery of the query words (prefix matches), as ftsQuery. */
function pgTsQuery(words: readonly QueryWord[]): string {
  return words.map((w) => `(${w.alternatives.map((a) => a.map((t) => `${t}:*`).join(' & ')).join(' | ')})`).join(' & ');
}

/** Article numbers the term names exactly: as typed, upper-cased and normalised (section 5). */
export function exactCandidates(term: string): string[] {
  return looksLikeArtnr(term.trim()) ? artnrForms(term) : [];
}

/**
 * The in-memory vocabulary, null while it loads (the first call starts loading it: ~200,000 terms,
 * a quarter second once per catalogue snapshot). Each vocabulary question then costs a binary search
 * instead of a scan of the fts5vocab table (~0.5 ms per question).
 */
function memoryVocab(db: Db): Vocab | null {
  const e = engine(db);
  if (e.vocab || isPostgres(db)) return e.vocab;
  e.vocabLoading ??= sql<{ term: string; doc: number }>`SELECT term, doc FROM article_fts_vocab`.execute(db)
    .then((r) => { e.vocab = { terms: r.rows.map((x) => x.term), docs: Int32Array.from(r.rows, (x) => x.doc) }; })
    .catch(() => { e.vocabLoading = null; });
  return null;
}

/** Index of the first term >= t. */
function lowerBound(terms: readonly string[], t: string): number {
  let lo = 0, hi = terms.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (terms[mid]! < t) lo = mid + 1; else hi = mid; }
  return lo;
}

/** Vocabulary terms starting with `prefix`, with their document counts. */
async function termsWithPrefix(db: Db, prefix: string): Promise<{ term: string; doc: number }[]> {
  const v = memoryVocab(db);
  if (!v) return (await sql<{ term: string; doc: number }>`SELECT term, doc FROM article_fts_vocab WHERE term >= ${prefix} AND term < ${prefix + '\u{10FFFF}'}`.execute(db)).rows;
  const out: { term: string; doc: number }[] = [];
  for (let i = lowerBound(v.terms, prefix); i < v.terms.length && v.terms[i]!.startsWith(prefix); i++) out.push({ term: v.terms[i]!, doc: v.docs[i]! });
  return out;
}

/** Closest vocabulary term (edit distance ≤ 2, same first two letters), most frequent on ties. */
async function correctToken(db: Db, token: string): Promise<string | null> {
  const e = engine(db);
  if (e.corrections.has(token)) return e.corrections.get(token)!;
  let best: string | null = null;
  if (token.length >= 4 && !/\d/.test(token)) {
    let bestD = 3, bestDoc = -1;
    for (const r of await termsWithPrefix(db, token.slice(0, 2))) {
      if (/\d/.test(r.term)) continue;
      // the query is a prefix search: compare with the term and with its head of the same length
      const d = Math.min(editDistance(token, r.term, 2), r.term.length > token.length ? editDistance(token, r.term.slice(0, token.length), 2) + 0.5 : 9);
      if (d < bestD || (d === bestD && r.doc > bestDoc)) { best = r.term; bestD = d; bestDoc = r.doc; }
    }
    if (bestD > 2) best = null;
  }
  if (e.corrections.size > 5000) e.corrections.clear();
  e.corrections.set(token, best);
  return best;
}

/** True when the vocabulary holds a longer word starting with the token. */
async function hasLonger(db: Db, token: string): Promise<boolean> {
  const v = memoryVocab(db);
  if (v) {
    let i = lowerBound(v.terms, token);
    if (v.terms[i] === token) i++;
    return i < v.terms.length && v.terms[i]!.startsWith(token);
  }
  const r = await sql<{ x: number }>`SELECT 1 AS x FROM article_fts_vocab WHERE term > ${token} AND term < ${token + '\u{10FFFF}'} LIMIT 1`.execute(db);
  return r.rows.length > 0;
}

async function vocabHas(db: Db, term: string): Promise<boolean> {
  const v = memoryVocab(db);
  if (v) return v.terms[lowerBound(v.terms, term)] === term;
  const r = await sql<{ x: number }>`SELECT 1 AS x FROM article_fts_vocab WHERE term = ${term} LIMIT 1`.execute(db);
  return r.rows.length > 0;
}

/** Splits a word into an indexed word and an indexed prefix (longest head first), e.g. kunststoffzahne. */
async function splitCompound(db: Db, token: string): Promise<string[] | null> {
  const key = `split:${token}`;
  const e = engine(db);
  if (e.corrections.has(key)) { const v = e.corrections.get(key); return v ? v.split(' ') : null; }
  let out: string[] | null = null;
  if (token.length >= 7 && !/\d/.test(token)) {
    for (let i = token.length - 3; i >= 3 && !out; i--) {
      const head = token.slice(0, i);
      if (!(await vocabHas(db, head))) continue;
      for (const rest of [token.slice(i), token[i] === 's' ? token.slice(i + 1) : '']) {
        if (rest.length >= 3 && (await hasPrefix(db, rest))) { out = [head, rest]; break; }
      }
    }
  }
  e.corrections.set(key, out ? out.join(' ') : null);
  return out;
}

async function hasPrefix(db: Db, token: string): Promise<boolean> {
  const r = await sql<{ x: number }>`SELECT 1 AS x FROM article_fts WHERE article_fts MATCH ${token.length >= 2 ? `"${token}"*` : `"${token}"`} LIMIT 1`.execute(db);
  return r.rows.length > 0;
}

/** Up to this many matches are ordered by bm25; beyond, bm25 costs ~0.6 µs per match and the static order is used. */
const BM25_MAX = 4000;

function parseIds(s: string | null | undefined): number[] {
  if (!s) return [];
  const parts = s.split(',');
  const out = new Array<number>(parts.length);
  for (let k = 0; k < parts.length; k++) out[k] = +parts[k]!;
  return out;
}

async function ftsIds(db: Db, match: string, ranked: boolean): Promise<number[]> {
  const q = ranked
    ? sql<{ ids: string | null }>`SELECT group_concat(rowid) AS ids FROM (SELECT rowid FROM article_fts WHERE article_fts MATCH ${match} ORDER BY bm25(article_fts, 10.0, 1.0))`
    : sql<{ ids: string | null }>`SELECT group_concat(rowid) AS ids FROM article_fts WHERE article_fts MATCH ${match}`;
  return parseIds((await q.execute(db)).rows[0]?.ids);
}

/**
 * Ranked rowids of a term. group_concat keeps each result a single string (no row object per
 * match). Documents containing the words as whole words come before prefix-only matches
 * ("zahn": Zahn, Frontzahn… before Zahntechnik, Zahnfabrik). Within a tier small sets are ordered
 * by bm25 (article number column ×10); large sets keep the static rowid order the indexer assigned
 * (in range first, shorter designation first), since bm25 costs ~0.6 µs per match.
 */
const GROUP_CACHE_MAX = 1000;

/** Rowids of one query word (ascending: the indexer's static rank); a synonym group's are kept on the snapshot. */
async function wordRowids(db: Db, s: Snapshot, w: QueryWord): Promise<ArrayLike<number>> {
  const match = ftsQuery('', [w])!;
  if (w.alternatives.length === 1) return ftsIds(db, match, false);
  const key = JSON.stringify(w.alternatives);
  const hit = s.groupRows.get(key);
  if (hit) return hit;
  const rows = Int32Array.from(await ftsIds(db, match, false)).sort();
  if (s.groupRows.size >= GROUP_CACHE_MAX) s.groupRows.delete(s.groupRows.keys().next().value!);
  s.groupRows.set(key, rows);
  return rows;
}

/** Sorted intersection of ascending rowid lists. */
function intersect(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++; else if (a[i]! > b[j]!) j++; else { out.push(a[i]!); i++; j++; }
  }
  return out;
}

/**
 * A query with synonym groups: the words' rowid lists intersected (each group's list cached), in the
 * indexer's static rank; widenedOrder then puts the typed words' matches first.
 */
async function runWidenedFts(db: Db, s: Snapshot, term: string, words: readonly QueryWord[]): Promise<number[]> {
  let rows: ArrayLike<number> | null = null;
  // smallest lists first keeps the intersections short
  const lists = await Promise.all(words.map((w) => wordRowids(db, s, w)));
  for (const l of lists.sort((a, b) => a.length - b.length)) rows = rows === null ? l : intersect(rows, l);
  let all: ArrayLike<number> = rows ?? [];
  // an article number's normalised form is an alternative of the whole term (as in ftsQuery)
  const norm = looksLikeArtnr(term) ? tokenize(normalizeArtnr(term)) : [];
  if (norm.length && norm.join(' ') !== tokenize(term).join(' ')) {
    all = [...new Set([...Array.from(all), ...await ftsIds(db, ftsQuery('', expandQuery(norm))!, false)])].sort((a, b) => a - b);
  }
  const out: number[] = [];
  for (let k = 0; k < all.length; k++) { const i = s.rowToIdx[all[k]!] ?? -1; if (i >= 0) out.push(i); }
  return out;
}

async function runFts(db: Db, s: Snapshot, term: string, words: readonly QueryWord[]): Promise<number[]> {
  if (words.some((w) => w.alternatives.length > 1)) return runWidenedFts(db, s, term, words);
  const match = ftsQuery(term, words);
  if (!match) return [];
  const all = await ftsIds(db, match, false);
  let rowids = all;
  if (all.length > 1) {
    const ordered = all.length <= BM25_MAX ? await ftsIds(db, match, true) : all;
    // the whole-word tier only differs when some word is the prefix of a longer indexed word
    let longer = false;
    for (const t of words.flatMap((w) => w.alternatives.flat())) if (t.length >= 2 && (longer = await hasLonger(db, t))) break;
    const exactMatch = longer ? ftsQuery(term, words, true) : null;
    const exact = exactMatch && exactMatch !== match ? await ftsIds(db, exactMatch, false) : null;
    if (exact && exact.length && exact.length < all.length) {
      // one pass with a mark per rowid (a Set of 20,000 rowids costs more than the query)
      const mark = new Uint8Array(s.rowToIdx.length);
      for (const r of exact) if (r < mark.length) mark[r] = 1;
      const head: number[] = [], tail: number[] = [];
      for (const r of ordered) (mark[r] ? head : tail).push(r);
      rowids = head.concat(tail);
    } else rowids = ordered;
  }
  const out: number[] = [];
  for (const r of rowids) { const i = s.rowToIdx[r] ?? -1; if (i >= 0) out.push(i); }
  return out;
}

async function runPg(db: Db, s: Snapshot, term: string, words: readonly QueryWord[]): Promise<number[]> {
  const folded = foldText(term);
  const prefix = pgTsQuery(words);
  const r = await sql<{ artnr: string }>`
    SELECT artnr FROM article_search
    WHERE tsv @@ to_tsquery('simple'::regconfig, ${prefix}::text)
    ORDER BY ts_rank(tsv, websearch_to_tsquery('simple'::regconfig, ${folded}::text)) + ts_rank(tsv, to_tsquery('simple'::regconfig, ${prefix}::text)) DESC, artnr
    LIMIT 5000`.execute(db);
  const out: number[] = [];
  for (const row of r.rows) { const i = s.idxOf.get(row.artnr); if (i !== undefined) out.push(i); }
  return out;
}

/** PostgreSQL's typo tolerance: trigram word similarity against the indexed text. */
async function fuzzyPg(db: Db, s: Snapshot, term: string): Promise<number[]> {
  const folded = foldText(term);
  const r = await sql<{ artnr: string }>`
    SELECT artnr FROM article_search WHERE ${folded}::text <% body
    ORDER BY word_similarity(${folded}::text, body) DESC, artnr LIMIT 500`.execute(db);
  const out: number[] = [];
  for (const row of r.rows) { const i = s.idxOf.get(row.artnr); if (i !== undefined) out.push(i); }
  return out;
}

/** Ranked matches of the query words on either engine (PostgreSQL: article numbers in their normalised form). */
function runWords(db: Db, s: Snapshot, term: string, words: readonly QueryWord[]): Promise<number[]> {
  if (!isPostgres(db)) return runFts(db, s, term, words);
  const norm = looksLikeArtnr(term) ? tokenize(normalizeArtnr(term)) : [];
  return runPg(db, s, term, norm.length ? expandQuery(norm) : words);
}

/** The set of articles the words match (no ranking). */
async function matchSet(db: Db, s: Snapshot, words: readonly QueryWord[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (isPostgres(db)) {
    const r = await sql<{ artnr: string }>`SELECT artnr FROM article_search WHERE tsv @@ to_tsquery('simple'::regconfig, ${pgTsQuery(words)}::text)`.execute(db);
    for (const row of r.rows) { const i = s.idxOf.get(row.artnr); if (i !== undefined) out.add(i); }
    return out;
  }
  const match = ftsQuery('', words);
  if (match) for (const r of await ftsIds(db, match, false)) { const i = s.rowToIdx[r] ?? -1; if (i >= 0) out.add(i); }
  return out;
}

/** True when some article matches the word (any engine). */
async function wordFinds(db: Db, w: QueryWord): Promise<boolean> {
  if (!isPostgres(db)) return hasPrefix(db, w.alternatives[0]![0]!);
  const r = await sql<{ x: number }>`SELECT 1 AS x FROM article_search WHERE tsv @@ to_tsquery('simple'::regconfig, ${pgTsQuery([w])}::text) LIMIT 1`.execute(db);
  return r.rows.length > 0;
}

/**
 * Words that find nothing, made findable: a typo of a trade word becomes that word; on SQLite a
 * compound the catalogue writes apart is split ("kunststoffzähne" → kunststoff zähne), else the
 * closest indexed word replaces it (PostgreSQL falls back to trigram similarity instead). A trade
 * word of the dictionary is never replaced. null when nothing changed.
 */
async function repairWords(db: Db, words: readonly QueryWord[]): Promise<QueryWord[] | null> {
  let changed = false;
  const out: QueryWord[] = [];
  for (const w of words) {
    const single = w.alternatives.length === 1 && w.alternatives[0]!.length === 1;
    if (w.known || !single || (await wordFinds(db, w))) { out.push(w); continue; }
    const trade = nearestDictionaryWord(w.text);
    if (trade) { out.push({ ...expandQuery([trade])[0]!, text: trade }); changed = true; continue; }
    if (!isPostgres(db)) {
      const parts = await splitCompound(db, w.text);
      if (parts) { out.push({ text: parts.join(' '), alternatives: [parts], known: false }); changed = true; continue; }
      const c = await correctToken(db, w.text);
      if (c) { out.push({ text: c, alternatives: [[c]], known: false }); changed = true; continue; }
    }
    out.push(w);
  }
  return changed ? out : null;
}

/**
 * Stems and synonyms widen the search: what the words as typed find comes first ("Zähne": the sets
 * of 28 Zähne before every Zahn… prefix); with synonyms each tier by the categories most of its
 * matches fall in (Kunststoffzähne: the tooth sets, not the one bonder "für Kunststoff-Zähne" whose
 * short text matches many phrases of the group; Zirkon: the zirconia blanks, not the brand Zirkonzahn).
 */
async function widenedOrder(db: Db, s: Snapshot, words: readonly QueryWord[], ranked: number[]): Promise<number[]> {
  if (ranked.length <= 1 || !isWidened(words)) return ranked;
  const literal = await matchSet(db, s, literalQuery(words));
  const own = ranked.filter((i) => literal.has(i));
  const rest = ranked.filter((i) => !literal.has(i));
  // synonym matches come in the static rank (no bm25 over a group's posting list): the categories
  // decide; the typed words' tier too ("Zähne": the sets of 28 Zähne, not the short bonder text first)
  return words.some((w) => w.alternatives.length > 1) ? byCategoryVote(s, own).concat(byCategoryVote(s, rest)) : byCategoryVote(s, own).concat(rest);
}

/**
 * Matches ordered by how many of them share their category (stable: rank order within a category;
 * linear); the special groups (clearance 888, miscellaneous 0, promotions) after the regular ones,
 * as in the navigation.
 */
function byCategoryVote(s: Snapshot, idx: number[]): number[] {
  const buckets = new Map<number, number[]>();
  for (const i of idx) {
    const k = s.kat[i]!;
    const b = buckets.get(k);
    if (b) b.push(i); else buckets.set(k, [i]);
  }
  if (buckets.size <= 1) return idx;
  const special = (b: number[]) => (SPECIAL_PRODUCT_GROUPS.includes(s.pg[b[0]!]!) ? 1 : 0);
  return [...buckets.values()].sort((a, b) => special(a) - special(b) || b.length - a.length).flat();
}

/** No article has all words: the articles with the most of them first (in the static rank within the same count). */
async function bestPartial(db: Db, s: Snapshot, words: readonly QueryWord[]): Promise<number[]> {
  if (isPostgres(db)) {
    const count = new Map<number, number>();
    const order: number[] = [];
    for (const w of words) {
      for (const i of await runWords(db, s, w.text, [w])) {
        const c = count.get(i);
        if (c === undefined) { count.set(i, 1); order.push(i); } else count.set(i, c + 1);
      }
    }
    // a stable sort keeps the rank order within the same number of matched words
    return order.sort((a, b) => count.get(b)! - count.get(a)!);
  }
  // SQLite: each word's rowid list once (no ranking), counted per rowid; ascending rowids = static rank
  const count = new Uint8Array(s.rowToIdx.length);
  let max = 0;
  for (const w of words) {
    const rows = await wordRowids(db, s, w);
    for (let k = 0; k < rows.length; k++) { const r = rows[k]!; if (r < count.length && ++count[r]! > max) max = count[r]!; }
  }
  const out: number[] = [];
  for (let c = max; c >= 1; c--) {
    for (let r = 0; r < count.length; r++) if (count[r] === c) { const i = s.rowToIdx[r]!; if (i >= 0) out.push(i); }
  }
  return out;
}

/**
 * Ranked match set of a term: exact article numbers and product codes first, then by relevance;
 * out-of-range articles last. The words match with their trade synonyms (what the words themselves
 * find first); when no article has all words: repaired words (typos, compounds) if they find more
 * than the original, else the best partial matches.
 */
export async function matchTerm(db: Db, s: Snapshot, term: string): Promise<MatchResult> {
  const e = engine(db);
  const key = foldText(term.trim()).replace(/\s+/g, ' ');
  const hit = e.matches.get(key);
  if (hit) { e.matches.delete(key); e.matches.set(key, hit); return hit; }

  const exact: number[] = [];
  const add = (artnr: string) => { const i = s.idxOf.get(artnr); if (i !== undefined && !exact.includes(i)) exact.push(i); };
  for (const c of exactCandidates(term)) add(c);
  for (const a of await articlesByCode(db, term)) add(a);
  const tokens = tokenize(term);
  let ranked: number[] = [];
  let corrected: string | null = null;
  if (tokens.length) {
    const words = expandQuery(tokens);
    ranked = await widenedOrder(db, s, words, await runWords(db, s, term, words));
    if (ranked.length === 0 && exact.length === 0) {
      const repaired = await repairWords(db, words);
      if (repaired) {
        ranked = await widenedOrder(db, s, repaired, await runWords(db, s, term, repaired));
        if (ranked.length) corrected = repaired.map((w) => w.text).join(' ');
      }
      if (ranked.length === 0 && words.length > 1) ranked = await bestPartial(db, s, words);
      if (ranked.length === 0 && isPostgres(db)) ranked = await fuzzyPg(db, s, term);
    }
  }
  const seen = new Set(exact);
  const active: number[] = [], out: number[] = [];
  for (const i of ranked) { if (seen.has(i)) continue; seen.add(i); (s.aus[i] ? out : active).push(i); }
  const idx = Int32Array.from([...exact, ...active, ...out]);
  const res: MatchResult = { idx, exact: exact.length, corrected, chips: new Map() };
  e.matches.set(key, res);
  e.matchInts += idx.length + 16;
  while (e.matchInts > MATCH_CACHE_INTS && e.matches.size > 1) {
    const [k, v] = e.matches.entries().next().value!;
    e.matches.delete(k);
    e.matchInts -= v.idx.length + 16;
  }
  return res;
}

/** Up to `max` category chips (most hits first) of a match set. */
export async function chipsFor(db: Db, s: Snapshot, m: MatchResult, lang: string, max = 4): Promise<Chip[]> {
  const hit = m.chips.get(lang);
  if (hit) return hit;
  const counts = new Map<number, number>();
  for (let k = 0; k < m.idx.length; k++) { const kat = s.kat[m.idx[k]!]!; counts.set(kat, (counts.get(kat) ?? 0) + 1); }
  const names = await categoryNames(db, s, lang);
  const chips = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, max)
    .map(([katId, count]) => ({ pg: s.katPg.get(katId) ?? 0, katId, name: names.get(katId) ?? '', count }));
  m.chips.set(lang, chips);
  return chips;
}

interface WordList { keys: string[]; display: string[]; count: number[] }

async function wordList(db: Db, s: Snapshot, lang: string): Promise<WordList> {
  const hit = s.words.get(lang);
  if (hit) return hit;
  const rows = await db.selectFrom('articles as a')
    .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'a.artnr').on('t.lang', '=', lang))
    .innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
    .select(['a.bezeichnung', 't.bezeichnung as bez_lang', 'm.name']).execute();
  // folded word → spelling counts (the most frequent spelling is shown)
  const words = new Map<string, Map<string, number>>();
  const add = (w: string) => {
    if (w.length < 3 || /\d/.test(w)) return;
    const k = foldText(w);
    let m = words.get(k);
    if (!m) words.set(k, (m = new Map()));
    m.set(w, (m.get(w) ?? 0) + 1);
  };
  for (const r of rows) {
    for (const w of (r.bez_lang ?? r.bezeichnung).match(/[\p{L}\p{N}][\p{L}\p{N}.\-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? []) {
      add(w);
      // parts of hyphenated words: Kunststoff-Zähne also completes "zäh"
      if (w.includes('-')) for (const part of w.split('-')) add(part);
    }
    add(r.name);
  }
  const keys = [...words.keys()].sort();
  const list: WordList = { keys, display: [], count: [] };
  for (const k of keys) {
    let best = '', bestN = 0, total = 0;
    for (const [w, n] of words.get(k)!) { total += n; if (n > bestN) { best = w; bestN = n; } }
    list.display.push(best);
    list.count.push(total);
  }
  s.words.set(lang, list);
  return list;
}

/** Autocomplete words of the designations in a language that start with the (folded) prefix, most frequent first. */
export async function wordsWithPrefix(db: Db, s: Snapshot, lang: string, prefix: string, limit: number): Promise<string[]> {
  const list = await wordList(db, s, lang);
  const p = foldText(prefix);
  let lo = 0, hi = list.keys.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (list.keys[mid]! < p) lo = mid + 1; else hi = mid; }
  const found: number[] = [];
  for (let i = lo; i < list.keys.length && list.keys[i]!.startsWith(p); i++) found.push(i);
  return found.sort((a, b) => list.count[b]! - list.count[a]! || a - b).slice(0, limit).map((i) => list.display[i]!);
}

// ---------------------------------------------------------------------------------------------
// Guest list-item cache: search and listings answer guests from memory. Customer calls get the same
// items with the customer's purchase facts laid over them (articles.ts purchaseFacts). Entries live ITEM_TTL_MS.

const ITEM_TTL_MS = 60_000;
const ITEM_CACHE_MAX = 200_000;
const itemCaches = new WeakMap<Db, Map<string, { at: number; item: ArticleListItem }>>();

export async function listItems(
  db: Db, artnrs: readonly string[], opts: { lang: string; country: string; kdnr?: number | null },
): Promise<ArticleListItem[]> {
  if (opts.kdnr) {
    const [items, bought] = await Promise.all([listItems(db, artnrs, { lang: opts.lang, country: opts.country }), purchaseFacts(db, opts.kdnr)]);
    return withPurchases(items, bought);
  }
  let cache = itemCaches.get(db);
  if (!cache) itemCaches.set(db, (cache = new Map()));
  const now = Date.now();
  const prefix = `${opts.lang}|${opts.country}|`;
  const missing: string[] = [];
  for (const nr of artnrs) {
    const hit = cache.get(prefix + nr);
    if (!hit || now - hit.at > ITEM_TTL_MS) missing.push(nr);
  }
  if (missing.length) {
    if (cache.size > ITEM_CACHE_MAX) cache.clear();
    for (const it of await loadArticleItems(db, missing, { lang: opts.lang, country: opts.country })) {
      cache.set(prefix + it.Artikelnummer, { at: now, item: it });
    }
  }
  const out: ArticleListItem[] = [];
  for (const nr of artnrs) { const hit = cache.get(prefix + nr); if (hit) out.push(hit.item); }
  return out;
}

/**
 * Serialised-answer cache for guest calls (no customer facts in the answer): the `{ result }`
 * JSON is built once per key and ITEM_TTL_MS, like the list items it contains.
 */
export async function cachedGuestJson(db: Db, key: string, compute: () => Promise<unknown>): Promise<Response> {
  const e = engine(db);
  const now = Date.now();
  let hit = e.responses.get(key);
  if (!hit || now - hit.at > ITEM_TTL_MS) {
    const body = JSON.stringify({ result: await compute() });
    hit = { at: now, body };
    if (e.responses.size >= 5000) e.responses.delete(e.responses.keys().next().value!);
    e.responses.set(key, hit);
  }
  return new Response(hit.body, { headers: { 'content-type': 'application/json' } });
}

/**
 * Guest-view value cache (no customer facts in the value; callers lay those over a copy): computed
 * once per key and ITEM_TTL_MS, dropped with the catalogue (invalidateCatalog).
 */
export function cachedGuestValue<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  return engine(db).values.get(key, compute) as Promise<T>;
}
