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
  /** every request different (no answer cache hit): each connection gets its own share of the paths, not 256 cycled */
  unique?: boolean;
  /** the Accept-Encoding a browser sends (compressed answers); none: identity, as the other rows */
  acceptEncoding?: string;
  /** the unmeasured warm-up's requests when they must differ from the measured ones (unique scenarios) */
  warmup?: { paths: string[]; bodies?: string[] };
}

export interface WorkerJob { url: string; seconds: number; connections: number; scenario: Scenario; /** offered req/s over all connections (none: as fast as answered) */ rate?: number }
export interface WorkerResult {
  requests: number; seconds: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; status: Record<string, number>;
  /** CPU the load generator itself used, in cores (on a small machine it takes them from the server) */
  clientCores: number;
}

const cores = (since: NodeJS.CpuUsage, seconds: number) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1e6 / seconds; };

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
  const cpu0 = process.cpuUsage();
  const n = Math.max(s.paths.length, s.bodies?.length ?? 1);
  const requestsFor = (c: number) => {
    const cookie = s.cookies?.length ? s.cookies[c % s.cookies.length] : undefined;
    const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(s.acceptEncoding ? { 'accept-encoding': s.acceptEncoding } : {}) };
    const len = Math.min(n, s.unique ? Math.ceil(n / Math.max(1, job.connections)) : 256);
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
  const seconds = (Date.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(times.length * p))]! : NaN);
  return {
    requests: times.length, seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99),
    non2xx: result.non2xx ?? 0, errors: (result.errors ?? 0) + (result.timeouts ?? 0), status, clientCores: cores(cpu0, seconds),
  };
}

/**
 * Open load (job.rate): every connection sends at evenly spaced moments, the connections staggered, so
 * the server sees `rate` requests per second as a steady stream. (autocannon's own rate limit releases
 * each second's quota at once, a burst that measures its own queue.) Latency counts from the planned
 * send time: a late answer also delays the next planned request, and that wait is counted too.
 * The client speaks HTTP/1.1 on plain sockets with each request's bytes built once: node:http's client
 * took half a core at 2,000 req/s and its own pauses showed as a p95 of 7 ms against a server that
 * answers a constant in 0.05 ms; this one takes a fraction of that.
 */
async function pacedWorker(job: WorkerJob): Promise<WorkerResult> {
  const net = await import('node:net');
  const s = job.scenario;
  const url = new URL(job.url);
  const interval = (1000 * job.connections) / job.rate!;
  const n = Math.max(s.paths.length, s.bodies?.length ?? 1);
  const times: number[] = [];
  const status: Record<string, number> = {};
  let errors = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const end = start + job.seconds * 1000;
  const requestBytes = (k: number, cookie?: string) => {
    const body = s.bodies ? s.bodies[k % s.bodies.length] : undefined;
    return Buffer.from(`${s.method} ${s.paths[k % s.paths.length]} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n`
      + `${cookie ? `cookie: ${cookie}\r\n` : ''}${s.acceptEncoding ? `accept-encoding: ${s.acceptEncoding}\r\n` : ''}${body !== undefined ? `content-length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n${body ?? ''}`);
  };
  /** One keep-alive connection: sends a request, resolves with the status once the whole answer is in. */
  const open = () => new Promise<{ ask: (bytes: Buffer) => Promise<number>; close: () => void }>((resolve, reject) => {
    const sock = net.connect(Number(url.port), url.hostname);
    sock.setNoDelay(true);
    let pending: ((code: number) => void) | null = null;
    let buf: Buffer = Buffer.alloc(0);
    const done = (code: number) => { const p = pending; pending = null; buf = Buffer.alloc(0); p?.(code); };
    sock.on('data', (d: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, d]) : d;
      const head = buf.indexOf('\r\n\r\n');
      if (head < 0) return;
      const headers = buf.toString('latin1', 0, head);
      const code = Number(headers.slice(9, 12));
      const len = /\r\ncontent-length: *(\d+)/i.exec(headers);
      if (len) { if (buf.length >= head + 4 + Number(len[1])) done(code); }
      else if (/\r\ntransfer-encoding: *chunked/i.test(headers)) { if (buf.subarray(buf.length - 5).toString('latin1') === '0\r\n\r\n') done(code); }
      else done(code);
    });
    sock.on('error', () => done(0));
    sock.on('close', () => done(0));
    sock.once('connect', () => resolve({
      ask: (bytes) => new Promise<number>((r) => { pending = r; sock.write(bytes); }),
      close: () => sock.destroy(),
    }));
    sock.once('error', reject);
  });
  const connection = async (c: number) => {
    const conn = await open();
    const cookie = s.cookies?.length ? s.cookies[c % s.cookies.length] : undefined;
    let planned = start + (c * interval) / job.connections;
    for (let i = 0; ; i++, planned += interval) {
      const wait = planned - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (planned >= end) break;
      const bytes = requestBytes(Math.floor((c * n) / job.connections) + i, cookie);
      const sent = performance.now();
      const code = await conn.ask(bytes);
      times.push(performance.now() - Math.min(planned, sent)); // a timer may fire a little early
      if (code === 0) errors++;
      else status[code] = (status[code] ?? 0) + 1;
    }
    conn.close();
  };
  await Promise.all(Array.from({ length: job.connections }, (_, c) => connection(c)));
  const seconds = job.seconds; // every request was planned inside this window
  times.sort((a, b) => a - b);
  const pct = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(times.length * p))]! : NaN);
  const non2xx = Object.entries(status).filter(([k]) => !k.startsWith('2')).reduce((a, [, v]) => a + v, 0);
  return { requests: times.length, seconds, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), non2xx, errors, status, clientCores: cores(cpu0, seconds) };
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
    ((job as WorkerJob).rate ? pacedWorker(job as WorkerJob) : worker(job as WorkerJob)).then((r) => process.send!(r, () => process.exit(0)), (e) => { console.error(e); process.exit(1); });
  });
}
