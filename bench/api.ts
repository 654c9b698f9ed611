// API benchmark (npm run bench:api): the API server runs as a child process (server/main.ts --api-only)
// on the seeded database; the load comes from autocannon in a second child process, so the client
// does not compete with the server for the same event loop. Prints p50/p95/p99 and req/s per scenario.
//
//   npm run bench:api                      all scenarios, 10 s each, 100 connections
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench:api
//   npm run bench:api -- search suggest     only the named scenarios
//   BENCH_LOW_CONNECTIONS=0              skip the low-concurrency repeat of the targeted calls
//   BENCH_NODE_FLAGS="--max-semi-space-size=32"   extra node flags for the server process
//   SQLITE_FILE=data/bench/api.sqlite    another database file (seeded with SEED_ARTICLES, default 65,000, on first use)
import os from 'node:os';
import { fmt, loginSessions, printTable, runWorker, startServer, type Row, type Scenario } from './lib.ts';
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

  // 2. the server as a child process on a free port, 3. 100 sessions (demo customers first)
  const { base, stop } = await startServer({ args: ['--api-only'] });
  try {
    const logins = [123456, 654321, 777777].map((k) => ({ kdnr: k, firma: k === 777777 ? 3 : 1 }));
    for (const c of customers) if (!logins.some((l) => l.kdnr === c.kdnr)) logins.push({ kdnr: c.kdnr, firma: c.firma });
    const { cookies, customers: usable } = await loginSessions(base, logins, DEMO_PASSWORD, 100);
    console.log(`[bench] ${cookies.length} sessions logged in (${usable} distinct customers)`);

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
        target: { p95: 5 },
      },
      {
        name: 'detail', label: 'GET artikel/{artnr}/de/de (1,000 articles)', method: 'GET',
        paths: artnrs.map((a) => `/api/artikel/${enc(a)}/de/de`), target: null,
      },
      {
        name: 'category', label: 'GET shop/category (pg, sort, page)', method: 'GET',
        paths: [1, 2, 3, 4, 5].flatMap((pg) => ['relevance', 'price_asc', 'name'].flatMap((sort) => [1, 2, 3].map((page) => `/api/shop/category?pg=${pg}&sort=${sort}&page=${page}`))),
        target: null,
      },
      {
        name: 'cart', label: 'POST wk/{artnr}/add/1 (100 sessions)', method: 'POST',
        paths: artnrs.slice(0, 200).map((a) => `/api/wk/${enc(a)}/add/1`), cookies, target: { p95: 5 },
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

    const rows: Row[] = [];
    for (const s of scenarios) {
      if (s.cookies && s.cookies.length === 0) { console.log(`[bench] ${s.name}: skipped (no session could log in)`); continue; }
      process.stdout.write(`[bench] ${s.name}: ${seconds} s × ${connections} connections … `);
      const r = await runWorker({ url: base, seconds, connections, scenario: s });
      console.log(`${fmt(r.requests / r.seconds, 0)} req/s, p95 ${fmt(r.p95)} ms, status ${JSON.stringify(r.status)}`);
      rows.push({ label: s.label, result: r, target: s.target });
    }

    // service latency without queueing: the targeted scenarios again at low concurrency
    const low = Number(process.env.BENCH_LOW_CONNECTIONS ?? 4);
    const lowRows: Row[] = [];
    if (low > 0) {
      for (const s of scenarios.filter((x) => x.target)) {
        process.stdout.write(`[bench] ${s.name} @ ${low} connections: ${Math.min(seconds, 5)} s … `);
        const r = await runWorker({ url: base, seconds: Math.min(seconds, 5), connections: low, scenario: s });
        console.log(`${fmt(r.requests / r.seconds, 0)} req/s, p95 ${fmt(r.p95)} ms`);
        lowRows.push({ label: `${s.label} @${low}`, result: r, target: s.target });
      }
    }

    // empty the carts the cart scenario filled and end the sessions
    if (scenarios.some((s) => s.name === 'cart')) {
      for (const ck of cookies) await fetch(`${base}/api/wk/delete`, { method: 'POST', headers: { cookie: ck } }).catch(() => undefined);
    }
    for (const ck of cookies) await fetch(`${base}/api/logout`, { headers: { cookie: ck } }).catch(() => undefined);

    console.log(`\nAPI benchmark ${new Date().toISOString().slice(0, 10)}: ${nArticles} articles, ${connections} connections, ${seconds} s per scenario, ${os.cpus().length} cores, ${process.platform} node ${process.version}\n`);
    printTable([...rows, ...lowRows]);
    console.log('\nTargets (65,000 articles, 2 cores): search p95 <= 10 ms and >= 2,000 req/s; suggest p95 <= 5 ms; cart add p95 <= 5 ms at 100 concurrent sessions.');
    console.log(`Note: with ${connections} concurrent connections on one server process, latency includes queueing (Little's law: mean latency ≈ connections / throughput);`);
    if (lowRows.length) console.log(`rows marked @${low} repeat the targeted calls with ${low} connections: the service time without queueing.`);
  } finally {
    await stop();
  }
}

await main();
process.exit(0);
