// Shop benchmark (npm run bench:shop):
//  1. JavaScript per island (gzip) from the built chunks in dist/client/_astro: each island's entry chunk
//     with everything it imports statically, with and without the React renderer all islands share;
//     target: cart + search islands together <= 60 KB gz
//  2. server render of the product page (shop/artikel/{artbez}/details, rendered on demand) under
//     50 concurrent connections, as a guest and logged in; target p95 <= 30 ms
//
//   npm run bench:shop                          uses dist/ (builds it with SITE_COUNTRIES=de,dk when missing)
//   BENCH_BUILD=1 npm run bench:shop            rebuild dist/ first (SITE_COUNTRIES=de,dk unless set)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 SQLITE_FILE=… (the database is seeded on first use, 65,000 articles)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fmt, loginSessions, printTable, ROOT, runWorker, startServer, type Row, type Scenario } from './lib.ts';
import { artbez } from '../src/lib/rules/artnr.ts';

const DIST = path.join(ROOT, 'dist');
const ASTRO = path.join(DIST, 'client', '_astro');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

/** Islands grouped as the targets name them (entry chunks are named after the component file). */
const GROUPS: Record<string, string[]> = {
  cart: ['CartView', 'CartAddPanel'],
  search: ['SearchPreview', 'SearchView'],
  category: ['CategoryView'],
  product: ['ProductActions', 'ProductRecommendations'],
};
const TARGET_CART_SEARCH_KB = 60;
const TARGET_PRODUCT_P95_MS = 30;

// ---- 1. JavaScript per island ----

function ensureBuild(): void {
  if (process.env.BENCH_BUILD !== '1' && fs.existsSync(ASTRO)) return;
  const countries = process.env.SITE_COUNTRIES || 'de,dk';
  console.log(`[bench:shop] astro build (SITE_COUNTRIES=${countries}) …`);
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, SITE_COUNTRIES: countries, NODE_OPTIONS: '--disable-warning=ExperimentalWarning' },
  });
  if (r.status !== 0) throw new Error('astro build failed');
  fs.writeFileSync(path.join(DIST, '.built'), '');
}

const chunkCache = new Map<string, { gz: number; imports: string[]; lazy: string[] }>();
function chunk(file: string) {
  let c = chunkCache.get(file);
  if (!c) {
    const buf = fs.readFileSync(path.join(ASTRO, file));
    const src = buf.toString();
    const rel = (m: string) => path.basename(m);
    const imports = [...src.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => rel(m[1]!));
    const lazy = [...src.matchAll(/import\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g)].map((m) => rel(m[1]!));
    // Vite lists the chunks of a dynamic import in __vite__mapDeps
    for (const m of src.matchAll(/"_astro\/([^"]+\.js)"/g)) lazy.push(m[1]!);
    c = { gz: gz(buf), imports: [...new Set(imports)], lazy: [...new Set(lazy)] };
    chunkCache.set(file, c);
  }
  return c;
}

/** The entry chunk and everything it imports statically. */
function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || !fs.existsSync(path.join(ASTRO, f))) continue;
    seen.add(f);
    stack.push(...chunk(f).imports);
  }
  return seen;
}
const size = (files: Iterable<string>) => { let n = 0; for (const f of files) n += chunk(f).gz; return n; };
const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => !b.has(x)));
/** Chunks loaded on demand (import()) from a set, not already in it. */
function lazyOf(files: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const f of files) for (const l of chunk(f).lazy) if (!files.has(l)) for (const x of closure([l])) if (!files.has(x)) out.add(x);
  return out;
}

function islandJs() {
  const files = fs.readdirSync(ASTRO).filter((f) => f.endsWith('.js'));
  const entryOf = (name: string) => files.find((f) => f.startsWith(`${name}.`) && /^[^.]+\.[\w-]+\.js$/.test(f));
  // the React renderer (@astrojs/react client) every island needs
  const renderer = closure(files.filter((f) => /^client\.[\w-]+\.js$/.test(f)));
  // the islands: components some .astro file renders with a client: directive
  const used = new Set<string>();
  for (const e of fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.astro')) continue;
    const src = fs.readFileSync(path.join(e.parentPath, e.name), 'utf8');
    for (const m of src.matchAll(/<([A-Z][A-Za-z0-9]*)\b[^>]*?\bclient:[a-z]+/gs)) used.add(m[1]!);
  }
  const islandNames = [...used].filter((n) => entryOf(n)).sort();
  const rows = islandNames.map((name) => {
    const own = closure([entryOf(name)!]);
    return { name, files: own.size, island: size(minus(own, renderer)), total: size(new Set([...own, ...renderer])), lazy: size(lazyOf(own)) };
  });
  const groups = Object.entries(GROUPS).map(([group, names]) => {
    const all = closure(names.map(entryOf).filter((f): f is string => !!f));
    return { group, names, island: size(minus(all, renderer)), total: size(new Set([...all, ...renderer])) };
  });
  const cs = closure([...GROUPS.cart!, ...GROUPS.search!].map(entryOf).filter((f): f is string => !!f));
  return { renderer: size(renderer), rows, groups, cartSearch: { island: size(minus(cs, renderer)), total: size(new Set([...cs, ...renderer])) } };
}

// ---- 2. product page render ----

async function productPage(seconds: number, connections: number): Promise<Row[]> {
  const { bootDatabase } = await import('../server/boot.ts');
  const db = await bootDatabase();
  const sample = await db.selectFrom('articles').select(['artnr', 'bezeichnung']).where('aus_sortiment', '=', 0)
    .where('parent_artnr', 'is', null).orderBy('artnr').execute();
  const customers = await db.selectFrom('customers').select(['kdnr', 'firma']).where('password_hash', 'is not', null)
    .where('verified', '=', 1).where('login_locked', '=', 0).where('must_change_password', '=', 0).orderBy('kdnr').limit(50).execute();
  await db.destroy();
  const step = Math.max(2, Math.floor(sample.length / 1000));
  const page = (a: { artnr: string; bezeichnung: string }) => `/de/de/shop/artikel/${artbez(a.artnr, a.bezeichnung)}/details/`;
  const paths = sample.filter((_, i) => i % step === 0).slice(0, 1000).map(page);
  // pages no other scenario touches: the low-concurrency row measures full renders
  const fresh = sample.filter((_, i) => i % step === 1).slice(0, 1000).map(page);

  const { base, stop } = await startServer();
  try {
    const first = await fetch(base + paths[0]!);
    const html = await first.text();
    if (first.status !== 200 || !html.includes('data-testid="pd-artnr"')) throw new Error(`product page did not render: ${first.status} ${base}${paths[0]}`);
    const { cookies } = await loginSessions(base, customers, process.env.BENCH_PASSWORD || 'Demo-Labor-2026', connections);
    // 1,000 different pages: nearly every request is a full render (the page cache rarely hits);
    // 50 popular pages: what repeated views of the same articles cost (answered from the page cache)
    const popular = paths.filter((_, i) => i % 20 === 0);
    const scenarios: Scenario[] = [
      { name: 'product', label: 'GET …/details (guest, 1,000 pages)', method: 'GET', paths, target: { p95: TARGET_PRODUCT_P95_MS } },
      { name: 'product-customer', label: 'GET …/details (logged in, 1,000 pages)', method: 'GET', paths, cookies, target: { p95: TARGET_PRODUCT_P95_MS } },
      { name: 'product-popular', label: 'GET …/details (guest, 50 popular pages)', method: 'GET', paths: popular, target: { p95: TARGET_PRODUCT_P95_MS } },
    ];
    // warm-up: the render path and the article data of the first pages
    for (let i = 0; i < 200; i++) await fetch(base + paths[i % paths.length]).then((r) => r.arrayBuffer());
    const rows: Row[] = [];
    for (const s of scenarios) {
      if (s.cookies && s.cookies.length === 0) { console.log(`[bench:shop] ${s.name}: skipped (no session)`); continue; }
      process.stdout.write(`[bench:shop] ${s.name}: ${seconds} s × ${connections} connections … `);
      const r = await runWorker({ url: base, seconds, connections, scenario: s });
      console.log(`${fmt(r.requests / r.seconds, 0)} req/s, p95 ${fmt(r.p95)} ms, status ${JSON.stringify(r.status)}`);
      rows.push({ label: s.label, result: r, target: s.target });
    }
    const low = Number(process.env.BENCH_LOW_CONNECTIONS ?? 4);
    if (low > 0) {
      const s: Scenario = { name: 'product-fresh', label: `GET …/details (guest, 1,000 other pages) @${low}`, method: 'GET', paths: fresh, target: { p95: TARGET_PRODUCT_P95_MS } };
      const r = await runWorker({ url: base, seconds: Math.min(seconds, 5), connections: low, scenario: s });
      rows.push({ label: s.label, result: r, target: s.target });
    }
    for (const ck of cookies) await fetch(`${base}/api/logout`, { headers: { cookie: ck } }).catch(() => undefined);
    return rows;
  } finally {
    await stop();
  }
}

// ---- main ----

ensureBuild();
const js = islandJs();
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const rows = await productPage(seconds, connections);

console.log(`\nShop benchmark ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, node ${process.version}`);
console.log(`\nJavaScript per island (gzip level 9; "island" = its chunks without the shared React renderer, ${kb(js.renderer)}; "with React" = all it loads; "lazy" = chunks it imports on demand):`);
console.log(`  ${'island'.padEnd(26)} ${'chunks'.padStart(6)} ${'island'.padStart(9)} ${'with React'.padStart(11)} ${'lazy'.padStart(9)}`);
for (const r of js.rows) console.log(`  ${r.name.padEnd(26)} ${String(r.files).padStart(6)} ${kb(r.island).padStart(9)} ${kb(r.total).padStart(11)} ${kb(r.lazy).padStart(9)}`);
console.log('\nGroups (shared chunks counted once):');
for (const g of js.groups) console.log(`  ${g.group.padEnd(10)} ${g.names.join(' + ').padEnd(40)} island ${kb(g.island).padStart(9)}   with React ${kb(g.total).padStart(9)}`);
const ok = (b: boolean) => (b ? 'met' : 'MISSED');
console.log(`  cart + search together: island ${kb(js.cartSearch.island)}, with React ${kb(js.cartSearch.total)}  [target <= ${TARGET_CART_SEARCH_KB} KB: ${ok(js.cartSearch.total <= TARGET_CART_SEARCH_KB * 1024)} with React, ${ok(js.cartSearch.island <= TARGET_CART_SEARCH_KB * 1024)} without]`);
console.log(`\nProduct page server render (${connections} connections, ${seconds} s; the page cache keeps a rendered page 30 s, SITE_PAGE_CACHE=0 turns it off):\n`);
printTable(rows);
process.exit(0);
