// The final order of a match set (server/search/arrange.ts): exact articles first, the range before the
// articles out of it, the first tier before the second, a voting tier by category votes (special groups
// last, ties by first appearance, rank order within a category), a non-voting tier in rank order.
import { describe, expect, it } from 'vitest';
import { arrange, docColumns, ONE_TIER } from '../../server/search/arrange.ts';
import type { TermIndex } from '../../server/search/postings.ts';
import type { Snapshot } from '../../server/search/snapshot.ts';

// snapshot index = document number here; kat, pg and the out-of-range flag per article
const ARTICLES = [
  /* 0 */ { kat: 10, pg: 1, aus: 0 }, /* 1 */ { kat: 20, pg: 1, aus: 0 }, /* 2 */ { kat: 20, pg: 1, aus: 0 },
  /* 3 */ { kat: 30, pg: 888, aus: 0 }, /* 4 */ { kat: 30, pg: 888, aus: 0 }, /* 5 */ { kat: 30, pg: 888, aus: 0 },
  /* 6 */ { kat: 10, pg: 1, aus: 1 }, /* 7 */ { kat: 40, pg: 2, aus: 0 }, /* 8 */ { kat: 20, pg: 1, aus: 1 },
  /* 9 */ { kat: 40, pg: 2, aus: 0 },
];
const s = {
  n: ARTICLES.length,
  kat: Int32Array.from(ARTICLES, (a) => a.kat),
  pg: Int32Array.from(ARTICLES, (a) => a.pg),
  aus: Uint8Array.from(ARTICLES, (a) => a.aus),
  idxOf: new Map(ARTICLES.map((_, i) => [`A${i}`, i])),
} as unknown as Snapshot;
// document d is article A{d}; documents 10 and 11 are not in the snapshot
const cols = docColumns({ artnr: Array.from({ length: 12 }, (_, d) => `A${d}`) } as unknown as TermIndex, s);
const list = (a: { idx: Int32Array }) => [...a.idx];
const marks = (docs: number[]) => { const m = new Uint8Array(12); for (const d of docs) m[d] = 1; return m; };

describe('arrange', () => {
  it('one tier: rank order, the range first, exact articles ahead and not repeated, counts once each', () => {
    const r = arrange(s, cols, Int32Array.of(6, 1, 10, 0, 8, 2), ONE_TIER, [2]);
    expect(list(r)).toEqual([2, 1, 0, 6, 8]);
    expect(r.matched).toBe(5); // document 10 is not in the snapshot
    expect(r.katCounts).toEqual([[20, 3], [10, 2]]);
  });

  it('a voting tier: categories by votes, special groups last, ties by first appearance; rank order inside', () => {
    // tier 1 (marked): 7 (kat 40), 3, 4, 5 (kat 30, clearance 888), 1, 2 (kat 20), 9 (kat 40), 0 (kat 10)
    const ranked = Int32Array.of(7, 3, 4, 5, 1, 2, 9, 0);
    const r = arrange(s, cols, ranked, { mark: marks([7, 3, 4, 5, 1, 2, 9, 0]), voteRest: false }, []);
    // kat 40 (2 votes, first at 0) before kat 20 (2 votes, first at 4); kat 10; kat 30 last despite 3 votes
    expect(list(r)).toEqual([7, 9, 1, 2, 0, 3, 4, 5]);
  });

  it('two tiers: the typed words\' tier first; the second votes only when asked; out of range after both', () => {
    const ranked = Int32Array.of(8, 0, 9, 1, 6, 2, 7);
    const mark = marks([8, 0]); // tier 1: 8 (kat 20, out of range), 0 (kat 10)
    expect(list(arrange(s, cols, ranked, { mark, voteRest: false }, []))).toEqual([0, 9, 1, 2, 7, 8, 6]);
    // voting second tier: kat 20 (1, 2) and kat 40 (9, 7) have 2 votes each, kat 40 appeared first
    expect(list(arrange(s, cols, ranked, { mark, voteRest: true }, []))).toEqual([0, 9, 7, 1, 2, 8, 6]);
  });

  it('an exact article still votes for its category but is listed once', () => {
    const ranked = Int32Array.of(0, 1, 2, 9);
    const r = arrange(s, cols, ranked, { mark: marks([0, 1, 2, 9]), voteRest: false }, [9]);
    expect(list(r)).toEqual([9, 1, 2, 0]); // kat 20 has 2 votes; kat 10 and kat 40 one each, kat 10 first
    expect(r.katCounts).toEqual([[20, 2], [10, 1], [40, 1]]);
  });

  it('the first places only: the same places as the whole order, the second pass stops once they are filled', () => {
    const ranked = Int32Array.of(8, 0, 9, 1, 6, 2, 7, 10, 3, 5);
    const cases = [
      { tiers: ONE_TIER, exact: [2] },
      { tiers: { mark: marks([8, 0]), voteRest: false }, exact: [] },
      { tiers: { mark: marks([8, 0]), voteRest: true }, exact: [7] },
      { tiers: { mark: marks([0, 1, 2, 9]), voteRest: true }, exact: [9, 3] },
    ];
    for (const { tiers, exact } of cases) {
      const whole = arrange(s, cols, ranked, tiers, exact);
      expect(whole.total).toBe(whole.idx.length);
      for (let want = 0; want <= whole.total + 1; want++) {
        const first = arrange(s, cols, ranked, tiers, exact, want);
        expect(list(first)).toEqual(list(whole).slice(0, want));
        expect(first.total).toBe(whole.total);
        expect(first.katCounts).toEqual(whole.katCounts);
      }
    }
  });
});
