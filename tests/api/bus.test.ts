// The invalidation bus on PostgreSQL (runs when the API tests run on PostgreSQL): an instance listening
// with LISTEN drops cache entries announced from outside the serving processes — by a CLI
// (invalidateFromOutside, `npm run db:reindex`) and by the pg_notify statement docs/DEPLOY.md gives
// operators for changes made in SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cache } from '../../server/lib/cache.ts';
import { invalidateFromOutside, listenOnPostgres } from '../../server/lib/bus.ts';
import { adminSql } from './pg-databases.ts';
import { privateDatabase } from './harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let url = '';
let drop: () => Promise<void> = async () => {};
let stop: () => Promise<void> = async () => {};

describe.skipIf(!onPostgres)('invalidations from outside the instances (PostgreSQL)', () => {
  beforeAll(async () => {
    ({ url, drop } = await privateDatabase());
    stop = await listenOnPostgres(url);
  });
  afterAll(async () => { await stop(); await drop(); });

  it('a CLI\'s announcement drops the entry in a listening instance', async () => {
    const cache = new Cache<string, number>({ ttlMs: 60_000, topics: ['bus-test-cli'] });
    cache.set('k', 1);
    cache.set('other', 2);
    expect(await invalidateFromOutside(url, [{ topic: 'bus-test-cli', key: 'k' }])).toBe(true);
    await expect.poll(() => cache.get('k'), { timeout: 1000, interval: 10 }).toBeUndefined();
    expect(cache.get('other')).toBe(2);
    expect(await invalidateFromOutside('', [{ topic: 'bus-test-cli', key: '*' }])).toBe(false); // SQLite: no channel
  });

  it('the pg_notify statement of docs/DEPLOY.md (a change made in SQL) empties the cache of its topic', async () => {
    const cache = new Cache<string, number>({ ttlMs: 60_000, topics: ['categories'] });
    cache.set('tree', 1);
    await adminSql(url, `SELECT pg_notify('shop_invalidate', '{"bus":"invalidate","topic":"categories","key":"*","from":"sql"}')`);
    await expect.poll(() => cache.get('tree'), { timeout: 1000, interval: 10 }).toBeUndefined();
  });
});
