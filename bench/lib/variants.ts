// The server variants the API benchmark compares in one run: one process on SQLite (the reference),
// two processes on SQLite (WORKERS=2) and one process on PostgreSQL. Each variant is started by the
// benchmark itself (scripts/start.ts --api-only, as `npm start` does); the PostgreSQL variant gets a
// throw-away database copied from a seeded template database that is kept between runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminSql, dropDatabase, withDatabase } from '../../tests/api/pg-databases.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type VariantName = 'sqlite' | 'workers2' | 'pg';
export interface Variant { name: VariantName; label: string; env: Record<string, string> }

/** The PostgreSQL server for the pg variant (a role that may create databases): BENCH_PG_URL or TEST_DATABASE_URL. */
export const benchPgUrl = (): string => process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL || '';

async function databaseExists(admin: string, name: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try { return (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1; } finally { await c.end(); }
}

/**
 * A throw-away PostgreSQL database for one run: a copy of `shop_bench_t{articles}`, which is seeded on
 * first use (like the tests' template, tests/api/pg-databases.ts) and kept for the next runs.
 */
export async function benchPgDatabase(admin: string, articles: number, log: (m: string) => void): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = `shop_bench_t${articles}`;
  if (!(await databaseExists(admin, template))) {
    log(`PostgreSQL: seeding the template database ${template} once (kept for later runs)…`);
    await adminSql(admin, `CREATE DATABASE ${template}`);
    try {
      const { bootDatabase } = await import('../../server/boot.ts');
      await (await bootDatabase({ url: withDatabase(admin, template), articles, quiet: true })).destroy();
    } catch (e) {
      await dropDatabase(admin, template);
      throw e;
    }
  }
  const name = `shop_bench_${process.pid}`;
  await adminSql(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: withDatabase(admin, name), drop: () => dropDatabase(admin, name) };
}

/** Starts the API server of a variant on `port` (as `npm start -- --api-only` does). */
export function startVariant(v: Variant, port: number): ChildProcess {
  return spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--disable-warning=ExperimentalWarning',
    path.join(ROOT, 'scripts/start.ts'), '--api-only'], {
    cwd: ROOT, env: { ...process.env, WORKERS: '1', ...v.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Stops a variant's server and waits until its processes (the cluster primary and its workers) are gone. */
export function stopVariant(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(kill); resolve(); });
    child.kill('SIGTERM');
  });
}

/**
 * CPU seconds used so far by a server and all its descendants (the cluster workers), from /proc (Linux;
 * elsewhere NaN): the cores a variant really got during a measurement, beside the load generator's.
 */
export function treeCpuSeconds(pid: number | undefined): number {
  if (pid === undefined || !fs.existsSync('/proc/self/stat')) return NaN;
  const stats = new Map<number, { ppid: number; cpu: number }>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat: string;
    try { stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8'); } catch { continue; } // ended meanwhile
    // after "pid (comm) ": state ppid … utime (12th) stime (13th), in clock ticks (USER_HZ = 100)
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(d), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / 100 });
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, x] of stats) if (!tree.has(p) && tree.has(x.ppid)) { tree.add(p); grew = true; }
  }
  let total = 0;
  for (const p of tree) total += stats.get(p)?.cpu ?? 0;
  return total;
}
