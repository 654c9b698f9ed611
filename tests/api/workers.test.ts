// WORKERS=2 on one machine: two real server processes share the port (Node's cluster module) over one
// database; a logout on one worker is known to the other at once (the invalidation bus: cluster IPC on
// SQLite, LISTEN/NOTIFY on PostgreSQL), so is a new exchange rate (the cached currency), and SIGTERM drains
// and ends the whole group.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPrice } from '../../server/lib/articles.ts';
import { createDb } from '../../server/db/index.ts';
import { DEMO_PASSWORD, LAB_A, LAB_B, plainArticle, privateDatabase } from './harness.ts';
import { call as callPort, cookieOf, freePort, startServerProcess } from './server-process.ts';

let proc: ChildProcess;
let port = 0;
let drop: () => Promise<void> = async () => {};
let dbEnv = { SQLITE_FILE: '', DATABASE_URL: '' };
const OPERATOR_SECRET = 'workers-operator-secret';
const call = (method: string, url: string, opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) => callPort(port, method, url, opts);

/** True once `n` answers in a row (consecutive requests alternate between the workers) pass `ok`, within `boundMs`. */
async function allWorkersWithin(boundMs: number, ok: () => Promise<boolean>, n = 8): Promise<boolean> {
  const bound = Date.now() + boundMs;
  let run = 0;
  while (run < n && Date.now() < bound) run = (await ok()) ? run + 1 : 0;
  return run === n;
}

beforeAll(async () => {
  const copy = await privateDatabase();
  drop = copy.drop;
  port = await freePort();
  dbEnv = { SQLITE_FILE: copy.file, DATABASE_URL: copy.url };
  ({ proc } = await startServerProcess({ WORKERS: '2', PORT: String(port), ...dbEnv, OPERATOR_SECRET }, 2));
}, 90_000);

afterAll(async () => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  await drop();
});

async function workerPids(n = 12): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < n; i++) pids.add((await call('GET', '/api/health')).body.result.pid);
  return pids;
}

describe('WORKERS=2', () => {
  it('serves from two processes on one port', async () => {
    const pids = await workerPids();
    expect(pids.size).toBe(2);
    expect(pids.has(proc.pid!)).toBe(false); // the primary only supervises
  });

  // SQLite/cluster IPC: the primary relays before the next request can arrive; PostgreSQL NOTIFY reaches
  // the other instances at commit, a few milliseconds later: the stated bound is 500 ms
  it('a logout on one worker ends the session on the other within 500 ms', async () => {
    const login = await call('POST', '/api/login', { body: { Firma: 1, Benutzername: String(LAB_A), Kennwort: DEMO_PASSWORD, kw: '' } });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    // both workers now hold the session in their short-lived cache
    for (let i = 0; i < 8; i++) expect((await call('GET', '/api/user/infos', { cookie })).status).toBe(200);
    expect((await call('GET', '/api/logout', { cookie })).status).toBe(200);
    // eight answers in a row must be 401 (consecutive requests alternate between the workers) within the bound
    expect(await allWorkersWithin(500, async () => (await call('GET', '/api/user/infos', { cookie })).status === 401)).toBe(true);
  });

  it('a new exchange rate written through one worker is used by the other within 500 ms', async () => {
    const db = await createDb({ file: dbEnv.SQLITE_FILE, url: dbEnv.DATABASE_URL });
    try {
      const art = await plainArticle(db);
      const login = await call('POST', '/api/login?country=ch&lang=de', { body: { Firma: 1, Benutzername: String(LAB_B), Kennwort: DEMO_PASSWORD, kw: '' } });
      const cookie = cookieOf(login);
      await call('POST', '/api/wk/delete', { cookie });
      expect((await call('POST', `/api/wk/${encodeURIComponent(art.artnr)}/add/1`, { cookie })).status).toBe(200);
      const price = async () => ((await call('GET', '/api/wkJSON/de', { cookie })).body.result as { Artikelnummer: string; Preis: number }[])
        .find((l) => l.Artikelnummer === art.artnr)?.Preis;
      const rate = Number((await db.selectFrom('currencies').select('rate').where('code', '=', 'CHF').executeTakeFirstOrThrow()).rate);
      for (let i = 0; i < 8; i++) expect(await price()).toBe(convertPrice(art.preis, rate)); // both workers cache the rate now
      const r = await call('POST', '/api/operator/currencies', { headers: { 'x-operator-secret': OPERATOR_SECRET }, body: { rates: [{ code: 'CHF', rate: 1.9 }] } });
      expect(r.status).toBe(200);
      expect(await allWorkersWithin(500, async () => (await price()) === convertPrice(art.preis, 1.9))).toBe(true);
    } finally { await db.destroy(); }
  });

  it('SIGTERM: the group drains and ends cleanly', async () => {
    const ended = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    proc.kill('SIGTERM');
    expect(await ended).toBe(0);
  }, 20_000);
});
