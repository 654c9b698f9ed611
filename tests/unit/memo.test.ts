// The short-lived promise cache still behind the search caches (server/lib/search.ts; goes with its move onto server/lib/cache.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promiseMemo } from '../../server/lib/memo.ts';

afterEach(() => { vi.useRealTimers(); });

describe('promiseMemo', () => {
  it('computes once per key while fresh, again after the time to live', async () => {
    vi.useFakeTimers();
    const memo = promiseMemo<string, number>(1000);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await Promise.all([memo.get('a', compute), memo.get('a', compute)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await memo.get('a', compute)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await memo.get('a', compute)).toBe(2);
    expect(await memo.get('b', compute)).toBe(3);
  });

  it('forgets a failure at once and a deleted key', async () => {
    const memo = promiseMemo<string, string>(60_000);
    await expect(memo.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('k', async () => 'up')).toBe('up');
    memo.delete('k');
    expect(await memo.get('k', async () => 'again')).toBe('again');
  });

  it('drops the oldest key when full', async () => {
    const memo = promiseMemo<number, number>(60_000, 2);
    for (const k of [1, 2, 3]) await memo.get(k, async () => k * 10);
    expect(await memo.get(1, async () => -1)).toBe(-1);
    expect(await memo.get(3, async () => -3)).toBe(30);
  });
});
