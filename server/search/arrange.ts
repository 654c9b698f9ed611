// The final order of a match set and its category counts, in two passes over the matches. Every search
// that no cache answers runs this over all its matches (24,000 for "Zahn"), so it reads each match once
// and then places it, instead of one pass per rule:
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
  /** snapshot indices, best first */
  idx: Int32Array;
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

// pass 1 keeps each match to place and its bucket key for pass 2, and the second tier's matches when
// that tier keeps rank order (in the range / out of it); reused: one arrangement at a time
let idxScratch = new Int32Array(0);
let keyScratch = new Int32Array(0);
let restInScratch = new Int32Array(0);
let restOutScratch = new Int32Array(0);

/** The [katId, matches] list of the category counts, most first. */
function katCountsOf(katIds: readonly number[], count: Int32Array): [number, number][] {
  const out: [number, number][] = [];
  for (let c = 0; c < count.length; c++) if (count[c]) out.push([katIds[c]!, count[c]!]);
  return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

/** One tier: a single pass, the matches in the range where they are read, those out of it kept for after. */
function oneTier(s: Snapshot, { toIdx, slotAus }: DocColumns, ranked: ArrayLike<number>, exact: readonly number[]): Arranged {
  const { slot, katIds } = categorySlots(s);
  const count = new Int32Array(katIds.length);
  for (const i of exact) count[slot[i]!]!++;
  if (idxScratch.length < ranked.length) growScratch(ranked.length);
  const later = idxScratch;
  const idx = new Int32Array(exact.length + ranked.length);
  idx.set(exact);
  let k = exact.length, l = 0, matched = 0;
  for (let j = 0; j < ranked.length; j++) {
    const d = ranked[j]!;
    const i = toIdx[d]!;
    if (i < 0) continue;
    matched++;
    if (exact.length > 0 && exact.includes(i)) continue;
    const sa = slotAus[d]!;
    count[sa >> 1]!++;
    if (sa & 1) later[l++] = i; else idx[k++] = i;
  }
  idx.set(later.subarray(0, l), k);
  return { idx: idx.subarray(0, k + l), katCounts: katCountsOf(katIds, count), matched };
}

function growScratch(size: number): void {
  idxScratch = new Int32Array(Math.max(size, 2 * idxScratch.length));
  keyScratch = new Int32Array(idxScratch.length);
  restInScratch = new Int32Array(idxScratch.length);
  restOutScratch = new Int32Array(idxScratch.length);
}

export function arrange(s: Snapshot, cols: DocColumns, ranked: ArrayLike<number>, tiers: Tiers, exact: readonly number[]): Arranged {
  if (tiers.mark === null) return oneTier(s, cols, ranked, exact);
  const { toIdx, slotAus } = cols;
  const { slot, katIds } = categorySlots(s);
  const n = katIds.length;
  const count = new Int32Array(n);
  for (const i of exact) count[slot[i]!]!++;
  if (idxScratch.length < ranked.length) growScratch(ranked.length);
  const idxS = idxScratch, keyS = keyScratch, restIn = restInScratch, restOut = restOutScratch;
  const { voteRest } = tiers;
  // per tier and category (t * n + c): votes, the first match's position and index; the categories as they appear
  const votes = new Int32Array(2 * n);
  const firstAt = new Int32Array(2 * n);
  const firstIdx = new Int32Array(2 * n);
  const seen: number[][] = [[], []];
  // per range, tier and category ((aus * 2 + t) * n + c): matches placed
  const placed = new Int32Array(4 * n);
  const { mark } = tiers;
  let m = 0, matched = 0, ri = 0, ro = 0;
  // 1. read every match once: its tier, category and range; count; keep it for placing
  for (let k = 0; k < ranked.length; k++) {
    const d = ranked[k]!;
    const i = toIdx[d]!;
    if (i < 0) continue; // not in the snapshot (loaded separately)
    matched++;
    const t = mark !== null && !mark[d] ? 1 : 0;
    const sa = slotAus[d]!;
    const c = sa >> 1;
    const tc = t * n + c;
    if (votes[tc]!++ === 0) { firstAt[tc] = k; firstIdx[tc] = i; seen[t]!.push(c); }
    if (exact.length > 0 && exact.includes(i)) continue; // listed first already; it still votes
    count[c]!++;
    if (t === 1 && !voteRest) { if (sa & 1) restOut[ro++] = i; else restIn[ri++] = i; continue; } // already in place order
    const key = ((sa & 1) * 2 + t) * n + c;
    placed[key]!++;
    idxS[m] = i;
    keyS[m++] = key;
  }
  // 2. each tier's category order: by votes when it votes, else one bucket (rank order)
  const rank = new Int32Array(2 * n);
  for (let t = 0; t < 2; t++) {
    if (t === 1 && !voteRest) continue;
    const special = (c: number) => (SPECIAL_PRODUCT_GROUPS.includes(s.pg[firstIdx[t * n + c]!]!) ? 1 : 0);
    const cats = seen[t]!.sort((a, b) => special(a) - special(b) || votes[t * n + b]! - votes[t * n + a]! || firstAt[t * n + a]! - firstAt[t * n + b]!);
    for (let r = 0; r < cats.length; r++) rank[t * n + cats[r]!] = r;
  }
  // buckets in output order: range, tier, category rank. A kept match's key (range, tier, category) has a
  // bucket of its own (the second tier's matches in rank order are not kept), so a key's next place is enough.
  const size = new Int32Array(4 * n);
  const keyBucket = new Int32Array(4 * n);
  for (let key = 0; key < 4 * n; key++) {
    if (!placed[key]) continue;
    const at = (key / n) | 0; // aus * 2 + t
    const b = at * n + rank[(at & 1) * n + (key - at * n)]!;
    keyBucket[key] = b;
    size[b] = placed[key]!;
  }
  size[n]! += ri; // the second tier in rank order: the first bucket of (in range, tier 1) and of (out of range, tier 1)
  size[3 * n]! += ro;
  const start = new Int32Array(4 * n);
  for (let b = 0, at = exact.length; b < 4 * n; b++) { start[b] = at; at += size[b]!; }
  const cursor = new Int32Array(4 * n);
  for (let key = 0; key < 4 * n; key++) if (placed[key]) cursor[key] = start[keyBucket[key]!]!;
  // 3. place every kept match
  const idx = new Int32Array(exact.length + m + ri + ro);
  idx.set(exact);
  idx.set(restIn.subarray(0, ri), start[n]!);
  idx.set(restOut.subarray(0, ro), start[3 * n]!);
  for (let j = 0; j < m; j++) idx[cursor[keyS[j]!]!++] = idxS[j]!;
  return { idx, katCounts: katCountsOf(katIds, count), matched };
}
