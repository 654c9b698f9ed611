// The final order of a match set and its category counts, in two passes over the matches. Every search
// that no cache answers runs this over all its matches (24,000 for "Zahn"): the first pass reads each
// match once and counts, the second places matches until the places asked for are filled (a page of
// results is usually filled after a few hundred matches). The order:
//  - the exact articles (article number, product code) first;
//  - then the articles in the range, then those out of it;
//  - within each: the first tier (the words as typed, when stems or synonyms widened the search), then
//    the second; a tier that votes orders its matches by how many of them share their category (special
//    groups last, ties by first appearance), keeping rank order within a category; a tier that does not
//    vote keeps rank order;
//  - the count of matches per category (the chips) over the exact and the ranked matches, each once.
import { SPECIAL_PRODUCT_GROUPS } from '#rules/constants.ts';
import type { TermIndex } from './postings.ts';
import { categorySlots, type Snapshot } from './snapshot.ts';

export interface Arranged {
  /** snapshot indices, best first: the first `want` places of the order (all of them when fewer) */
  idx: Int32Array;
  /** places in the whole order (exact and ranked matches, each once) */
  total: number;
  /** [katId, matches] of every category with matches, most first */
  katCounts: [number, number][];
  /** ranked documents found in the snapshot (before the exact ones were taken out) */
  matched: number;
}

/**
 * Tiers of the ranked documents: `mark` flags the first tier's documents (null: one tier, in rank order);
 * with two, the first votes and `voteRest` says whether the second does.
 */
export interface Tiers { mark: Uint8Array | null; voteRest: boolean }
export const ONE_TIER: Tiers = { mark: null, voteRest: false };

/**
 * What the passes read of a document, by document number (the index and the snapshot load separately):
 * its snapshot index (-1: not in the snapshot) and its category slot and range flag (slot * 2 + out of
 * range). Large match sets come in document order, so the passes read these columns front to back
 * instead of jumping through the snapshot's.
 */
export interface DocColumns { toIdx: Int32Array; slotAus: Int32Array }
const columns = new WeakMap<Snapshot, { ix: TermIndex; cols: DocColumns }>();

export function docColumns(ix: TermIndex, s: Snapshot): DocColumns {
  const hit = columns.get(s);
  if (hit?.ix === ix) return hit.cols;
  const toIdx = Int32Array.from(ix.artnr, (a) => s.idxOf.get(a) ?? -1);
  const { slot } = categorySlots(s);
  const cols = { toIdx, slotAus: Int32Array.from(toIdx, (i) => (i < 0 ? -1 : slot[i]! * 2 + (s.aus[i] ? 1 : 0))) };
  columns.set(s, { ix, cols });
  return cols;
}

/** The [katId, matches] list of the category counts, most first. */
function katCountsOf(katIds: readonly number[], count: Int32Array): [number, number][] {
  const out: [number, number][] = [];
  for (let c = 0; c < count.length; c++) if (count[c]) out.push([katIds[c]!, count[c]!]);
  return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

/** The order's first places: the exact articles, room for the rest (filled by the caller's second pass). */
function firstPlaces(exact: readonly number[], total: number, want: number): Int32Array {
  const idx = new Int32Array(Math.min(want, total));
  idx.set(exact.length > idx.length ? exact.slice(0, idx.length) : exact);
  return idx;
}

/** One tier: the matches in the range in rank order, then those out of it. */
function oneTier(s: Snapshot, { toIdx, slotAus }: DocColumns, ranked: ArrayLike<number>, exact: readonly number[], want: number): Arranged {
  const { slot, katIds } = categorySlots(s);
  const count = new Int32Array(katIds.length);
  for (const i of exact) count[slot[i]!]!++;
  // 1. count per category and range (slot * 2 + out of range); the exact ones among them apart
  const perSa = new Int32Array(2 * katIds.length);
  const exactSa = exact.length > 0 ? new Int32Array(perSa.length) : null;
  for (let k = 0; k < ranked.length; k++) {
    const d = ranked[k]!;
    const sa = slotAus[d]!;
    if (sa < 0) continue; // not in the snapshot (loaded separately)
    perSa[sa]!++;
    if (exactSa !== null && exact.includes(toIdx[d]!)) exactSa[sa]!++;
  }
  let matched = 0, inRange = 0, outOfRange = 0;
  for (let sa = 0; sa < perSa.length; sa++) {
    matched += perSa[sa]!;
    const placed = perSa[sa]! - (exactSa?.[sa] ?? 0);
    count[sa >> 1]! += placed;
    if (sa & 1) outOfRange += placed; else inRange += placed;
  }
  const total = exact.length + inRange + outOfRange;
  const idx = firstPlaces(exact, total, want);
  // 2. place until the wanted places are filled
  let left = idx.length - Math.min(exact.length, idx.length);
  for (let k = 0, nextIn = exact.length, nextOut = exact.length + inRange; k < ranked.length && left > 0; k++) {
    const d = ranked[k]!;
    const sa = slotAus[d]!;
    if (sa < 0) continue;
    const i = toIdx[d]!;
    if (exact.length > 0 && exact.includes(i)) continue;
    const at = sa & 1 ? nextOut++ : nextIn++;
    if (at < idx.length) { idx[at] = i; left--; }
  }
  return { idx, total, katCounts: katCountsOf(katIds, count), matched };
}

/**
 * The order of `ranked` (see the file comment), its first `want` places only: a search shows one page,
 * so the second pass stops once those are filled (the counts still see every match).
 */
export function arrange(s: Snapshot, cols: DocColumns, ranked: ArrayLike<number>, tiers: Tiers, exact: readonly number[], want = Infinity): Arranged {
  if (tiers.mark === null) return oneTier(s, cols, ranked, exact, want);
  const { toIdx, slotAus } = cols;
  const { slot, katIds } = categorySlots(s);
  const n = katIds.length;
  const count = new Int32Array(n);
  for (const i of exact) count[slot[i]!]!++;
  const mark: Uint8Array = tiers.mark;
  const { voteRest } = tiers;
  // per key, i.e. range, tier and category ((aus * 2 + t) * n + c): matches (the exact ones too: they
  // vote), and the exact ones among them apart; per tier and category (t * n + c): the first match's
  // position and index; the categories as they appear
  const perKey = new Int32Array(4 * n);
  const exactKey = exact.length > 0 ? new Int32Array(4 * n) : null;
  const firstAt = new Int32Array(2 * n);
  const firstIdx = new Int32Array(2 * n);
  const seen: number[][] = [[], []];
  // 1. read every match once: its tier, category and range; count (one counter per match)
  for (let k = 0; k < ranked.length; k++) {
    const d = ranked[k]!;
    const sa = slotAus[d]!;
    if (sa < 0) continue; // not in the snapshot (loaded separately)
    const t = mark[d] ? 0 : 1;
    const key = ((sa & 1) * 2 + t) * n + (sa >> 1);
    // the first of its tier and category: neither range has one yet
    if (perKey[key]!++ === 0 && perKey[sa & 1 ? key - 2 * n : key + 2 * n] === 0) {
      const tc = t * n + (sa >> 1);
      firstAt[tc] = k;
      firstIdx[tc] = toIdx[d]!;
      seen[t]!.push(sa >> 1);
    }
    if (exactKey !== null && exact.includes(toIdx[d]!)) exactKey[key]!++; // listed first already; it still votes
  }
  // per tier and category: votes; per key: matches to place (the second tier in rank order: restIn/restOut)
  const votes = new Int32Array(2 * n);
  const placed = new Int32Array(4 * n);
  let matched = 0, restIn = 0, restOut = 0;
  for (let key = 0; key < 4 * n; key++) {
    const at = (key / n) | 0; // aus * 2 + t
    const c = key - at * n;
    matched += perKey[key]!;
    votes[(at & 1) * n + c]! += perKey[key]!;
    const toPlace = perKey[key]! - (exactKey?.[key] ?? 0);
    count[c]! += toPlace;
    if ((at & 1) === 1 && !voteRest) { if (at & 2) restOut += toPlace; else restIn += toPlace; } else placed[key] = toPlace;
  }
  // 2. each tier's category order: by votes when it votes, else one bucket (rank order)
  const rank = new Int32Array(2 * n);
  for (let t = 0; t < 2; t++) {
    if (t === 1 && !voteRest) continue;
    const special = (c: number) => (SPECIAL_PRODUCT_GROUPS.includes(s.pg[firstIdx[t * n + c]!]!) ? 1 : 0);
    const cats = seen[t]!.sort((a, b) => special(a) - special(b) || votes[t * n + b]! - votes[t * n + a]! || firstAt[t * n + a]! - firstAt[t * n + b]!);
    for (let r = 0; r < cats.length; r++) rank[t * n + cats[r]!] = r;
  }
  // buckets in output order: range, tier, category rank. A key (range, tier, category) has a bucket of its
  // own (the second tier in rank order has no keys), so a key's next place is enough.
  const size = new Int32Array(4 * n);
  const keyBucket = new Int32Array(4 * n);
  let total = exact.length + restIn + restOut;
  for (let key = 0; key < 4 * n; key++) {
    if (!placed[key]) continue;
    const at = (key / n) | 0; // aus * 2 + t
    const b = at * n + rank[(at & 1) * n + (key - at * n)]!;
    keyBucket[key] = b;
    size[b] = placed[key]!;
    total += placed[key]!;
  }
  size[n]! += restIn; // the second tier in rank order: the first bucket of (in range, tier 1) and of (out of range, tier 1)
  size[3 * n]! += restOut;
  const start = new Int32Array(4 * n);
  for (let b = 0, at = exact.length; b < 4 * n; b++) { start[b] = at; at += size[b]!; }
  const next = new Int32Array(4 * n);
  for (let key = 0; key < 4 * n; key++) if (placed[key]) next[key] = start[keyBucket[key]!]!;
  // 3. place every match at its key's next place until the wanted places are filled
  const idx = firstPlaces(exact, total, want);
  let left = idx.length - Math.min(exact.length, idx.length);
  let nextRestIn = start[n]!, nextRestOut = start[3 * n]!;
  for (let k = 0; k < ranked.length && left > 0; k++) {
    const d = ranked[k]!;
    const sa = slotAus[d]!;
    if (sa < 0) continue;
    const i = toIdx[d]!;
    if (exact.length > 0 && exact.includes(i)) continue;
    const t = mark[d] ? 0 : 1;
    const at = t === 1 && !voteRest ? (sa & 1 ? nextRestOut++ : nextRestIn++) : next[((sa & 1) * 2 + t) * n + (sa >> 1)]!++;
    if (at < idx.length) { idx[at] = i; left--; }
  }
  return { idx, total, katCounts: katCountsOf(katIds, count), matched };
}
