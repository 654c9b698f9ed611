import { describe, it, expect } from 'vitest';
import { pushLastSeen } from '../../src/lib/rules/lastSeen.ts';

describe('pushLastSeen', () => {
  it('appends the newest last', () => {
    expect(pushLastSeen([], 'a')).toEqual(['a']);
    expect(pushLastSeen(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(pushLastSeen(null, 'a')).toEqual(['a']);
    expect(pushLastSeen(undefined, 'a')).toEqual(['a']);
  });
  it('moves a duplicate to the end instead of repeating it', () => {
    expect(pushLastSeen(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
    expect(pushLastSeen(['a', 'b', 'c'], 'c')).toEqual(['a', 'b', 'c']);
  });
  it('repairs stored duplicates, keeping the newest occurrence', () => {
    expect(pushLastSeen(['a', 'b', 'a', 'c'], 'd')).toEqual(['b', 'a', 'c', 'd']);
  });
  it('keeps at most 10 entries by default, dropping the oldest', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `a${i}`);
    const next = pushLastSeen(ten, 'new');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('a1');
    expect(next[9]).toBe('new');
    expect(pushLastSeen(ten, 'a0')).toEqual([...ten.slice(1), 'a0']);
    const long = Array.from({ length: 15 }, (_, i) => i);
    expect(pushLastSeen(long, 99)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 99]);
  });
  it('honours a custom maximum', () => {
    expect(pushLastSeen(['a', 'b', 'c'], 'd', 2)).toEqual(['c', 'd']);
    expect(pushLastSeen(['a'], 'b', 1)).toEqual(['b']);
    expect(pushLastSeen(['a'], 'b', 0)).toEqual([]);
    expect(pushLastSeen(['a'], 'b', 0.5)).toEqual([]);
    expect(pushLastSeen(['a'], 'b', -1)).toEqual([]);
    expect(pushLastSeen(['a', 'b', 'c'], 'd', 2.9)).toEqual(['c', 'd']);
  });
  it('compares objects by key', () => {
    const a1 = { Artikelnummer: '1', Bezeichnung: 'alt' };
    const b = { Artikelnummer: '2', Bezeichnung: 'B' };
    const a2 = { Artikelnummer: '1', Bezeichnung: 'neu' };
    expect(pushLastSeen([a1, b], a2, 10, (x) => x.Artikelnummer)).toEqual([b, a2]);
    // without a key, distinct objects are distinct entries
    expect(pushLastSeen([a1, b], a2)).toEqual([a1, b, a2]);
  });
  it('does not mutate the input', () => {
    const list = Object.freeze(['a', 'b']);
    expect(pushLastSeen(list, 'a')).toEqual(['b', 'a']);
    expect(list).toEqual(['a', 'b']);
  });
});
