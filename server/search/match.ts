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
import { ascendingFirst, BM25_MAX, bm25Order, byWordsMatched, markedFirst } from './ranking.ts';
import { arrange, docColumns, ONE_TIER, type Arranged, type DocColumns } from './arrange.ts';
import { categoryNames, type Snapshot } from './snapshot.ts';
import { expandQuery, isWidened, literalQuery, type QueryWord } from './synonyms.ts';
import { foldText, looksLikeArtnr, tokenize } from './text.ts';

export interface Chip { pg: number; katId: number; name: string; count: number }
export interface MatchResult {
  /** snapshot indices, best first: the first FIRST_PLACES of the order (all when fewer) */
  first: Int32Array;
  /** the whole order (arranged on the first call: only filters, other sorts and later pages need it) */
  all: () => Int32Array;
  /** matches in the whole order */
  total: number;
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
 * Ranked documents of the query words. With synonym groups: the static rank (arranged decides).
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
  if (!whole.length || whole.length >= all.length) return ordered;
  // a large set keeps the static rank (document order): a merge puts the whole-word matches first
  return ordered === all ? ascendingFirst(all, whole) : withMarks(ix, whole, (mark) => markedFirst(ordered, mark).list);
}

/**
 * The arranged match set of ranked documents. Stems and synonyms widen the search: what the words as
 * typed find comes first ("Zähne": the sets of 28 Zähne before every Zahn… prefix); with synonyms each
 * tier by the categories most of its matches fall in (Kunststoffzähne: the tooth sets, not the one bonder
 * "für Kunststoff-Zähne"; Zirkon: the zirconia blanks, not the brand Zirkonzahn). arrange.ts does the rest.
 */
function arranged(ix: TermIndex, s: Snapshot, cols: DocColumns, exact: readonly number[], words: readonly QueryWord[], ranked: ArrayLike<number>): Arrangement {
  if (ranked.length <= 1 || !isWidened(words)) return (want) => arrange(s, cols, ranked, ONE_TIER, exact, want);
  // synonym matches come in the static rank: the categories decide, in the typed words' tier too
  const voteRest = words.some((w) => w.alternatives.length > 1);
  return (want) => withMarks(ix, wordsDocs(ix, literalQuery(words), false), (mark) => arrange(s, cols, ranked, { mark, voteRest }, exact, want));
}

/** An order's first `want` places (arrange.ts), asked again when more are wanted. */
type Arrangement = (want: number) => Arranged;

/** Places of the order arranged when a term is matched: a few pages of the usual 24 (more: MatchResult.all). */
const FIRST_PLACES = 96;

const NONE = new Int32Array(0); // one element type for arrange's loop

/** Ranked match set of a term (see the file comment). */
export async function matchTerm(db: Db, s: Snapshot, term: string): Promise<MatchResult> {
  const e = engine(db);
  const key = foldText(term.trim()).replace(/\s+/g, ' ');
  const hit = e.matches.get(key);
  if (hit) return hit;
  const [ix, exact] = await Promise.all([e.index, exactArticles(db, s, term)]);
  const cols = docColumns(ix, s);
  const tokens = tokenize(term);
  // the arrangement in use (all() asks it again) and its first places; a term without words: the exact ones only
  let arrangement: Arrangement = (want) => arrange(s, cols, NONE, ONE_TIER, exact, want);
  let found: Arranged | undefined;
  const use = (a: Arrangement): Arranged => { arrangement = a; return (found = a(FIRST_PLACES)); };
  let corrected: string | null = null;
  if (tokens.length) {
    const words = expandQuery(tokens);
    let f = use(arranged(ix, s, cols, exact, words, rankedDocs(ix, term, words)));
    if (f.matched === 0 && exact.length === 0) {
      const repaired = repairWords(ix, words);
      if (repaired) {
        f = use(arranged(ix, s, cols, exact, repaired, rankedDocs(ix, term, repaired)));
        if (f.matched) corrected = repaired.map((w) => w.text).join(' ');
      }
      if (f.matched === 0 && words.length > 1) {
        const partial = byWordsMatched(ix, words.map((w) => queryWordDocs(ix, w, false)));
        use((want) => arrange(s, cols, partial, ONE_TIER, exact, want));
      }
    }
  }
  found ??= arrangement(FIRST_PLACES);
  const { idx, total } = found;
  let whole: Int32Array | null = idx.length === total ? idx : null;
  const all = () => (whole ??= arrangement(Infinity).idx);
  const res: MatchResult = { first: idx, all, total, katCounts: found.katCounts, exact: exact.length, corrected, chips: new Map() };
  e.matches.set(key, res);
  return res;
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
