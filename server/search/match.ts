// The ranked match set of a search term, from the in-memory index (no SQL but product codes):
// exact article numbers and product codes first, then the words' matches by relevance, articles out
// of the range last. The words match with their trade synonyms and stems (the words as typed first);
// when no article has all words: repaired words (typos, compounds) if they find something, else the
// best partial matches. Results are kept per folded term (engine.matches).
import { normalizeArtnr } from '#rules/artnr.ts';
import type { Db } from '../db/index.ts';
import { exactArticles } from './codes.ts';
import { repairWords } from './correction.ts';
import { engine } from './engine.ts';
import { hasLonger, intersectAll, union, withMarks, wordDocs, type TermIndex } from './postings.ts';
import { BM25_MAX, bm25Order, byCategoryVote, byWordsMatched, markedFirst } from './ranking.ts';
import { categoryNames, categorySlots, type Snapshot } from './snapshot.ts';
import { expandQuery, isWidened, literalQuery, type QueryWord } from './synonyms.ts';
import { foldText, looksLikeArtnr, tokenize } from './text.ts';

export interface Chip { pg: number; katId: number; name: string; count: number }
export interface MatchResult {
  /** snapshot indices, best first */
  idx: Int32Array;
  /** how many of them the term names exactly (article number, product code) */
  exact: number;
  corrected: string | null;
  /** [katId, matches] of every category with matches, most first (the chips) */
  katCounts: [number, number][];
  chips: Map<string, Chip[]>;
}

/** Documents with all the words (each a prefix unless `exact`). */
function allOf(ix: TermIndex, words: readonly string[], exact: boolean): Int32Array {
  return intersectAll(words.map((t) => wordDocs(ix, t, exact)));
}

// a synonym group's documents per index: asked by every query with one of its words, and the
// dictionary is finite (no eviction needed)
const groupDocs = new WeakMap<TermIndex, Map<string, Int32Array>>();

/** Documents one query word matches: any of its alternatives. */
function queryWordDocs(ix: TermIndex, w: QueryWord, exact: boolean): Int32Array {
  if (w.alternatives.length === 1) return allOf(ix, w.alternatives[0]!, exact);
  let groups = groupDocs.get(ix);
  if (!groups) groupDocs.set(ix, (groups = new Map()));
  const key = `${exact ? '=' : '*'}${JSON.stringify(w.alternatives)}`;
  let docs = groups.get(key);
  if (!docs) groups.set(key, (docs = union(ix, w.alternatives.map((a) => allOf(ix, a, exact)))));
  return docs;
}

/** Documents all query words match. */
function wordsDocs(ix: TermIndex, words: readonly QueryWord[], exact: boolean): Int32Array {
  return intersectAll(words.map((w) => queryWordDocs(ix, w, exact)));
}

/** An article number's normalised words ("K-0815" → 815) when they differ from the typed ones. */
function normalisedNumber(term: string): string[] | null {
  if (!looksLikeArtnr(term)) return null;
  const norm = tokenize(normalizeArtnr(term));
  return norm.length && norm.join(' ') !== tokenize(term).join(' ') ? norm : null;
}

/** Documents of the term: its words, or its normalised article number. */
function termDocs(ix: TermIndex, term: string, words: readonly QueryWord[], exact: boolean): Int32Array {
  const docs = wordsDocs(ix, words, exact);
  const norm = normalisedNumber(term);
  return norm ? union(ix, [docs, allOf(ix, norm, exact)]) : docs;
}

/**
 * Ranked documents of the query words. With synonym groups: the static rank (widenedOrder decides).
 * Otherwise documents containing the words as whole words come before prefix-only matches ("zahn":
 * Zahn, Frontzahn… before Zahntechnik); within a tier small sets by bm25, large ones in the static rank.
 */
function rankedDocs(ix: TermIndex, term: string, words: readonly QueryWord[]): ArrayLike<number> {
  const all = termDocs(ix, term, words, false);
  if (all.length <= 1 || words.some((w) => w.alternatives.length > 1)) return all;
  const tokens = words.flatMap((w) => w.alternatives.flat());
  const ordered = all.length <= BM25_MAX ? bm25Order(ix, all, [...tokens, ...(normalisedNumber(term) ?? [])]) : all;
  // the whole-word tier only differs when some word is the prefix of a longer indexed word
  if (!tokens.some((t) => t.length >= 2 && hasLonger(ix, t))) return ordered;
  const whole = termDocs(ix, term, words, true);
  return whole.length && whole.length < all.length ? withMarks(ix, whole, (mark) => markedFirst(ordered, mark).list) : ordered;
}

/**
 * Stems and synonyms widen the search: what the words as typed find comes first ("Zähne": the sets
 * of 28 Zähne before every Zahn… prefix); with synonyms each tier by the categories most of its
 * matches fall in (Kunststoffzähne: the tooth sets, not the one bonder "für Kunststoff-Zähne";
 * Zirkon: the zirconia blanks, not the brand Zirkonzahn).
 */
function widenedOrder(ix: TermIndex, s: Snapshot, toIdx: Int32Array, words: readonly QueryWord[], ranked: ArrayLike<number>): Int32Array {
  if (ranked.length <= 1 || !isWidened(words)) return toIndices(toIdx, ranked);
  const literal = wordsDocs(ix, literalQuery(words), false);
  const { list, head } = withMarks(ix, literal, (mark) => markedFirst(ranked, mark));
  const own = byCategoryVote(s, toIndices(toIdx, list.subarray(0, head)));
  const rest = toIndices(toIdx, list.subarray(head));
  // synonym matches come in the static rank: the categories decide, in the typed words' tier too
  return concat(own, words.some((w) => w.alternatives.length > 1) ? byCategoryVote(s, rest) : rest);
}

/** Snapshot indices of documents (articles missing from the snapshot dropped). */
function toIndices(toIdx: Int32Array, docs: ArrayLike<number>): Int32Array {
  const out = new Int32Array(docs.length);
  let k = 0;
  for (let j = 0; j < docs.length; j++) { const i = toIdx[docs[j]!]!; if (i >= 0) out[k++] = i; }
  return out.subarray(0, k);
}

function concat(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

// snapshot index of every document (the index and the snapshot load separately)
const docIndex = new WeakMap<Snapshot, { ix: TermIndex; toIdx: Int32Array }>();

function toSnapshot(ix: TermIndex, s: Snapshot): Int32Array {
  const hit = docIndex.get(s);
  if (hit?.ix === ix) return hit.toIdx;
  const toIdx = Int32Array.from(ix.artnr, (a) => s.idxOf.get(a) ?? -1);
  docIndex.set(s, { ix, toIdx });
  return toIdx;
}

/** Ranked match set of a term (see the file comment). */
export async function matchTerm(db: Db, s: Snapshot, term: string): Promise<MatchResult> {
  const e = engine(db);
  const key = foldText(term.trim()).replace(/\s+/g, ' ');
  const hit = e.matches.get(key);
  if (hit) return hit;
  const [ix, exact] = await Promise.all([e.index, exactArticles(db, s, term)]);
  const toIdx = toSnapshot(ix, s);
  const tokens = tokenize(term);
  let ranked: Int32Array = new Int32Array(0);
  let corrected: string | null = null;
  if (tokens.length) {
    const words = expandQuery(tokens);
    ranked = widenedOrder(ix, s, toIdx, words, rankedDocs(ix, term, words));
    if (ranked.length === 0 && exact.length === 0) {
      const repaired = repairWords(ix, words);
      if (repaired) {
        ranked = widenedOrder(ix, s, toIdx, repaired, rankedDocs(ix, term, repaired));
        if (ranked.length) corrected = repaired.map((w) => w.text).join(' ');
      }
      if (ranked.length === 0 && words.length > 1) {
        ranked = toIndices(toIdx, byWordsMatched(ix, words.map((w) => queryWordDocs(ix, w, false))));
      }
    }
  }
  const res: MatchResult = { ...inRangeFirst(s, exact, ranked), exact: exact.length, corrected, chips: new Map() };
  e.matches.set(key, res);
  return res;
}

// out-of-range matches while partitioning, reused (synchronous: one partition at a time)
let laterScratch = new Int32Array(0);

/**
 * The exact articles, then the ranked ones in the range, then those out of it (each once), with the
 * number of matches per category (the chips) counted in the same pass.
 */
function inRangeFirst(s: Snapshot, exact: readonly number[], ranked: Int32Array): { idx: Int32Array; katCounts: [number, number][] } {
  const out = new Int32Array(exact.length + ranked.length);
  out.set(exact);
  const { slot, slotAus, katIds } = categorySlots(s);
  const count = new Int32Array(katIds.length);
  for (const i of exact) count[slot[i]!]!++;
  if (laterScratch.length < ranked.length) laterScratch = new Int32Array(Math.max(ranked.length, 2 * laterScratch.length));
  const later = laterScratch;
  let k = exact.length, l = 0;
  for (let j = 0; j < ranked.length; j++) {
    const i = ranked[j]!;
    if (exact.length > 0 && exact.includes(i)) continue;
    const sa = slotAus[i]!;
    count[sa >> 1]!++;
    if (sa & 1) later[l++] = i; else out[k++] = i;
  }
  out.set(later.subarray(0, l), k);
  const katCounts: [number, number][] = [];
  for (let c = 0; c < count.length; c++) if (count[c]) katCounts.push([katIds[c]!, count[c]!]);
  katCounts.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return { idx: out.subarray(0, k + l), katCounts };
}

/** Up to `max` category chips (most hits first) of a match set. */
export async function chipsFor(db: Db, s: Snapshot, m: MatchResult, lang: string, max = 4): Promise<Chip[]> {
  const hit = m.chips.get(lang);
  if (hit) return hit;
  const names = await categoryNames(db, s, lang);
  const chips = m.katCounts.slice(0, max)
    .map(([katId, count]) => ({ pg: s.katPg.get(katId) ?? 0, katId, name: names.get(katId) ?? '', count }));
  m.chips.set(lang, chips);
  return chips;
}
