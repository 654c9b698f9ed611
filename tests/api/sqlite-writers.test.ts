// WORKERS=n on the embedded SQLite: several processes write to one database file. A transaction that reads
// and then writes (the cart add's group commit, checkout, …) must wait for another process's writer, not
// fail with "database is locked" (server/db/node-sqlite.ts opens transactions with `begin immediate`).
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/index.ts';
import { isPostgres } from '../../server/db/dialect.ts';
import { LAB_A, LAB_B, privateDatabase } from './harness.ts';

let db: Db;
let copy: Awaited<ReturnType<typeof privateDatabase>>;

beforeAll(async () => {
  copy = await privateDatabase();
  db = await createDb({ file: copy.file, url: copy.url });
});
afterAll(async () => { await db.destroy(); await copy.drop(); });

/** Another writer on its own thread and connection: takes the write lock, holds it `ms`, writes a cart line, commits. */
function otherWriter(file: string, ms: number): { locked: Promise<void>; done: Promise<void> } {
  const w = new Worker(`
    const { workerData, parentPort } = require('node:worker_threads');
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(workerData.file);
    db.exec('PRAGMA busy_timeout = 5000; BEGIN IMMEDIATE');
    parentPort.postMessage('locked');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
    db.prepare("INSERT INTO cart_items (kdnr, artnr, menge, var1, var2, var3, var4, var5, lager, added_at) VALUES (?, 'OTHER', 1, '', '', '', '', '', '', '')").run(workerData.kdnr);
    db.exec('COMMIT');
    db.close();
  `, { eval: true, workerData: { file, ms, kdnr: LAB_B } });
  const locked = new Promise<void>((resolve, reject) => { w.once('message', () => resolve()); w.once('error', reject); });
  const done = new Promise<void>((resolve, reject) => { w.once('exit', () => resolve()); w.once('error', reject); });
  return { locked, done };
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('SQLite with several writing processes', () => {
  it('a transaction that reads and then writes waits for the other writer instead of failing', async () => {
    expect(isPostgres(db)).toBe(false);
    const other = otherWriter(copy.file, 300);
    await other.locked;
    const t = Date.now();
    await db.transaction().execute(async (tx) => {
      await tx.selectFrom('cart_items').select('artnr').where('kdnr', '=', LAB_A).execute();
      await tx.insertInto('cart_items').values({
        kdnr: LAB_A, artnr: 'MINE', menge: 1, var1: '', var2: '', var3: '', var4: '', var5: '', lager: '', added_at: '',
      }).execute();
    });
    expect(Date.now() - t).toBeGreaterThanOrEqual(200); // it waited for the other writer's commit
    await other.done;
    const rows = await db.selectFrom('cart_items').select(['kdnr', 'artnr']).where('artnr', 'in', ['MINE', 'OTHER']).orderBy('artnr').execute();
    expect(rows).toEqual([{ kdnr: LAB_A, artnr: 'MINE' }, { kdnr: LAB_B, artnr: 'OTHER' }]);
  });
});
