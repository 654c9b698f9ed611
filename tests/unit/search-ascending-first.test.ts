// The whole-word tier of a large match set (server/search/ranking.ts ascendingFirst): the documents that are
// also in the first list ahead of the rest, each part in document order — checked against markedFirst.
import { describe, expect, it } from 'vitest';
import { ascendingFirst, markedFirst } from '../../server/search/ranking.ts';

/** Deterministic pseudo-random numbers (a test that fails must fail again). */
function lcg(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function reference(docs: Int32Array, first: Int32Array): number[] {
  const mark = new Uint8Array(1 + Math.max(0, ...docs, ...first));
  for (const d of first) mark[d] = 1;
  return Array.from(markedFirst(docs, mark).list);
}

describe('ascendingFirst', () => {
  it('puts the documents of the first list ahead, each part in document order', () => {
    expect(Array.from(ascendingFirst(Int32Array.of(1, 3, 4, 7, 9, 12), Int32Array.of(3, 9, 12)))).toEqual([3, 9, 12, 1, 4, 7]);
  });

  it('edge cases: none, all, the first and last document, a first list with documents not in the set', () => {
    const docs = Int32Array.of(2, 5, 8);
    expect(Array.from(ascendingFirst(docs, new Int32Array(0)))).toEqual([2, 5, 8]);
    expect(Array.from(ascendingFirst(docs, Int32Array.of(2, 5, 8)))).toEqual([2, 5, 8]);
    expect(Array.from(ascendingFirst(docs, Int32Array.of(8)))).toEqual([8, 2, 5]);
    expect(Array.from(ascendingFirst(docs, Int32Array.of(2)))).toEqual([2, 5, 8]);
    expect(Array.from(ascendingFirst(docs, Int32Array.of(1, 5, 6, 9)))).toEqual([5, 2, 8]);
  });

  it('agrees with markedFirst on random sets', () => {
    const rnd = lcg(11);
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(rnd() * 300);
      const docs: number[] = [];
      const first: number[] = [];
      for (let d = 0; d < n; d++) {
        if (rnd() < 0.6) docs.push(d);
        if (rnd() < 0.4) first.push(d); // some of them not in docs
      }
      const a = Int32Array.from(docs), f = Int32Array.from(first);
      const inDocs = Int32Array.from(first.filter((d) => docs.includes(d)));
      expect(Array.from(ascendingFirst(a, f))).toEqual(reference(a, inDocs));
    }
  });
});
