// Shared pieces of the benchmarks (bench/api.ts, bench/shop.ts): the load worker (autocannon in a
// second process, so the load generator never shares the server's event loop), server start-up on a
// free port, logins and the result table.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
export const ROOT = path.resolve(path.dirname(HERE), '..');

export interface Scenario {
  name: string;
  label: string;
  method: 'GET' | 'POST';
  /** paths (and bodies) cycled through by every connection */
  paths: string[];
  bodies?: string[];
  /** one session cookie per connection */
  cookies?: string[];
  target: { p95: number; rps?: number } | null;
}

export interface WorkerJob { url: string; seconds: number; connections: number; scenario: Scenario }
export interface WorkerResult { requests: number; seconds: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; status: Record<string, number> }

// ------------------------------------------------------------------------------------------------
// Load worker (second process): autocannon with per-connection cookies and rotating paths.

async function worker(job: WorkerJob): Promise<WorkerResult> {
  const name = 'autocannon'; // no type declarations: import by name as untyped
  const { default: autocannon } = (await import(name)) as { default: (opts: unknown) => any };
  const s = job.scenario;
  // static requests only: autocannon builds each request's bytes once and then cycles through them,
  // so the load generator (not the server) is never the bottleneck; every connection starts at a
  // different offset of the same rotation and carries its own session cookie
  let conn = 0;
  const times: number[] = [];
  const status: Record<string, number> = {};
  const start = Date.now();
  const n = Math.max(s.paths.length, s.bodies?.length ?? 1);
  const requestsFor = (c: number) => {
    const cookie = s.cookies?.length ? s.cookies[c % s.cookies.length] : undefined;
    const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
    // a window of at most 256 requests per connection, the windows spread over the whole rotation
    const len = Math.min(n, 256);
    const offset = Math.floor((c * n) / Math.max(1, job.connections));
    return Array.from({ length: len }, (_, i) => {
      const k = (offset + i) % n;
      return { method: s.method, headers, path: s.paths[k % s.paths.length], ...(s.bodies ? { body: s.bodies[k % s.bodies.length] } : {}) };
    });
  };
  const inst = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    requests: requestsFor(0),
    setupClient: (client: { setRequests: (r: unknown[]) => void }) => { client.setRequests(requestsFor(conn++)); },
  } as never);
  inst.on('response', (_client: unknown, code: number, _bytes: number, ms: number) => {
    times.push(ms);
    status[code] = (status[code] ?? 0) + 1;
  });
  const result = await new Promise<any>((resolve, reject) => {
    inst.on('done', resolve);
    inst.on('error', reject);
  });
  const seconds = Number(result.duration) || (Date.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(times.length * p))]! : NaN);
  return {
    requests: times.length, seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99),
    non2xx: result.non2xx ?? 0, errors: (result.errors ?? 0) + (result.timeouts ?? 0), status,
  };
}

// ------------------------------------------------------------------------------------------------
// Orchestrator

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 600_000; // a first run seeds 65,000 articles
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

export function runWorker(job: WorkerJob): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = fork(HERE, ['--worker'], { execArgv: ['--disable-warning=ExperimentalWarning'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => { resolve(m as WorkerResult); child.kill(); });
    child.once('error', reject);
    child.once('exit', (code) => { if (code) reject(new Error(`load worker exited with ${code}`)); });
    child.send(job);
  });
}

export async function login(base: string, kdnr: number, password: string, firma: number): Promise<string | null> {
  const r = await fetch(`${base}/api/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Firma: firma, Benutzername: String(kdnr), Kennwort: password, kw: '' }),
  });
  if (!r.ok) return null;
  const pair = r.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='));
  return pair ?? null;
}

export const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

/** The shop server (server/main.ts) as a child process on a free loopback port. */
export async function startServer(opts: { args?: string[]; env?: Record<string, string> } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--disable-warning=ExperimentalWarning', path.join(ROOT, 'server/main.ts'), ...(opts.args ?? [])], {
    cwd: ROOT, env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  const kill = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
  process.once('exit', kill);
  // stop: SIGTERM and wait for the exit (so a --cpu-prof profile gets written), SIGKILL after 10 s
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => { clearTimeout(t); resolve(); });
    child.kill('SIGTERM');
  });
  await waitHealthy(base, child);
  return { base, child, stop };
}

/** Logs in `n` sessions, spread over the given customers (a customer may hold several sessions). */
export async function loginSessions(base: string, customers: { kdnr: number; firma: number }[], password: string, n: number) {
  const cookies: string[] = [];
  const usable: typeof customers = [];
  for (const l of customers) {
    if (usable.length >= n) break;
    const ck = await login(base, l.kdnr, password, l.firma);
    if (ck) { cookies.push(ck); usable.push(l); }
  }
  for (let i = 0; usable.length > 0 && cookies.length < n; i++) {
    const ck = await login(base, usable[i % usable.length]!.kdnr, password, usable[i % usable.length]!.firma);
    if (!ck) break;
    cookies.push(ck);
  }
  return { cookies, customers: usable.length };
}

export interface Row { label: string; result: WorkerResult; target: { p95: number; rps?: number } | null }

/** The result table: req/s, p50/p95/p99, non-2xx, errors and the target verdict per row. */
export function printTable(rows: Row[]): void {
  const head = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors', 'target', 'result'];
  const table = rows.map(({ label, result: r, target: t }) => {
    const rps = r.requests / r.seconds;
    const target = t ? `p95 <= ${t.p95} ms${t.rps ? `, >= ${t.rps} req/s` : ''}` : '-';
    const p95ok = t ? r.p95 <= t.p95 : true;
    const rpsok = t?.rps ? rps >= t.rps : true;
    const ok = t ? (p95ok && rpsok ? 'met' : t.rps && rpsok ? 'req/s met, p95 missed' : 'missed') : '';
    return [label, fmt(rps, 0), fmt(r.p50, 2), fmt(r.p95, 2), fmt(r.p99, 2), String(r.non2xx), String(r.errors), target, ok];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const t of table) console.log(line(t));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--worker') {
  process.once('message', (job) => {
    worker(job as WorkerJob).then((r) => process.send!(r, () => process.exit(0)), (e) => { console.error(e); process.exit(1); });
  });
}
