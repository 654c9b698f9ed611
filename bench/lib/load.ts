// Load generation shared by the benchmarks: autocannon runs in a second process (this file forked with
// --worker), so the client does not compete with the server for one event loop.
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

export interface Scenario {
  name: string;
  label: string;
  method: 'GET' | 'POST';
  /** paths (and bodies) cycled through by every connection */
  paths: string[];
  bodies?: string[];
  /** one session cookie per connection */
  cookies?: string[];
  target: { p95: number; rps: number } | null;
}

export interface WorkerJob { url: string; seconds: number; connections: number; scenario: Scenario; /** offered req/s over all connections (none: as fast as answered) */ rate?: number }
export interface WorkerResult { requests: number; seconds: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; status: Record<string, number> }

// ------------------------------------------------------------------------------------------------
// Load worker (second process): autocannon with per-connection cookies and rotating paths.

async function worker(job: WorkerJob): Promise<WorkerResult> {
  const name = 'autocannon'; // no type declarations: import by name as untyped
  const { default: autocannon } = (await import(name)) as { default: (opts: unknown) => any };
  const s = job.scenario;
  // static requests: autocannon builds each request's bytes once and then cycles through them, so the
  // client stays cheap; every connection starts at its own offset of the rotation with its own cookie
  let conn = 0;
  const times: number[] = [];
  const status: Record<string, number> = {};
  const start = Date.now();
  const n = Math.max(s.paths.length, s.bodies?.length ?? 1);
  const requestsFor = (c: number) => {
    const cookie = s.cookies?.length ? s.cookies[c % s.cookies.length] : undefined;
    const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
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
    // open load: this many requests per second over all connections (latency without self-made queueing)
    ...(job.rate ? { overallRate: job.rate } : {}),
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
  const seconds = (Date.now() - start) / 1000;
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

if (process.argv[2] === '--worker') {
  process.once('message', (job) => {
    worker(job as WorkerJob).then((r) => process.send!(r, () => process.exit(0)), (e) => { console.error(e); process.exit(1); });
  });
}
