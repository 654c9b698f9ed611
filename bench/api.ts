// API benchmark (npm run bench): the API server runs as a child process (server/main.ts --api-only)
// on the seeded database; the load comes from a second process (saturation: wrk where installed, else
// autocannon; open load: the plain-socket client of lib/load.ts), so the client does not compete with the
// server for the same event loop. Prints p50/p95/p99 and req/s per scenario.
// Search runs twice: with repeated terms (answered from the 60-second result cache after the first
// pass) and with unique queries (the same terms with a suffix of punctuation that no cache has seen and
// the tokenizer ignores: same answers); then a service-time figure per query class of the relevance
// set (tests/api/search-relevance.cases.ts, unique queries) and the set's relevance score.
//
// Server variants side by side in the same run (bench/lib/variants.ts): one process on SQLite (every
// scenario), WORKERS=2 on SQLite and one process on PostgreSQL (search, article detail and cart add,
// saturation and open load), with the ratios 2 workers / 1 worker and PostgreSQL / SQLite and the server cores used. All variants'
// servers run at once (idle when not measured) and each measurement runs on the variants one after the
// other, after an unmeasured warm-up burst per call and variant (BENCH_WARMUP_SECONDS, 3; a unique call warms up with queries
// of its own, so no cache has seen a measured one), so a shared
// machine's changing load hits the variants of one call alike.
//
//   npm run bench                        all scenarios, 10 s each, 100 connections, all variants
//   npm run bench -- --quick             search, detail, cart on all variants, 3 s each (a few minutes)
//   npm run bench -- --variants=sqlite,pg   only these variants (sqlite, workers2, pg)
//   BENCH_ROUNDS=3 npm run bench -- --quick   every measurement 3 times, variants in turn; medians shown
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench
//   npm run bench -- search suggest      only the named scenarios
//   npm run bench -- relevance           only the per-class service times and the relevance score (bench/lib/relevance.ts)
//   BENCH_LOW_CONNECTIONS=0              skip the low-concurrency repeat of the targeted calls
//   BENCH_PG_URL=postgres://user:pass@host/postgres   the PostgreSQL server of the pg variant (default
//                                        TEST_DATABASE_URL; without either the pg variant is skipped)
//   BENCH_NODE_FLAGS="--max-semi-space-size=32"   extra node flags for the server process
//   BENCH_CLIENT=autocannon              saturation load from autocannon even where wrk is installed (by
//                                        default wrk, the lighter client, when it is on the PATH: bench/lib/wrk.ts)
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fmt, freePort, login, runWorker, waitHealthy, type Scenario, type WorkerResult } from './lib/load.ts';
import { wrkAvailable, wrkSaturation } from './lib/wrk.ts';
import { benchPgDatabase, benchPgUrl, startVariant, stopVariant, treeCpuSeconds, type Variant, type VariantName } from './lib/variants.ts';
import { judgeRelevance, printRelevance, relevanceSet } from './lib/relevance.ts';
import type { CaseResult } from '../tests/api/search-relevance.cases.ts';

/** A suffix the tokenizer ignores (punctuation only) but every cache key sees: the n-th unique variant of a term. */
function cacheBust(n: number): string {
  const marks = '-._~!*()';
  let out = '';
  do { out += marks[n % marks.length]; n = Math.floor(n / marks.length); } while (n > 0);
  return ` ${out}`;
}

/** unique search requests per scenario: more than one run sends (the rotation must not come round again) */
const UNIQUE = Number(process.env.BENCH_UNIQUE || 80_000);
/** what Chromium sends: the shop answers brotli */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** unique requests of a warm-up (JIT, the article items of the terms): other suffixes than the measured ones */
const WARM_UNIQUE = 20_000;

/** The calls compared across the server variants. */
const COMPARED = ['search', 'search-unique', 'detail', 'cart'];
/** serverCores: CPU the server's processes used during a saturation run, in cores */
type Row = Scenario & WorkerResult & { variant: VariantName; serverCores?: number };

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const seconds = Number(process.env.BENCH_SECONDS || (quick ? 3 : 10));
  const connections = Number(process.env.BENCH_CONNECTIONS || 100);
  const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const only = named.length ? named : quick ? COMPARED : [];
  const wanted = (process.argv.find((a) => a.startsWith('--variants='))?.slice('--variants='.length) ?? 'sqlite,workers2,pg').split(',');

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
  // unique queries: article numbers change their answer with a suffix, so each one is asked once instead
  const allArtnrs = (await db.selectFrom('articles').select('artnr').where('parent_artnr', 'is', null).orderBy('artnr').execute()).map((r) => r.artnr);
  const gtins = (await db.selectFrom('articles').select('gtin').where('gtin', '!=', '').orderBy('artnr').limit(20_000).execute()).map((r) => r.gtin);
  const isArtnr = (t: string) => /\d/.test(t);
  const uniqueTerm = (k: number) => { const t = terms[k % terms.length]!; return isArtnr(t) ? allArtnrs[(k * 7919) % allArtnrs.length]! : t + cacheBust(k); };
  const relevance = await relevanceSet(db);
  const customers = await db.selectFrom('customers').select(['kdnr', 'firma']).where('password_hash', 'is not', null)
    .where('verified', '=', 1).where('login_locked', '=', 0).where('must_change_password', '=', 0).orderBy('kdnr').limit(100).execute();
  await db.destroy();
  console.log(`[bench] ${nArticles} articles, ${terms.length} search terms, ${artnrs.length} sample articles, ${customers.length} customers with login`);
  // 2. the variants: SQLite with one process (every scenario), then WORKERS=2 and PostgreSQL (compared calls)
  const variants: Variant[] = [];
  if (wanted.includes('sqlite')) variants.push({ name: 'sqlite', label: 'SQLite, 1 process', env: { DATABASE_URL: '' } });
  if (wanted.includes('workers2')) variants.push({ name: 'workers2', label: 'SQLite, WORKERS=2', env: { DATABASE_URL: '', WORKERS: '2' } });
  let pgDb: { url: string; drop: () => Promise<void> } | null = null;
  if (wanted.includes('pg')) {
    if (!benchPgUrl()) console.log('[bench] PostgreSQL variant skipped: set BENCH_PG_URL (or TEST_DATABASE_URL) to a server where the role may create databases');
    else {
      pgDb = await benchPgDatabase(benchPgUrl(), nArticles, (m) => console.log(`[bench] ${m}`));
      variants.push({ name: 'pg', label: 'PostgreSQL, 1 process', env: { DATABASE_URL: pgDb.url } });
    }
  }
  const rate = Number(process.env.BENCH_RATE ?? 2000);
  const low = Number(process.env.BENCH_LOW_CONNECTIONS ?? (quick ? 0 : 4));
  const rows: Row[] = [];
  const rateRows: Row[] = [];
  const lowRows: Row[] = [];
  const classRows: Row[] = [];
  const judged: CaseResult[] = [];
  const enc = encodeURIComponent;
  /** the top-bar preview's call for a term, as a guest (no customer prices) */
  const sucheUrl = (q: string) => `/api/suche/de?q=${enc(q)}&top=1&nocustomprice=1&offset=0&limit=10`;

  const categoryPaths = [1, 2, 3, 4, 5].flatMap((pg) => ['relevance', 'price_asc', 'name'].flatMap((sort) => [1, 2, 3].map((page) => `/api/shop/category?pg=${pg}&sort=${sort}&page=${page}`)));
  const scenarioList = (cookies: string[], reference: boolean): Scenario[] => [
    {
      name: 'search', label: 'POST shopware/search/de/de/1', method: 'POST',
      paths: ['/api/shopware/search/de/de/1'], bodies: terms.map((t) => JSON.stringify({ search: t, page: 1, limit: 24 })),
      target: { p95: 10, rps: 2000 },
    },
    {
      name: 'search-unique', label: 'POST shopware/search/de/de/1 unique', method: 'POST', unique: true,
      paths: ['/api/shopware/search/de/de/1'], bodies: Array.from({ length: UNIQUE }, (_, k) => JSON.stringify({ search: uniqueTerm(k), page: 1, limit: 24 })),
      warmup: { paths: ['/api/shopware/search/de/de/1'], bodies: Array.from({ length: WARM_UNIQUE }, (_, k) => JSON.stringify({ search: uniqueTerm(2 * UNIQUE + k), page: 1, limit: 24 })) },
      target: { p95: 10, rps: 2000 },
    },
    {
      name: 'suche', label: 'GET suche/de?q=…&limit=10', method: 'GET',
      paths: terms.map((t) => sucheUrl(t)),
      target: { p95: 10, rps: 2000 },
    },
    {
      name: 'suche-unique', label: 'GET suche/de?q=…&limit=10 unique', method: 'GET', unique: true,
      paths: Array.from({ length: UNIQUE }, (_, k) => sucheUrl(uniqueTerm(k + UNIQUE))),
      warmup: { paths: Array.from({ length: WARM_UNIQUE }, (_, k) => sucheUrl(uniqueTerm(2 * UNIQUE + WARM_UNIQUE + k))) },
      target: { p95: 10, rps: 2000 },
    },
    {
      // as a browser asks: the repeated terms, answered from the cache compressed
      name: 'suche-br', label: 'GET suche/de?q=…&limit=10, br', method: 'GET', acceptEncoding: BROWSER_ENCODINGS,
      paths: terms.map((t) => sucheUrl(t)),
      target: { p95: 10, rps: 2000 },
    },
    {
      // as a browser asks (the shop's search page and top-bar preview): the same unique queries, answers compressed
      name: 'suche-unique-br', label: 'GET suche/de?q=…&limit=10 unique, br', method: 'GET', unique: true, acceptEncoding: BROWSER_ENCODINGS,
      paths: Array.from({ length: UNIQUE }, (_, k) => sucheUrl(uniqueTerm(k + 3 * UNIQUE))),
      warmup: { paths: Array.from({ length: WARM_UNIQUE }, (_, k) => sucheUrl(uniqueTerm(4 * UNIQUE + k))) },
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
      paths: categoryPaths,
      target: null,
    },
    {
      name: 'category-br', label: 'GET shop/category (pg, sort, page), br', method: 'GET', acceptEncoding: BROWSER_ENCODINGS,
      paths: categoryPaths,
      target: null,
    },
    {
      name: 'cart', label: 'POST wk/{artnr}/add/1 (100 sessions)', method: 'POST',
      paths: artnrs.slice(0, 200).map((a) => `/api/wk/${enc(a)}/add/1`), cookies, target: { p95: 5, rps: 0 },
    },
  ].filter((s) => (only.length === 0 || only.includes(s.name)) && (reference || COMPARED.includes(s.name))) as Scenario[];

  // 3. every variant's server up with its 100 sessions; then each measurement runs on the variants one
  // after the other, so the variants of a call are measured close together (the machine may be shared)
  interface Running { v: Variant; base: string; server: ChildProcess; cookies: string[]; scenarios: Scenario[]; stop: () => void }
  const running: Running[] = [];
  const emptyCarts = async (r: Running) => {
    for (const ck of r.cookies) await fetch(`${r.base}/api/wk/delete`, { method: 'POST', headers: { cookie: ck } }).catch(() => undefined);
  };
  const tag = (v: Variant, label: string) => (variants.length > 1 ? `[${v.name}] ${label}` : label);
  try {
    for (const v of variants) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startVariant(v, port);
      const stop = () => { if (server.exitCode === null) server.kill('SIGKILL'); };
      process.once('exit', stop);
      const cookies: string[] = [];
      const r: Running = { v, base, server, cookies, scenarios: [], stop };
      running.push(r);
      await waitHealthy(base, server);
      // 100 sessions (demo customers first; every customer may hold several sessions)
      const logins = [123456, 654321, 777777].map((k) => ({ kdnr: k, firma: k === 777777 ? 3 : 1 }));
      for (const c of customers) if (!logins.some((l) => l.kdnr === c.kdnr)) logins.push({ kdnr: c.kdnr, firma: c.firma });
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
      r.scenarios = scenarioList(cookies, v.name === 'sqlite');
      console.log(`[bench] ${v.label}: listening, ${cookies.length} sessions logged in (${usable.length} distinct customers)`);
    }

    // warm-up, not measured: a burst per call and variant (search snapshot, caches, statements, JIT of every
    // worker); a unique call warms up with queries of its own, so no cache has seen a measured one
    const warm = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
    for (const r of running) {
      for (const s of r.scenarios.filter((x) => (!x.unique || x.warmup) && !(x.cookies && x.cookies.length === 0))) {
        const scenario = s.warmup ? { ...s, ...s.warmup } : s;
        if (warm > 0) await runWorker({ url: r.base, seconds: warm, connections: Math.min(connections, 20), scenario });
      }
    }

    const names = [...new Set(running.flatMap((r) => r.scenarios.map((s) => s.name)))];
    const saturate = wrkAvailable() ? wrkSaturation : runWorker;
    console.log(`[bench] saturation load from ${wrkAvailable() ? 'wrk (one thread)' : 'autocannon (apt-get install wrk for the lighter client)'}`);
    // BENCH_ROUNDS=n: every measurement n times, the variants in turn (every other round in reverse
    // order); the table shows the median round (by req/s for saturation, by p95 for open load)
    const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
    const each = async (name: string, round: number, fn: (r: Running, s: Scenario) => Promise<void>) => {
      for (const r of round % 2 ? [...running].reverse() : running) {
        const s = r.scenarios.find((x) => x.name === name);
        if (!s) continue;
        if (s.cookies && s.cookies.length === 0) { console.log(`[bench] ${tag(r.v, s.name)}: skipped (no session could log in)`); continue; }
        // every cart measurement starts from empty carts: a line at the maximum quantity answers
        // error_menge at once, which would be counted as a (fast) add
        if (s.name === 'cart') await emptyCarts(r);
        await fn(r, s);
      }
    };
    const median = (list: Row[], by: (r: Row) => number): Row => {
      const sorted = [...list].sort((a, b) => by(a) - by(b));
      const m = sorted[Math.floor((sorted.length - 1) / 2)]!;
      return rounds > 1 ? { ...m, label: `${m.label} (median of ${rounds})` } : m;
    };
    for (const name of names) {
      const got = new Map<VariantName, Row[]>();
      for (let round = 0; round < rounds; round++) {
        await each(name, round, async (r, s) => {
          process.stdout.write(`[bench] ${tag(r.v, s.name)}: ${seconds} s × ${connections} connections … `);
          const cpu0 = treeCpuSeconds(r.server.pid);
          const res = await saturate({ url: r.base, seconds, connections, scenario: s });
          const serverCores = (treeCpuSeconds(r.server.pid) - cpu0) / res.seconds;
          console.log(`${fmt(res.requests / res.seconds, 0)} req/s, p95 ${fmt(res.p95)} ms, status ${JSON.stringify(res.status)}, server ${fmt(serverCores, 2)} cores, client ${fmt(res.clientCores, 2)} cores`);
          got.set(r.v.name, [...(got.get(r.v.name) ?? []), { ...s, label: tag(r.v, s.label), ...res, variant: r.v.name, serverCores }]);
        });
      }
      for (const list of got.values()) rows.push(median(list, (x) => x.requests / x.seconds));
    }

    // open load: the same 100 connections (sessions) offering a fixed rate, as real visitors do; the
    // p95 then is the answer time at that load, not the length of a queue the benchmark built itself
    if (rate > 0) {
      for (const name of names) {
        const got = new Map<VariantName, Row[]>();
        for (let round = 0; round < rounds; round++) {
          await each(name, round, async (r, s) => {
            if (!s.target && !COMPARED.includes(s.name)) return;
            process.stdout.write(`[bench] ${tag(r.v, s.name)} @ ${rate} req/s offered over ${connections} connections: ${seconds} s … `);
            const res = await runWorker({ url: r.base, seconds, connections, scenario: s, rate });
            console.log(`${fmt(res.requests / res.seconds, 0)} req/s, p95 ${fmt(res.p95)} ms`);
            got.set(r.v.name, [...(got.get(r.v.name) ?? []), { ...s, label: tag(r.v, `${s.label} @${rate}/s`), ...res, variant: r.v.name, target: s.target ? { ...s.target, rps: Math.max(s.target.rps, rate * 0.97) } : null }]);
          });
        }
        for (const list of got.values()) rateRows.push(median(list, (x) => x.p95));
      }
    }

    const ref = running.find((r) => r.v.name === 'sqlite');
    if (ref) {
      const base = ref.base;
      // service latency without queueing: the targeted scenarios again at low concurrency
      if (low > 0) {
        for (const s of ref.scenarios.filter((x) => x.target)) {
          process.stdout.write(`[bench] ${s.name} @ ${low} connections: ${Math.min(seconds, 5)} s … `);
          const r = await runWorker({ url: base, seconds: Math.min(seconds, 5), connections: low, scenario: s });
          console.log(`${fmt(r.requests / r.seconds, 0)} req/s, p95 ${fmt(r.p95)} ms`);
          lowRows.push({ ...s, label: `${s.label} @${low}`, ...r, variant: 'sqlite' });
        }
      }

      // search per query class of the relevance set: unique queries at low concurrency (service time)
      if (only.length === 0 || only.some((o) => o.startsWith('suche') || o === 'relevance')) {
        const kinds = [...new Set(relevance.cases.map((c) => c.kind))];
        let salt = 5 * UNIQUE; // past the suffixes of the unique rows above
        for (const kind of kinds) {
          const qs = relevance.cases.filter((c) => c.kind === kind).map((c) => c.q);
          // codes change their answer with a suffix: distinct GTINs instead
          const paths = kind === 'code'
            ? gtins.map((g) => sucheUrl(g))
            : Array.from({ length: 20_000 }, (_, k) => sucheUrl(qs[k % qs.length]! + cacheBust(salt + k)));
          salt += 20_000;
          const sc: Scenario = { name: `class-${kind}`, label: `suche unique: ${kind} (${qs.length} queries) @${Math.max(1, low)}`, method: 'GET', paths, target: { p95: 10, rps: 0 }, unique: true };
          const r = await runWorker({ url: base, seconds: Math.min(seconds, 3), connections: Math.max(1, low), scenario: sc });
          classRows.push({ ...sc, ...r, variant: 'sqlite' });
        }
        judged.push(...await judgeRelevance(base, relevance));
      }
    }

    // empty the carts the cart scenario filled and end the sessions
    for (const r of running) {
      if (r.scenarios.some((s) => s.name === 'cart')) await emptyCarts(r);
      for (const ck of r.cookies) await fetch(`${r.base}/api/logout`, { headers: { cookie: ck } }).catch(() => undefined);
    }
  } finally {
    for (const r of running) {
      process.removeListener('exit', r.stop);
      await stopVariant(r.server);
    }
    await pgDb?.drop();
  }

  console.log(`\nAPI benchmark: ${nArticles} articles, ${connections} connections, ${seconds} s per scenario, saturation load from ${wrkAvailable() ? 'wrk' : 'autocannon'}, ${process.platform} node ${process.version}\n`);
  const head = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors', 'target', 'result'];
  const table = [...rows, ...rateRows, ...lowRows, ...classRows].map((r) => {
    const rps = r.requests / r.seconds;
    const target = r.target ? `p95 <= ${r.target.p95} ms${r.target.rps ? `, >= ${fmt(r.target.rps, 0)} req/s` : ''}` : '-';
    // failed answers are not a served load: such a row meets nothing
    const ok = !r.target ? '' : r.non2xx > 0 || r.errors > 0 ? 'not valid (failed answers)'
      : r.p95 <= r.target.p95 && rps >= r.target.rps ? 'met' : rps >= r.target.rps ? 'rps met, p95 missed' : 'missed';
    return [r.label, fmt(rps, 0), fmt(r.p50, 2), fmt(r.p95, 2), fmt(r.p99, 2), String(r.non2xx), String(r.errors), target, ok];
  });
  printTable(head, table, 7);
  console.log('\nTargets (65,000 articles, 100 concurrent sessions): search p95 <= 10 ms and >= 2,000 req/s; suggest p95 <= 5 ms; cart add p95 <= 5 ms.');
  console.log('rows marked "unique": every query different (cache-busting suffix, same answers), so no result cache answers; the rows without it repeat terms and are answered from the cache after the first pass.');
  printRelevance(judged, relevance.katOf.size);
  if (rateRows.length) console.log(`rows marked @${rate}/s: ${connections} connections offering ${rate} req/s together (open load); the others send as fast as answers come (closed loop, saturation).`);
  console.log(`Note: with ${connections} concurrent connections on one server process, latency includes queueing (Little's law: mean latency ≈ connections / throughput);`);
  if (lowRows.length) console.log(`rows marked @${low} repeat the targeted calls with ${low} connections: the service time without queueing.`);
  if (variants.length > 1) printComparison(variants, rows, rateRows, rate);
}

function printTable(head: string[], table: string[][], leftFrom: number): void {
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i >= leftFrom ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const t of table) console.log(line(t));
}

/** The variants side by side for the compared calls, with the ratios the scale-out targets are stated in. */
function printComparison(variants: Variant[], rows: Row[], rateRows: Row[], rate: number): void {
  const find = (list: Row[], v: VariantName, name: string) => list.find((r) => r.variant === v && r.name === name);
  const rps = (r: Row | undefined) => (r ? r.requests / r.seconds : NaN);
  const names = COMPARED.filter((n) => rows.some((r) => r.name === n));
  console.log(`\nServer variants in this run (saturation req/s; p95 ms at ${rate} req/s offered; load average of the machine at the end ${os.loadavg().map((l) => fmt(l, 1)).join(', ')}):\n`);
  const head = ['call', ...variants.flatMap((v) => [`${v.label} req/s`, `p95 @${rate}`])];
  const table = names.map((n) => [n, ...variants.flatMap((v) => [fmt(rps(find(rows, v.name, n)), 0), fmt(find(rateRows, v.name, n)?.p95 ?? NaN, 2)])]);
  printTable(head, table, head.length);
  const has = (v: VariantName) => variants.some((x) => x.name === v);
  if (has('sqlite') && has('workers2')) {
    console.log('\nWORKERS=2 / 1 process, saturation throughput (target >= 1.6 for reads):');
    for (const n of names) {
      const [one, two] = [find(rows, 'sqlite', n), find(rows, 'workers2', n)];
      const ratio = rps(two) / rps(one);
      // throughput per core the server processes got: what each added core yields, whatever the client took
      const perCore = (r: Row | undefined) => rps(r) / (r?.serverCores ?? NaN);
      console.log(`  ${n.padEnd(14)} ${fmt(ratio, 2)}${n === 'cart' ? ' (writes: one SQLite writer)' : ratio >= 1.6 ? ' met' : ' missed'}; server cores used ${fmt(one?.serverCores ?? NaN, 2)} / ${fmt(two?.serverCores ?? NaN, 2)}, req/s per server core ${fmt(perCore(one), 0)} / ${fmt(perCore(two), 0)}, load generator ${fmt(one?.clientCores ?? NaN, 2)} / ${fmt(two?.clientCores ?? NaN, 2)} cores`);
    }
    console.log(`  The load generator ran on the same machine (${os.availableParallelism()} cores): with 2 cores the second worker cannot get a core of its own,`);
    console.log('  so the ratio understates what 2 workers do on free cores; the cores used and the throughput per core show what each core yields.');
  }
  if (has('sqlite') && has('pg')) {
    console.log('\nPostgreSQL / SQLite (1 process each): saturation throughput, and p95 at open load (target for every call: its p95 target):');
    for (const n of names) {
      const sat = rps(find(rows, 'pg', n)) / rps(find(rows, 'sqlite', n));
      const p95 = find(rateRows, 'pg', n)?.p95 ?? NaN;
      const target = find(rateRows, 'pg', n)?.target?.p95;
      console.log(`  ${n.padEnd(8)} throughput ×${fmt(sat, 2)}, p95 @${rate}/s ${fmt(p95, 2)} ms vs ${fmt(find(rateRows, 'sqlite', n)?.p95 ?? NaN, 2)} ms on SQLite${target ? (p95 <= target ? ` (target ${target} ms met)` : ` (target ${target} ms missed)`) : ''}`);
    }
    console.log('  PostgreSQL runs on the same machine; the figures depend on its settings (docs/DEPLOY.md, "PostgreSQL settings").');
  }
}

await main();
process.exit(0);
