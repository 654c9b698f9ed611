// Orders of a match set. bm25 over the two fields (the article number counts NUMBER_WEIGHT times),
// computed from the postings as SQLite's FTS5 did; the whole-word tier; the typed words before
// their stems and synonyms (the category vote is in arrange.ts); and the best-partial order of the fallback.
import { matchesExactly, termRange, wordDocs, type TermIndex } from './postings.ts';

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
  // position of a document in `docs` + 1 (0: not a candidate), looked up per posting
  const slot = ix.slot;
  for (let k = 0; k < m; k++) slot[docs[k]!] = k + 1;
  try {
    for (const w of words) {
      const [lo, hi] = termRange(ix, w, matchesExactly(w, false));
      if (hi === lo) continue;
      const hits = hi - lo === 1 ? ix.start[hi]! - ix.start[lo]! : wordDocs(ix, w, false).length;
      let idf = Math.log((ix.n - hits + 0.5) / (hits + 0.5));
      if (idf <= 0) idf = 1e-6;
      freq.fill(0);
      for (let p = ix.start[lo]!, end = ix.start[hi]!; p < end; p++) {
        const k = slot[ix.docs[p]!]!;
        if (k) freq[k - 1]! += ix.freq[p]!;
      }
      for (let k = 0; k < m; k++) {
        const f = freq[k]!;
        if (f > 0) score[k]! += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * ix.docLen[docs[k]!]!) / ix.avgLen));
      }
    }
  } finally {
    for (let k = 0; k < m; k++) slot[docs[k]!] = 0;
  }
  return byScore(docs, score);
}

// scores are compared to the millionth; finer differences count as ties
const SCORE_STEPS = 1e6;

// scratch arrays of the sort, reused (a sort is synchronous: one at a time per process); allocating
// them per query cost as much as sorting on a slow machine
let distances = new Int32Array(0), order = new Int32Array(0), next = new Int32Array(0), digits = new Uint16Array(0);
const counts = new Int32Array(4096);

/**
 * Passes of the radix sort for keys `bits` wide and `m` documents, each at most 12 bits wide. A pass costs
 * about 10 ns per document and 1.5 ns per counter (cleared and summed), so a small set takes more, narrower
 * passes: 20 documents sort in 4 passes of 6 bits in 2 µs instead of 2 passes of 12 bits in 16 µs (most
 * searches match a few dozen to a few hundred articles).
 */
function cheapestPasses(bits: number, m: number): number {
  let best = Math.ceil(bits / 12), cost = Infinity;
  for (let p = best; p <= Math.max(best, Math.ceil(bits / 4)); p++) {
    const c = p * (10 * m + 1.5 * 2 ** Math.ceil(bits / p));
    if (c < cost) { cost = c; best = p; }
  }
  return best;
}

/**
 * The documents by falling score, ties in their given order (the static rank): a stable radix sort of
 * the integer distance to the top score (cheapestPasses: as many passes as fit the set's size). Linear: the
 * native sort of packed Float64 keys it replaced was a quarter of the CPU of a query with a few
 * thousand matches.
 */
export function byScore(docs: ArrayLike<number>, score: Float64Array): Int32Array {
  const m = docs.length;
  let top = 0;
  for (let k = 0; k < m; k++) if (score[k]! > top) top = score[k]!;
  const topSteps = Math.round(top * SCORE_STEPS);
  const out = new Int32Array(m);
  if (topSteps >= 2 ** 31) {
    // distances beyond 31 bits (a query of many words with a huge score): the comparator sort
    const byRank = Array.from({ length: m }, (_, k) => k).sort((a, b) => score[b]! - score[a]!);
    for (let k = 0; k < m; k++) out[k] = docs[byRank[k]!]!;
    return out;
  }
  if (order.length < m) {
    const size = Math.max(m, 2 * order.length);
    [distances, order, next, digits] = [new Int32Array(size), new Int32Array(size), new Int32Array(size), new Uint16Array(size)];
  }
  const dist = distances, digit = digits;
  for (let k = 0; k < m; k++) dist[k] = topSteps - Math.round(score[k]! * SCORE_STEPS);
  let from = order, to = next;
  for (let k = 0; k < m; k++) from[k] = k;
  const bits = Math.ceil(Math.log2(topSteps + 1));
  const passes = cheapestPasses(bits, m);
  const width = Math.ceil(bits / Math.max(1, passes));
  const mask = (1 << width) - 1;
  for (let pass = 0, shift = 0; pass < passes; pass++, shift += width) {
    counts.fill(0, 0, mask + 1);
    for (let k = 0; k < m; k++) { const d = (dist[k]! >>> shift) & mask; digit[k] = d; counts[d]!++; }
    for (let d = 0, sum = 0; d <= mask; d++) { const c = counts[d]!; counts[d] = sum; sum += c; }
    for (let k = 0; k < m; k++) { const p = from[k]!; to[counts[digit[p]!]!++] = p; }
    [from, to] = [to, from];
  }
  for (let k = 0; k < m; k++) out[k] = docs[from[k]!]!;
  return out;
}

/** `ranked` with the marked ones ahead, each part in its order; returns the list and the length of the head. */
export function markedFirst(ranked: ArrayLike<number>, mark: Uint8Array): { list: Int32Array; head: number } {
  let head = 0;
  for (let k = 0; k < ranked.length; k++) if (mark[ranked[k]!]) head++;
  const list = new Int32Array(ranked.length);
  for (let k = 0, h = 0, t = head; k < ranked.length; k++) { const d = ranked[k]!; if (mark[d]) list[h++] = d; else list[t++] = d; }
  return { list, head };
}

/**
 * `docs` (ascending) with those also in `first` (ascending) ahead of the rest, each part in document order:
 * markedFirst for a list in document order, in one merge pass instead of marking `first` and two passes.
 */
export function ascendingFirst(docs: Int32Array, first: Int32Array): Int32Array {
  if (first.length === 0) return docs.slice();
  const list = new Int32Array(docs.length);
  const rest = new Int32Array(docs.length);
  let h = 0, r = 0;
  // without a branch on membership (about every other document is in `first`: a branch would mispredict)
  const last = first.length - 1;
  for (let k = 0, j = 0; k < docs.length; k++) {
    const d = docs[k]!;
    while (j < last && first[j]! < d) j++;
    const m = +(first[j] === d);
    list[h] = d;
    rest[r] = d;
    h += m;
    r += 1 - m;
    j += m & +(j < last);
  }
  list.set(rest.subarray(0, r), h);
  return list;
}

/** Documents of several word lists, those in the most lists first (in the static rank within the same count). */
export function byWordsMatched(ix: TermIndex, lists: readonly ArrayLike<number>[]): Int32Array {
  const count = new Uint8Array(ix.n);
  let max = 0, found = 0;
  for (const l of lists) for (let k = 0; k < l.length; k++) { const d = l[k]!; if (count[d] === 0) found++; if (++count[d]! > max) max = count[d]!; }
  const out = new Int32Array(found);
  let k = 0;
  for (let c = max; c >= 1; c--) for (let d = 0; d < ix.n; d++) if (count[d] === c) out[k++] = d;
  return out;
}
