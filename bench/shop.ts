// Shop benchmark (npm run bench:shop), on the built site (`npm run build` or `npm start` first):
//  1. JavaScript per island: gzip bytes of each island's entry chunk plus every chunk it imports
//     statically (what loads when it hydrates), and the cart +
//     search islands together (shared chunks once) against the target of 60 KB gz. Parts loaded later
//     with import() (the language file, a lazy panel) are not counted.
//  2. JavaScript on the wire per page type (home, category, product, search, cart logged in, kamera):
//     the page's scripts (module scripts, island components and renderers, modulepreloads) and what
//     they import statically, fetched from the running server as a browser asks (Accept-Encoding:
//     br, gzip) and counted as the compressed bytes sent; the identity size beside it.
//  3. Product page server render: /{c}/{l}/shop/artikel/{artbez}/details is rendered per request; p50/
//     p95/p99 and req/s under 50 concurrent connections over many different articles (target p95 30 ms).
//
//  4. Lighthouse mobile (median of 3, simulated throttling) of the same page types, the cart and kamera
//     logged in: score, LCP, CLS, TBT and the JavaScript transferred; target >= 98 and CLS <= 0.02.
//  5. The search relevance score of the test set (tests/api/search-relevance.cases.ts) on the server's
//     catalogue: the queries whose first 10 results hold the expected articles (bench/lib/relevance.ts).
//
//   npm run bench:shop                   all parts
//   BENCH_SECONDS=5 npm run bench:shop -- js      only the JavaScript sizes (also: wire, product, lh, relevance)
//   npm run bench:shop -- relevance      only the relevance score (needs no build: the API answers it)
//   BENCH_BASE=http://127.0.0.1:4510 npm run bench:shop -- lh   against a running server (DEV_TOOLS off)
//   BENCH_LH_RUNS=1 BENCH_LH_PAGES=kamera,cart     fewer runs / only some page types while iterating
//   BENCH_LH_DUMP=/tmp/lh                          keeps every Lighthouse report (JSON) there
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt, freePort, login, runWorker, waitHealthy } from './lib/load.ts';
import { lighthouse, printLighthouse } from './lib/lighthouse.ts';
import { printRelevance, relevanceOf } from './lib/relevance.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ASTRO = path.join(ROOT, 'dist', 'client', '_astro');
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const want = (k: string) => only.length === 0 || only.includes(k);

const gz = new Map<string, number>();
const gzipOf = (file: string) => {
  if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(ASTRO, file)), { level: 9 }).length);
  return gz.get(file)!;
};
// the minifier quotes with ", ' or a backtick
const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[^'"`()]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;

/** The chunk and everything it imports statically (what loads with it). */
function closure(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || !fs.existsSync(path.join(ASTRO, entry))) return seen;
  seen.add(entry);
  const code = fs.readFileSync(path.join(ASTRO, entry), 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) closure(m[1]!, seen);
  return seen;
}
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipOf(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function islandSizes(): void {
  if (!fs.existsSync(ASTRO)) throw new Error('no build in dist/: run npm run build (or npm start) first');
  const all = fs.readdirSync(ASTRO).filter((f) => f.endsWith('.js'));
  const renderer = all.find((f) => /^client\.[\w-]+\.js$/.test(f));
  const react = renderer ? closure(renderer) : new Set<string>();
  // island entry chunks are named after their component (upper-case first letter, a *View/Panel/… module)
  const islands = all.filter((f) => /^[A-Z]\w+\.[\w-]+\.js$/.test(f) && /export\s*\{[^}]*\bas default\b|export default/.test(fs.readFileSync(path.join(ASTRO, f), 'utf8')));
  const rows = islands.map((f) => {
    const own = closure(f);
    const extra = [...own].filter((c) => !react.has(c));
    return { name: f.replace(/\.[\w-]+\.js$/, ''), own: sum(extra) };
  }).sort((a, b) => b.own - a.own);
  console.log(`\nJavaScript per island (gzip -9), without the shared React renderer (${kb(sum(react))} gz, loaded once per page)\n`);
  const w = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'island'.padEnd(w)}  ${'on hydration'.padStart(12)}`);
  for (const r of rows) console.log(`${r.name.padEnd(w)}  ${kb(r.own).padStart(12)}`);
  const pick = (re: RegExp) => islands.filter((f) => re.test(f));
  const cartSearch = new Set<string>();
  for (const f of pick(/^(CartView|CartAddPanel|CartCounter|SearchBar|SearchPreview)\./)) for (const c of closure(f)) cartSearch.add(c);
  const withoutReact = [...cartSearch].filter((c) => !react.has(c));
  console.log(`\ncart + search islands together (CartView, CartAddPanel, SearchPreview; shared chunks once): ${kb(sum(withoutReact))} gz`
    + ` without React, ${kb(sum(new Set([...cartSearch, ...react])))} gz with the React renderer; target <= 60 KB gz`);
}

/** Article numbers of the sample (the first ones fill the cart Lighthouse measures). */
let sampleArtnrs: string[] = [];

/** A sample of product page paths (every n-th orderable article). */
async function productPaths(): Promise<string[]> {
  const { bootDatabase } = await import('../server/boot.ts');
  const { artbez } = await import('../src/lib/rules/artnr.ts');
  const db = await bootDatabase();
  const rows = await db.selectFrom('articles').select(['artnr', 'bezeichnung']).where('aus_sortiment', '=', 0).orderBy('artnr').execute();
  await db.destroy();
  const step = Math.max(1, Math.floor(rows.length / 500));
  sampleArtnrs = rows.filter((_, i) => i % step === 0).slice(0, 500).map((r) => String(r.artnr));
  return rows.filter((_, i) => i % step === 0).slice(0, 500).map((r) => `/de/de/shop/artikel/${encodeURIComponent(artbez(r.artnr, r.bezeichnung))}/details`);
}

/** Runs `fn` against a fresh server on a free port. */
async function withServer(fn: (base: string) => Promise<void>): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => { if (server.exitCode === null) server.kill('SIGTERM'); };
  process.once('exit', stop);
  try {
    await waitHealthy(base, server);
    await fn(base);
  } finally {
    stop();
  }
}

/** A GET as a browser sends it; the body as it came over the wire (not decompressed). */
function wireGet(url: string, cookie?: string): Promise<{ status: number; encoding: string; wire: Buffer; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const body = encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
        resolve({ status: res.statusCode ?? 0, encoding, wire, body });
      });
    }).on('error', reject);
  });
}

const PAGE_SCRIPTS = /(?:src|href|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g;

/** The page types measured on the wire and by Lighthouse: [name, path, session cookie]. */
async function pageTypes(base: string, product: string): Promise<[string, string, string?][]> {
  const sid = await login(base, 123456, 'Demo-Labor-2026', 1);
  if (!sid) throw new Error('demo login 123456 failed');
  // a category listing (group → category, the CategoryView island): the first one the group page links
  const group = await (await fetch(`${base}/de/de/shop/category/1/`)).text();
  const listing = /href="(\/de\/de\/shop\/category\/1\/\d+\/)"/.exec(group)?.[1] ?? '/de/de/shop/category/1/';
  return [
    ['home', '/de/de/'],
    ['category page', '/de/de/shop/category/1/'],
    ['category listing', listing],
    ['product page', product],
    ['search page', '/de/de/shop/suche/?q=Bohrer'],
    ['cart (logged in)', '/de/de/wk/', sid],
    ['kamera', '/de/de/kamera/', sid],
  ];
}

async function lighthouseTable(base: string, product: string): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_LH_RUNS || 3));
  const filter = (process.env.BENCH_LH_PAGES ?? '').split(',').filter(Boolean);
  const pages = (await pageTypes(base, product)).filter(([name]) => !filter.length || filter.some((f) => name.startsWith(f)));
  // the cart needs an article in it to be the cart a customer works in
  const sid = pages.find(([, , c]) => c)?.[2];
  for (const artnr of sid ? sampleArtnrs.slice(0, 3) : []) await fetch(`${base}/api/wk/${encodeURIComponent(artnr)}/set/2`, { method: 'POST', headers: { cookie: sid! } });
  // a shop's server is warm: the first render of a page type (catalogue and search snapshot loaded on first use,
  // 6 s for the product page) is not what a customer meets, and would be a single run's whole figure
  for (const [, url, cookie] of pages) await fetch(base + url, { headers: cookie ? { cookie } : {} }).then((r) => r.arrayBuffer());
  printLighthouse(await lighthouse(pages.map(([name, url, cookie]) => ({ name, url: base + url, cookie })), runs), runs);
}

async function jsOnTheWire(base: string, product: string): Promise<void> {
  const pages = await pageTypes(base, product);
  const files = new Map<string, { wire: number; identity: number; encoding: string; imports: string[] }>();
  const fetchScript = async (url: string) => {
    if (files.has(url)) return;
    const r = await wireGet(base + url);
    const imports = [...r.body.toString('utf8').matchAll(STATIC_IMPORT)].map((m) => `/_astro/${m[1]}`);
    files.set(url, { wire: r.wire.length, identity: r.body.length, encoding: r.encoding, imports });
    for (const i of imports) await fetchScript(i);
  };
  console.log('\nJavaScript on the wire per page type (page scripts + islands + static imports, Accept-Encoding: br, gzip)\n');
  console.log(`${'page'.padEnd(18)} ${'HTML wire'.padStart(10)} ${'scripts'.padStart(8)} ${'JS wire'.padStart(10)} ${'JS identity'.padStart(12)}  encodings`);
  for (const [name, url, cookie] of pages) {
    const page = await wireGet(base + url, cookie);
    if (page.status !== 200) { console.log(`${name.padEnd(18)} ${url} answered ${page.status}`); continue; }
    const roots = new Set([...page.body.toString('utf8').matchAll(PAGE_SCRIPTS)].map((m) => m[1]!));
    const seen = new Set<string>();
    const visit = async (u: string) => {
      if (seen.has(u)) return;
      seen.add(u);
      await fetchScript(u);
      for (const i of files.get(u)!.imports) await visit(i);
    };
    for (const r of roots) await visit(r);
    const rows = [...seen].map((u) => files.get(u)!);
    const wire = rows.reduce((n, f) => n + f.wire, 0);
    const identity = rows.reduce((n, f) => n + f.identity, 0);
    const encodings = [...new Set([page.encoding, ...rows.map((f) => f.encoding)])].join('/');
    console.log(`${name.padEnd(18)} ${kb(page.wire.length).padStart(10)} ${String(rows.length).padStart(8)} ${kb(wire).padStart(10)} ${kb(identity).padStart(12)}  ${encodings}`);
  }
}

async function productPages(base: string, paths: string[]): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS || 10);
  const connections = Number(process.env.BENCH_CONNECTIONS || 50);
  const first = await fetch(base + paths[0]!);
  const html = await first.text();
  if (first.status !== 200 || !/<title>[^<]+<\/title>/.test(html)) throw new Error(`product page ${paths[0]} answered ${first.status}`);
  for (const p of paths.slice(0, 50)) await fetch(base + p).then((r) => r.arrayBuffer());
  const r = await runWorker({ url: base, seconds, connections, scenario: { name: 'product', label: 'product page', method: 'GET', paths, target: { p95: 30, rps: 0 } } });
  const rps = r.requests / r.seconds;
  console.log(`\nProduct page server render (${paths.length} articles, ${connections} connections, ${seconds} s): `
    + `${fmt(rps, 0)} req/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, status ${JSON.stringify(r.status)}; target p95 <= 30 ms: ${r.p95 <= 30 ? 'met' : 'missed'}`);
}

if (want('js')) islandSizes();
const pageParts = want('wire') || want('product') || want('lh');
if (pageParts || want('relevance')) {
  const paths = pageParts ? await productPaths() : [];
  const parts = async (base: string) => {
    if (want('wire')) await jsOnTheWire(base, paths[0]!);
    if (want('product')) await productPages(base, paths);
    if (want('lh')) await lighthouseTable(base, paths[0]!);
    if (want('relevance')) { const r = await relevanceOf(base); printRelevance(r.results, r.articles); }
  };
  if (process.env.BENCH_BASE) await parts(process.env.BENCH_BASE.replace(/\/$/, ''));
  else await withServer(parts);
}
process.exit(0);
