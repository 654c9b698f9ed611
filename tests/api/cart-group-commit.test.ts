// The group commit of cart adds (server/db/group-commit.ts) on both engines: the adds that arrive together
// share one transaction, yet each answers for itself — also when a statement of the batch fails in the
// database, which on PostgreSQL aborts the whole transaction.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/index.ts';
import { groupCommit, type WriteJob } from '../../server/db/group-commit.ts';
import { isPostgres } from '../../server/db/dialect.ts';
import { Client, LAB_A, LAB_B, privateDatabase } from './harness.ts';
import { createApi } from '../../server/http/app.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Db } from '../../server/db/index.ts';

let db: Db;
let drop: () => Promise<void>;
let where: { file: string; url: string };
let a: Client;
let b: Client;
let arts: string[] = [];
/** an article whose insert into a cart fails in the database (a test trigger) */
let poisoned = '';

beforeAll(async () => {
  const copy = await privateDatabase();
  where = copy;
  drop = copy.drop;
  db = await createDb({ file: copy.file, url: copy.url });
  if (!copy.url) await migrateToLatest(db);
  const app = createApi(db);
  const rows = await db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').orderBy('artnr').limit(41).execute();
  arts = rows.map((r) => r.artnr);
  poisoned = arts.pop()!;
  if (isPostgres(db)) {
    await sql.raw(`CREATE FUNCTION test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.artnr = '${poisoned}' THEN RAISE EXCEPTION 'poisoned article'; END IF; RETURN NEW; END $$`).execute(db);
    await sql.raw('CREATE TRIGGER test_poison BEFORE INSERT ON cart_items FOR EACH ROW EXECUTE FUNCTION test_poison()').execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER test_poison BEFORE INSERT ON cart_items WHEN NEW.artnr = '${poisoned}'
      BEGIN SELECT RAISE(ABORT, 'poisoned article'); END`).execute(db);
  }
  a = new Client(app);
  b = new Client(app);
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
});
afterAll(async () => { await db.destroy(); await drop(); });

const lines = async (kdnr: number, on: Db = db) => new Map((await on.selectFrom('cart_items').select(['artnr', 'menge'])
  .where('kdnr', '=', kdnr).execute()).map((r) => [r.artnr, Number(r.menge)]));

describe('cart adds committed together', () => {
  it('concurrent adds of one customer are all counted, each answer with the count after the batch of its add', async () => {
    await a.call('POST /api/wk/delete');
    const rs = await Promise.all(arts.slice(0, 20).map((nr) => a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: nr, qty: 1 } })));
    expect(rs.map((r) => r.status)).toEqual(rs.map(() => 200));
    // the count is read once per customer after the batch's writes: the adds committed together answer the
    // same count, the count of the cart once they are in (so the badge never ends below the cart, whatever
    // order the answers arrive in); the last batch answers all 20
    const counts = rs.map((r) => r.body.result.wkcounter as number);
    expect(Math.max(...counts)).toBe(20);
    for (const n of new Set(counts)) expect(counts.filter((c) => c <= n).length).toBe(n);
    // the same line 30 times at once: every piece lands
    const same = await Promise.all(Array.from({ length: 30 }, () => a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: arts[0]!, qty: 2 } })));
    expect(same.every((r) => r.status === 200 && r.body.result.wkcounter === 20)).toBe(true);
    expect(same.map((r) => r.body.result.line.Menge).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => 3 + 2 * i));
    expect((await lines(LAB_A)).get(arts[0]!)).toBe(61);
    await a.call('POST /api/wk/delete');
  });

  it('a statement failing in the database fails only its own add; the others of the batch are committed', async () => {
    await a.call('POST /api/wk/delete');
    await b.call('POST /api/wk/delete');
    // first in lock order and last: the failing statement sits before and after good ones of the batch
    const [first, bad, ...rest] = await Promise.all([
      a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: arts[0]!, qty: 1 } }),
      a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: poisoned, qty: 1 } }),
      a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: arts[1]!, qty: 2 } }),
      b.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: arts[2]!, qty: 3 } }),
      b.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: poisoned, qty: 1 } }),
      b.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: arts[3]!, qty: 4 } }),
    ]);
    expect(bad!.status).toBe(500);
    expect(rest[2]!.status).toBe(500);
    for (const r of [first!, rest[0]!, rest[1]!, rest[3]!]) expect(r.status).toBe(200);
    expect([first!.body.result.wkcounter, rest[0]!.body.result.wkcounter].sort()).toEqual([1, 2]);
    expect(await lines(LAB_A)).toEqual(new Map([[arts[0]!, 1], [arts[1]!, 2]]));
    expect(await lines(LAB_B)).toEqual(new Map([[arts[2]!, 3], [arts[3]!, 4]]));
    // and the next batch works as usual
    expect((await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: arts[0]!, qty: 1 } })).body.result).toMatchObject({ wkcounter: 2, line: { Menge: 2 } });
    await a.call('POST /api/wk/delete');
    await b.call('POST /api/wk/delete');
  });

  it('an acknowledged add is committed: a second connection to the database sees it at once', async () => {
    await a.call('POST /api/wk/delete');
    const other = await createDb({ file: where.file, url: where.url });
    try {
      const rs = await Promise.all(arts.slice(5, 15).map((nr, i) => a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: nr, qty: i + 1 } })));
      expect(rs.every((r) => r.status === 200)).toBe(true);
      expect(await lines(LAB_A, other)).toEqual(new Map(arts.slice(5, 15).map((nr, i) => [nr, i + 1])));
    } finally {
      await other.destroy();
    }
    await a.call('POST /api/wk/delete');
  });

  it('refusals inside a batch answer for themselves; the adds beside them are written, variants kept per line', async () => {
    await a.call('POST /api/wk/delete');
    expect((await a.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: arts[21]!, qty: 998 } })).status).toBe(200);
    const add = (artnr: string, qty: number) => a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr, qty } });
    const withVariants = (artnr: string, v1: string) => a.call('POST /api/wk/:artnr/add/:qty/:v1/:v2/:v3/:v4/:v5',
      { params: { artnr, qty: 1, v1, v2: '-', v3: '-', v4: '-', v5: '-' } });
    const rs = await Promise.all([
      add(arts[20]!, 1), add('0000-NO-SUCH', 1), add(arts[21]!, 2), add(arts[22]!, 3), add(arts[20]!, 4),
      withVariants(arts[23]!, 'A3'), withVariants(arts[24]!, 'B1'), add(arts[21]!, 1),
    ]);
    expect(rs.map((r) => r.status)).toEqual([200, 400, 400, 200, 200, 200, 200, 200]);
    expect(rs[1]!.body.error).toBe('error_artnr');
    expect(rs[2]!.body.error).toBe('error_menge');
    expect(rs[7]!.body.result.line.Menge).toBe(999);
    expect([rs[0]!, rs[4]!].map((r) => r.body.result.line.Menge).sort()).toEqual([1, 5]);
    expect(rs[3]!.body.result.line).toMatchObject({ Artikelnummer: arts[22], Menge: 3 });
    expect(await lines(LAB_A)).toEqual(new Map([[arts[20]!, 5], [arts[21]!, 999], [arts[22]!, 3], [arts[23]!, 1], [arts[24]!, 1]]));
    const variants = await db.selectFrom('cart_items').select(['artnr', 'var1']).where('kdnr', '=', LAB_A)
      .where('artnr', 'in', [arts[23]!, arts[24]!]).orderBy('artnr').execute();
    expect(variants.map((r) => r.var1)).toEqual(['A3', 'B1']);
    await a.call('POST /api/wk/delete');
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: the jobs of one merge kind write with one statement; a repeated key writes on its own', async () => {
    const sent: number[][] = [];
    const job = (v: number, key: string): WriteJob<{ v: number; merged: boolean }> => ({
      order: [v, key], reads: [],
      writes: () => [sql<{ v: number }>`select cast(${v} as integer) as v, false as merged`.compile(db)],
      merge: {
        kind: 'test', key, args: [v],
        statement: (args) => {
          sent.push(args.map((x) => x[0] as number));
          return sql`select cast(n as integer) as n, v, true as merged from unnest(cast(${args.map((x) => x[0])} as integer[])) with ordinality as u(v, n)`.compile(db);
        },
      },
      answer: ([rows]) => rows![0] as { v: number; merged: boolean },
    });
    const answers = await Promise.all([job(1, 'a'), job(2, 'b'), job(3, 'a'), job(4, 'c')].map((j) => groupCommit(db, j)));
    expect(sent).toEqual([[1, 2, 4]]);
    expect(answers).toMatchObject([{ v: 1, merged: true }, { v: 2, merged: true }, { v: 3, merged: false }, { v: 4, merged: true }]);
    // alone in its batch, a job writes with its own statement
    expect(await groupCommit(db, job(5, 'a'))).toEqual({ v: 5, merged: false });
    expect(sent).toHaveLength(1);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: queries run as named prepared statements', async () => {
    const r = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements where name like ${'s%'}`.execute(db);
    expect(Number(r.rows[0]!.n)).toBeGreaterThan(0);
  });
});
