// The bm25 order's sort (server/search/ranking.ts byScore): falling score, ties in the given order (the
// static rank), scores equal to the millionth counting as ties — checked against a comparator sort.
import { describe, expect, it } from 'vitest';
import { byScore } from '../../server/search/ranking.ts';

/** The order byScore must give: a stable comparator sort on the rounded scores. */
function reference(docs: Int32Array, score: Float64Array): number[] {
  const steps = Array.from(score, (x) => Math.round(x * 1e6));
  return Array.from(docs.keys()).sort((a, b) => steps[b]! - steps[a]! || a - b).map((k) => docs[k]!);
}

/** Deterministic pseudo-random numbers (a test that fails must fail again). */
function lcg(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('byScore', () => {
  it('orders by falling score and keeps the given order on ties', () => {
    const docs = Int32Array.from([40, 10, 30, 20, 50]);
    const score = Float64Array.from([1.5, 3, 1.5, 0, 3.0000000001]);
    expect(Array.from(byScore(docs, score))).toEqual([10, 50, 40, 30, 20]);
  });
  it('agrees with a comparator sort on sets of every size, few and many distinct scores', () => {
    const rnd = lcg(7);
    for (const m of [0, 1, 2, 17, 300, 4000]) {
      for (const distinct of [1, 5, 1e9]) {
        const docs = Int32Array.from({ length: m }, (_, k) => k * 3 + 1);
        const score = Float64Array.from({ length: m }, () => (distinct === 1 ? 2 : Math.floor(rnd() * distinct) / (distinct / 40)));
        expect(Array.from(byScore(docs, score)), `${m} × ${distinct}`).toEqual(reference(docs, score));
      }
    }
  });
  it('sorts large scores exactly (keys beyond 32 bits)', () => {
    const docs = Int32Array.from([1, 2, 3, 4]);
    const score = Float64Array.from([5e6, 5e6 - 1e-6, 5e6, 1]);
    expect(Array.from(byScore(docs, score))).toEqual([1, 3, 2, 4]);
  });
});
