import { describe, expect, it } from 'vitest';
import { poolSize, statementName } from '../../server/db/postgres.ts';

describe('PostgreSQL pool and statements', () => {
  it('sizes the pool for the cores (2 × cores, at least 4); PG_POOL_MAX overrides', () => {
    expect(poolSize(undefined, 1)).toBe(4);
    expect(poolSize(undefined, 2)).toBe(4);
    expect(poolSize(undefined, 8)).toBe(16);
    expect(poolSize('6', 8)).toBe(6);
    expect(poolSize('none', 3)).toBe(6);
  });

  it('names each SQL text once: the same text always gets the same statement name', () => {
    const a = statementName('select $1::int as unit_test_a');
    const b = statementName('select $1::int as unit_test_b');
    expect(a).toMatch(/^s\d+$/);
    expect(b).not.toBe(a);
    expect(statementName('select $1::int as unit_test_a')).toBe(a);
  });
});
