// API benchmark (npm run bench): the API server runs as a child process (server/main.ts --api-only)
// on the seeded database; the load comes from autocannon in a second child process, so the client
// does not compete with the server for the same event loop. Prints p50/p95/p99 and req/s per scenario.
//
//   npm run bench                        all scenarios, 10 s each, 100 connections
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench
//   npm run bench -- search suggest      only the named scenarios
//   BENCH_LOW_CONNECTIONS=0              skip the low-concurrency repeat of the targeted calls
//   BENCH_NODE_FLAGS="--max-semi-space-size=32"   extra node flags for the server process
import { fork, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');

interface Scenario {
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

interface WorkerJob { url: string; seconds: number; connections: number; scenario: Scenario }
interface WorkerResult { requests: number; seconds: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; status: Record<string, number> }

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
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

function runWorker(job: WorkerJob): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = fork(HERE, ['--worker'], { execArgv: ['--disable-warning=ExperimentalWarning'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => { resolve(m as WorkerResult); child.kill(); });
    child.once('error', reject);
    child.once('exit', (code) => { if (code) reject(new Error(`load worker exited with ${code}`)); });
    child.send(job);
  });
}

async function login(base: string, kdnr: number, password: string, firma: number): Promise<string | null> {
  const r = await fetch(`${base}/api/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Firma: firma, Benutzername: String(kdnr), Kennwort: password, kw: '' }),
  });
  if (!r.ok) return null;
  const pair = r.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='));
  return pair ?? null;
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS || 10);
  const connections = Number(process.env.BENCH_CONNECTIONS || 100);
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));

  // 1. the database: seeded on first use (same path the server uses)
  const { bootDatabase } = await import('../server/boot.ts');
  const { config } = await import('../server/config.ts');
  const { DEMO_PASSWORD } = { DEMO_PASSWORD: process.env.BENCH_PASSWORD || 'Demo-Labor-2026' };
  console.log(`[bench] database ${config.databaseUrl || config.sqliteFile}`);
  const db = await bootDatabase();
  const nArticles = Number((await db.selectFrom('articles').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const sample = await db.selectFrom('articles').select(['artnr', 'bezeichnung']).where('aus_sortiment', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('parent_artnr', 'is', null).orderBy('artnr').execute();
  const step = Math.max(1, Math.floor(sample.length / 1000));
  const artnrs = sample.filter((_, i) => i % step === 0).slice(0, 1000).map((r) => r.artnr);
  const suggestable = artnrs.filter((a) => /^[A-Za-z0-9.,-]{1,10}$/.test(a));
  // search terms: frequent designation words, manufacturers, article numbers (with and without prefix)
  const wordCount = new Map<string, number>();
  for (const r of sample) for (const w of r.bezeichnung.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 4 && !/\d/.test(w)) wordCount.set(w, (wordCount.get(w) ?? 0) + 1);
  const words = [...wordCount].sort((a, b) => b[1] - a[1]).slice(0, 120).map(([w]) => w);
  const mans = (await db.selectFrom('manufacturers').select('name').execute()).map((m) => m.name);
  const terms = [
    'zahn', 'IPS', 'VITA', 'zirkon', 'gips', ...words.slice(0, 60), ...words.slice(0, 30).map((w) => w.slice(0, 4).toLowerCase()),
    ...mans.slice(0, 20), ...artnrs.slice(0, 20), ...artnrs.slice(20, 30).map((a) => `K-${a}`), 'zirkonoxyd',
  ];
  const customers = await db.selectFrom('customers').select(['kdnr', 'firma']).where('password_hash', 'is not', null)
    .where('verified', '=', 1).where('login_locked', '=', 0).where('must_change_password', '=', 0).orderBy('kdnr').limit(100).execute();
  await db.destroy();
  console.log(`[bench] ${nArticles} articles, ${terms.length} search terms, ${artnrs.length} sample articles, ${customers.length} customers with login`);

  // 2. the server as a child process on a free port
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--disable-warning=ExperimentalWarning', path.join(ROOT, 'server/main.ts'), '--api-only'], {
    cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => { if (server.exitCode === null) server.kill('SIGTERM'); };
  process.once('exit', stop);
  try {
    await waitHealthy(base, server);

    // 3. 100 sessions (demo customers first; every customer may hold several sessions)
    const logins = [123456, 654321, 777777].map((k) => ({ kdnr: k, firma: k === 777777 ? 3 : 1 }));
    for (const c of customers) if (!logins.some((l) => l.kdnr === c.kdnr)) logins.push({ kdnr: c.kdnr, firma: c.firma });
    const cookies: string[] = [];
    const usable: typeof logins = [];
    for (const l of logins) {
      if (usable.length >= 100) break;
      const ck = await login(base, l.kdnr, DEMO_PASSWORD, l.firma);
      if (ck) { cookies.push(ck); usable.push(l); }
    }
    for (let i = 0; cookies.length > 0 && cookies.length < 100; i++) {
      const ck = await login(base, usable[i % usable.length]!.kdnr, DEMO_PASSWORD, usable[i % usable.length]!.firma);
      if (!ck) break;
      cookies.push(ck);
    }
    console.log(`[bench] ${cookies.length} sessions logged in (${usable.length} distinct customers)`);

    const enc = encodeURIComponent;
    const scenarios: Scenario[] = [
      {
        name: 'search', label: 'POST shopware/search/de/de/1', method: 'POST',
        paths: ['/api/shopware/search/de/de/1'], bodies: terms.map((t) => JSON.stringify({ search: t, page: 1, limit: 24 })),
        target: { p95: 10, rps: 2000 },
      },
      {
        // logged in: prices and purchase facts are the customer's, so no answer cache helps here
        name: 'search-customer', label: 'POST shopware/search (logged in)', method: 'POST',
        paths: ['/api/shopware/search/de/de/1'], bodies: terms.map((t) => JSON.stringify({ search: t, page: 1, limit: 24 })),
        cookies, target: { p95: 10, rps: 2000 },
      },
      {
        name: 'suche', label: 'GET suche/de?q=…&limit=10', method: 'GET',
        paths: terms.map((t) => `/api/suche/de?q=${enc(t)}&top=1&nocustomprice=1&offset=0&limit=10`),
        target: { p95: 10, rps: 2000 },
      },
      {
        name: 'suggest', label: 'GET shopware/artikel/suggest', method: 'GET',
        paths: [...suggestable.map((a) => `/api/shopware/artikel/suggest/${enc(a)}/de/de`), '/api/shopware/artikel/suggest/X-0000/de/de'],
        target: { p95: 5, rps: 2000 },
      },
      {
        name: 'detail', label: 'GET artikel/{artnr}/de/de', method: 'GET',
        paths: artnrs.map((a) => `/api/artikel/${enc(a)}/de/de`), target: null,
      },
      {
        name: 'category', label: 'GET shop/category (pg, sort, page)', method: 'GET',
        paths: [1, 2, 3, 4, 5].flatMap((pg) => ['relevance', 'price_asc', 'name'].flatMap((sort) => [1, 2, 3].map((page) => `/api/shop/category?pg=${pg}&sort=${sort}&page=${page}`))),
        target: null,
      },
      {
        name: 'cart', label: 'POST wk/{artnr}/add/1 (100 sessions)', method: 'POST',
        paths: artnrs.slice(0, 200).map((a) => `/api/wk/${enc(a)}/add/1`), cookies, target: null,
      },
    ].filter((s) => only.length === 0 || only.includes(s.name)) as Scenario[];

    // warm-up: snapshot, word lists, statement cache
    for (const s of scenarios) {
      for (let i = 0; i < Math.min(50, s.paths.length * (s.bodies?.length ?? 1)); i++) {
        await fetch(base + s.paths[i % s.paths.length], {
          method: s.method, headers: { 'content-type': 'application/json', ...(s.cookies ? { cookie: s.cookies[0]! } : {}) },
          body: s.bodies ? s.bodies[i % s.bodies.length] : undefined,
        }).then((r) => r.arrayBuffer()).catch(() => undefined);
      }
    }

    const rows: (Scenario & WorkerResult)[] = [];
    for (const s of scenarios) {
      if (s.cookies && s.cookies.length === 0) { console.log(`[bench] ${s.name}: skipped (no session could log in)`); continue; }
      process.stdout.write(`[bench] ${s.name}: ${seconds} s × ${connections} connections … `);
      const r = await runWorker({ url: base, seconds, connections, scenario: s });
      console.log(`${fmt(r.requests / r.seconds, 0)} req/s, p95 ${fmt(r.p95)} ms, status ${JSON.stringify(r.status)}`);
      rows.push({ ...s, ...r });
    }

    // service latency without queueing: the targeted scenarios again at low concurrency
    const low = Number(process.env.BENCH_LOW_CONNECTIONS ?? 4);
    const lowRows: (Scenario & WorkerResult)[] = [];
    if (low > 0) {
      for (const s of scenarios.filter((x) => x.target)) {
        process.stdout.write(`[bench] ${s.name} @ ${low} connections: ${Math.min(seconds, 5)} s … `);
        const r = await runWorker({ url: base, seconds: Math.min(seconds, 5), connections: low, scenario: s });
        console.log(`${fmt(r.requests / r.seconds, 0)} req/s, p95 ${fmt(r.p95)} ms`);
        lowRows.push({ ...s, label: `${s.label} @${low}`, ...r });
      }
    }

    // empty the carts the cart scenario filled and end the sessions
    if (scenarios.some((s) => s.name === 'cart')) {
      for (const ck of cookies) await fetch(`${base}/api/wk/delete`, { method: 'POST', headers: { cookie: ck } }).catch(() => undefined);
    }
    for (const ck of cookies) await fetch(`${base}/api/logout`, { headers: { cookie: ck } }).catch(() => undefined);

    console.log(`\nAPI benchmark: ${nArticles} articles, ${connections} connections, ${seconds} s per scenario, ${process.platform} node ${process.version}\n`);
    const head = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors', 'target', 'result'];
    const table = [...rows, ...lowRows].map((r) => {
      const rps = r.requests / r.seconds;
      const target = r.target ? `p95 <= ${r.target.p95} ms, >= ${r.target.rps} req/s` : '-';
      const ok = r.target ? (r.p95 <= r.target.p95 && rps >= r.target.rps ? 'met' : rps >= r.target.rps ? 'rps met, p95 missed' : 'missed') : '';
      return [r.label, fmt(rps, 0), fmt(r.p50, 2), fmt(r.p95, 2), fmt(r.p99, 2), String(r.non2xx), String(r.errors), target, ok];
    });
    const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(head));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const t of table) console.log(line(t));
    console.log('\nTargets (65,000 articles): search p95 <= 10 ms and >= 2,000 req/s; suggest p95 <= 5 ms.');
    console.log(`Note: with ${connections} concurrent connections on one server process, latency includes queueing (Little's law: mean latency ≈ connections / throughput);`);
    if (lowRows.length) console.log(`rows marked @${low} repeat the targeted calls with ${low} connections: the service time without queueing.`);
  } finally {
    stop();
  }
}

if (process.argv[2] === '--worker') {
  process.once('message', (job) => {
    worker(job as WorkerJob).then((r) => process.send!(r, () => process.exit(0)), (e) => { console.error(e); process.exit(1); });
  });
} else {
  await main();
  process.exit(0);
}
