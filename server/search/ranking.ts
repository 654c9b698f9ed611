// Orders of a match set. bm25 over the two fields (the article number counts NUMBER_WEIGHT times),
// computed from the postings as SQLite's FTS5 did; the whole-word tier; the typed words before
// their stems and synonyms with a category vote; and the best-partial order of the fallback.
import { SPECIAL_PRODUCT_GROUPS } from '../../src/lib/rules/constants.ts';
import { matchesExactly, termRange, wordDocs, type TermIndex } from './postings.ts';
import type { Snapshot } from './snapshot.ts';

/** Up to this many matches are ordered by bm25; larger sets keep the static rank (bm25 would touch every match). */
export const BM25_MAX = 4000;
const K1 = 1.2;
const B = 0.75;

/**
 * The documents by bm25 of the query words (each a prefix, or a single letter), best first; ties in
 * the static rank. A word's weight (idf) comes from how many documents it matches in the index.
 */
export function bm25Order(ix: TermIndex, docs: ArrayLike<number>, words: readonly string[]): Int32Array {
  const m = docs.length;
  const score = new Float64Array(m);
  const freq = new Float64Array(m);
  // slot of a document in `docs` (+1), looked up per posting
  const slot = new Map<number, number>();
  for (let k = 0; k < m; k++) slot.set(docs[k]!, k);
  for (const w of words) {
    const [lo, hi] = termRange(ix, w, matchesExactly(w, false));
    if (hi === lo) continue;
    const hits = hi - lo === 1 ? ix.start[hi]! - ix.start[lo]! : wordDocs(ix, w, false).length;
    let idf = Math.log((ix.n - hits + 0.5) / (hits + 0.5));
    if (idf <= 0) idf = 1e-6;
    freq.fill(0);
    for (let p = ix.start[lo]!, end = ix.start[hi]!; p < end; p++) {
      const k = slot.get(ix.docs[p]!);
      if (k !== undefined) freq[k]! += ix.freq[p]!;
    }
    for (let k = 0; k < m; k++) {
      const f = freq[k]!;
      if (f > 0) score[k]! += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * ix.docLen[docs[k]!]!) / ix.avgLen));
    }
  }
  const order = Array.from({ length: m }, (_, k) => k).sort((a, b) => score[b]! - score[a]! || docs[a]! - docs[b]!);
  return Int32Array.from(order, (k) => docs[k]!);
}

/** `ranked` with the members of `first` (a mark per document) ahead, each part in its order. */
export function firstThose(ranked: ArrayLike<number>, first: Uint8Array): number[] {
  const head: number[] = [], tail: number[] = [];
  for (let k = 0; k < ranked.length; k++) { const d = ranked[k]!; (first[d] ? head : tail).push(d); }
  return head.concat(tail);
}

/** A mark per position 0..n-1 for the members of a list. */
export function markOf(n: number, members: ArrayLike<number>): Uint8Array {
  const mark = new Uint8Array(n);
  for (let k = 0; k < members.length; k++) mark[members[k]!] = 1;
  return mark;
}

/**
 * Matches ordered by how many of them share their category (stable: rank order within a category;
 * linear); the special groups (clearance 888, miscellaneous 0, promotions) after the regular ones,
 * as in the navigation. Works on snapshot indices.
 */
export function byCategoryVote(s: Snapshot, idx: number[]): number[] {
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

/** Documents of several word lists, those in the most lists first (in the static rank within the same count). */
export function byWordsMatched(ix: TermIndex, lists: readonly ArrayLike<number>[]): number[] {
  const count = new Uint8Array(ix.n);
  let max = 0;
  for (const l of lists) for (let k = 0; k < l.length; k++) { const d = l[k]!; if (++count[d]! > max) max = count[d]!; }
  const out: number[] = [];
  for (let c = max; c >= 1; c--) for (let d = 0; d < ix.n; d++) if (count[d] === c) out.push(d);
  return out;
}
