// The in-memory search index: every indexed word of the catalogue with the ascending list of the
// documents (articles) that contain it. A query is answered here without SQL: a word typed as a
// prefix is the union of the posting lists of a contiguous range of the sorted vocabulary, the words
// of a query are intersected. Document ids follow the static rank the indexer assigns (in range
// first, shorter designation first, documents.ts), so ascending ids are already a sensible order.
//
// Why in memory: the FTS5 / tsvector round trips cost milliseconds per query (several per query for
// tiers, corrections and compounds); the same lists in typed arrays cost microseconds. The
// 65,000-article catalogue needs ~30 MB (see memoryBytes).
import { lowerBound } from './text.ts';
import type { SearchDocument } from './documents.ts';

/** Weights of the two fields in the relevance score: an article-number hit counts ten body hits. */
const NUMBER_WEIGHT = 10;

export interface TermIndex {
  /** documents */
  n: number;
  /** indexed words, ascending (code-unit order): a prefix is a contiguous range */
  terms: string[];
  /** postings of terms[t]: docs[start[t] .. start[t + 1]) */
  start: Int32Array;
  docs: Int32Array;
  /** per posting: occurrences weighted by field (NUMBER_WEIGHT × article number + body) */
  freq: Uint16Array;
  /** words per document (both fields) and their mean: the length normalisation of bm25 */
  docLen: Uint16Array;
  avgLen: number;
  /** document → article number */
  artnr: string[];
  /** scratch mark and slot per document (reset after each use; queries run synchronously) */
  mark: Uint8Array;
  slot: Int32Array;
  /** documents of prefix words that span several indexed words (wordDocs), least recently used first */
  prefixes: Map<string, Int32Array>;
  prefixBytes: number;
}

// a common prefix ("zahn": hundreds of words, 24,000 documents) is asked by many queries: its union is
// kept, within this budget per index
const PREFIX_CACHE_BYTES = 32 * 2 ** 20;

/** Builds the index of the documents (in their static rank order). */
export function buildTermIndex(documents: readonly SearchDocument[]): TermIndex {
  const n = documents.length;
  // postings in document order as (term id, doc, freq) triples in growing typed arrays: no array per term
  const ids = new Map<string, number>();
  let cap = 1 << 16, size = 0;
  let pTerm = new Int32Array(cap), pDoc = new Int32Array(cap), pFreq = new Uint16Array(cap);
  const docLen = new Uint16Array(n);
  let total = 0;
  const perDoc = new Map<number, number>();
  documents.forEach((d, doc) => {
    perDoc.clear();
    const add = (w: string, weight: number) => {
      let id = ids.get(w);
      if (id === undefined) ids.set(w, (id = ids.size));
      perDoc.set(id, (perDoc.get(id) ?? 0) + weight);
    };
    for (const w of d.numbers) add(w, NUMBER_WEIGHT);
    for (const w of d.body) add(w, 1);
    const len = d.numbers.length + d.body.length;
    docLen[doc] = Math.min(65_535, len);
    total += len;
    if (size + perDoc.size > cap) {
      cap = Math.max(cap * 2, size + perDoc.size);
      const grow = <T extends Int32Array | Uint16Array>(a: T, b: T) => { b.set(a); return b; };
      pTerm = grow(pTerm, new Int32Array(cap)); pDoc = grow(pDoc, new Int32Array(cap)); pFreq = grow(pFreq, new Uint16Array(cap));
    }
    for (const [id, f] of perDoc) { pTerm[size] = id; pDoc[size] = doc; pFreq[size] = Math.min(65_535, f); size++; }
  });
  // vocabulary in code-unit order; postings placed by a counting sort over the term ids (documents stay ascending)
  const byId = [...ids.keys()];
  const order = byId.map((_, id) => id).sort((a, b) => (byId[a]! < byId[b]! ? -1 : 1));
  const rank = new Int32Array(order.length);
  order.forEach((id, r) => { rank[id] = r; });
  const start = new Int32Array(order.length + 1);
  for (let k = 0; k < size; k++) start[rank[pTerm[k]!]! + 1]!++;
  for (let r = 0; r < order.length; r++) start[r + 1]! += start[r]!;
  const fill = start.slice(0, order.length);
  const docs = new Int32Array(size), freq = new Uint16Array(size);
  for (let k = 0; k < size; k++) { const at = fill[rank[pTerm[k]!]!]!++; docs[at] = pDoc[k]!; freq[at] = pFreq[k]!; }
  return {
    n, terms: order.map((id) => byId[id]!), start, docs, freq, docLen, avgLen: n ? total / n : 1,
    artnr: documents.map((d) => d.artnr), mark: new Uint8Array(n), slot: new Int32Array(n),
    prefixes: new Map(), prefixBytes: 0,
  };
}

/** Bytes the index holds (typed arrays plus an estimate for the strings and their array). */
export function memoryBytes(ix: TermIndex): number {
  let chars = 0;
  for (const t of ix.terms) chars += t.length;
  for (const a of ix.artnr) chars += a.length;
  const strings = chars + (ix.terms.length + ix.artnr.length) * 32; // V8: header per string + array slot
  return strings + ix.start.byteLength + ix.docs.byteLength + ix.freq.byteLength + ix.docLen.byteLength + ix.mark.byteLength + ix.slot.byteLength + ix.prefixBytes;
}

/** Vocabulary range [lo, hi) of the words a query word matches: those starting with it, or (exact) only itself. */
export function termRange(ix: TermIndex, word: string, exact: boolean): [number, number] {
  const lo = lowerBound(ix.terms, word);
  if (exact) return ix.terms[lo] === word ? [lo, lo + 1] : [lo, lo];
  let hi = lo;
  while (hi < ix.terms.length && ix.terms[hi]!.startsWith(word)) hi++;
  return [lo, hi];
}

/** A single letter matches only as a whole word: as a prefix it would touch most of the index. */
export function matchesExactly(word: string, exact: boolean): boolean {
  return exact || word.length < 2;
}

/** Documents (ascending) containing a word that the query word matches. */
export function wordDocs(ix: TermIndex, word: string, exact: boolean): Int32Array {
  const [lo, hi] = termRange(ix, word, matchesExactly(word, exact));
  if (hi - lo <= 1) return ix.docs.subarray(ix.start[lo]!, ix.start[hi]!);
  // a range of several words is always a prefix match: the word is the key
  const hit = ix.prefixes.get(word);
  if (hit) {
    ix.prefixes.delete(word);
    ix.prefixes.set(word, hit);
    return hit;
  }
  const lists: Int32Array[] = [];
  for (let t = lo; t < hi; t++) lists.push(ix.docs.subarray(ix.start[t]!, ix.start[t + 1]!));
  const docs = union(ix, lists);
  ix.prefixes.set(word, docs);
  ix.prefixBytes += docs.byteLength;
  for (const [k, v] of ix.prefixes) {
    if (ix.prefixBytes <= PREFIX_CACHE_BYTES) break;
    ix.prefixes.delete(k);
    ix.prefixBytes -= v.byteLength;
  }
  return docs;
}

/** Number of documents containing the exact word (0 when not indexed). */
export function docCount(ix: TermIndex, word: string): number {
  const [lo, hi] = termRange(ix, word, true);
  return hi > lo ? ix.start[hi]! - ix.start[lo]! : 0;
}

/** True when some document has a word starting with `word` (a single letter: the word itself). */
export function hasPrefix(ix: TermIndex, word: string): boolean {
  const [lo, hi] = termRange(ix, word, matchesExactly(word, false));
  return hi > lo;
}

/** True when the vocabulary holds a longer word starting with `word`. */
export function hasLonger(ix: TermIndex, word: string): boolean {
  let i = lowerBound(ix.terms, word);
  if (ix.terms[i] === word) i++;
  return i < ix.terms.length && ix.terms[i]!.startsWith(word);
}

/** Union of ascending lists, ascending. Many or long lists go through the mark array (linear in n). */
export function union(ix: TermIndex, lists: readonly ArrayLike<number>[]): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return Int32Array.from(lists[0]!);
  let size = 0;
  for (const l of lists) size += l.length;
  if (size * 16 < ix.n) {
    const all = new Int32Array(size);
    let k = 0;
    for (const l of lists) for (let j = 0; j < l.length; j++) all[k++] = l[j]!;
    all.sort();
    let w = 0;
    for (let j = 0; j < all.length; j++) if (j === 0 || all[j] !== all[j - 1]) all[w++] = all[j]!;
    return all.subarray(0, w);
  }
  const mark = ix.mark;
  let count = 0;
  for (const l of lists) for (let j = 0; j < l.length; j++) { const d = l[j]!; if (!mark[d]) { mark[d] = 1; count++; } }
  const out = new Int32Array(count);
  for (let d = 0, k = 0; k < count; d++) if (mark[d]) { out[k++] = d; mark[d] = 0; }
  return out;
}

/** Runs `fn` with the scratch marks set for the members (cleared afterwards): membership tests without a Set. */
export function withMarks<T>(ix: TermIndex, members: ArrayLike<number>, fn: (mark: Uint8Array) => T): T {
  const mark = ix.mark;
  for (let k = 0; k < members.length; k++) mark[members[k]!] = 1;
  try { return fn(mark); } finally { for (let k = 0; k < members.length; k++) mark[members[k]!] = 0; }
}

/** Intersection of ascending lists (empty for none), shortest first: the intersections stay short. */
export function intersectAll(lists: Int32Array[]): Int32Array {
  lists.sort((a, b) => a.length - b.length);
  let out = lists[0] ?? new Int32Array(0);
  for (let k = 1; k < lists.length && out.length; k++) out = intersect(out, lists[k]!);
  return out;
}

/** Intersection of two ascending lists (binary search through the longer one when the other is short). */
export function intersect(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  if (a.length > b.length) [a, b] = [b, a];
  const out = new Int32Array(a.length);
  let k = 0;
  if (a.length * 16 < b.length) {
    let lo = 0;
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      let hi = b.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (b[mid]! < x) lo = mid + 1; else hi = mid; }
      if (lo < b.length && b[lo] === x) out[k++] = x;
    }
  } else {
    for (let i = 0, j = 0; i < a.length && j < b.length;) {
      if (a[i]! < b[j]!) i++; else if (a[i]! > b[j]!) j++; else { out[k++] = a[i]!; i++; j++; }
    }
  }
  return out.subarray(0, k);
}
