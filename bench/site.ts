// Site benchmark (npm run bench:site):
//  1. a full, uncached `astro build --force` into dist-bench: pages built, build time, pages per second
//  2. the server (server/main.ts) hosting that build: JavaScript each page type loads before any
//     interaction (gzip bytes, measured in Debian chromium: external scripts plus inline ones)
//  3. Lighthouse (mobile, median of 3: score, LCP, CLS, TBT, JS on the wire) of the home page and a category page;
//     the shop pages are measured by npm run bench:shop -- lh (bench/lib/lighthouse.ts for both)
//  4. a one-entry CMS publish on that build (median of 3): a German FAQ entry changed in a stand-in CMS,
//     webhook → the new generation served (server/publish/), end to end and as the server measured it
//  5. the search relevance score of the test set (tests/api/search-relevance.cases.ts) on that server's
//     catalogue (BENCH_SEED_ARTICLES, 5,000 by default; bench/lib/relevance.ts, as npm run bench prints it)
// Targets: >= 200 pages/s, <= 15 KB gz JS on a content page before interaction, Lighthouse >= 98,
// publish <= 5 s.
//
//   npm run bench:site                        everything, all countries
//   SITE_COUNTRIES=de,dk npm run bench:site   a development subset (pages/s is then dominated by start-up)
//   BENCH_SKIP_BUILD=1                        reuse dist-bench from a previous run
//   BENCH_ONLY_PUBLISH=1                      skip the JavaScript and Lighthouse measurements (the
//                                             relevance score is asked for all the same: a second)
//   BENCH_PORT=4590 BENCH_SEED_ARTICLES=5000 BENCH_LH_RUNS=3 CHROMIUM_PATH=/usr/bin/chromium
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import os from 'node:os';
import { BUILD_NODE_OPTIONS } from '../server/site.ts';
import { startFakeCms, type FakeCms } from '../tests/api/fake-cms.ts';
import { lighthouse, median, printLighthouse, type LighthouseResult } from './lib/lighthouse.ts';
import { printRelevance, relevanceOf } from './lib/relevance.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist-bench');
const PORT = Number(process.env.BENCH_PORT || 4590);
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS || 3));
const TARGET = { pagesPerSecond: 200, contentJsKb: 15, lighthouse: 98, publishSeconds: 5 };
const WEBHOOK_SECRET = 'bench-site-secret';
const STORE = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-store-'));
/** the server's database (the relevance score reads its catalogue too) */
const SQLITE_FILE = process.env.BENCH_SQLITE_FILE || path.join(ROOT, 'data/bench/site.sqlite');

/** Page types measured (path below /de/de/); content = a page the 15 KB target applies to. */
const PAGE_TYPES: { name: string; path: string; content: boolean }[] = [
  { name: 'home', path: '', content: true },
  { name: 'service', path: 'service/', content: true },
  { name: 'company', path: 'company/', content: true },
  { name: 'loesungen', path: 'loesungen/', content: true },
  { name: 'legal/agb', path: 'legal/agb/', content: true },
  { name: 'video', path: 'video/1/', content: true },
  { name: 'aktionen', path: 'aktionen/', content: true },
  { name: 'kontakt', path: 'kontakt/', content: true },
  { name: 'category overview', path: 'shop/category/', content: true },
  { name: 'category page', path: 'shop/category/3/', content: false },
  { name: '404', path: 'gibt-es-nicht/', content: true },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (s: string | Buffer) => zlib.gzipSync(s, { level: 9 }).length;

// ---- 1. build ----

interface BuildResult { pages: number; ms: number; prerenderMs: number }

function countPages(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += countPages(path.join(dir, e.name));
    else if (e.name.endsWith('.html')) n++;
  }
  return n;
}

/** Astro's own figure of a "Completed in 1m 14s" / "8.46s" / "512ms" line (ms), null when absent. */
function astroDuration(line: string): number | null {
  const m = /Completed in (?:(\d+)m(?!s)\s*)?(?:([\d.]+)(ms|s))?/.exec(line);
  if (!m || (!m[1] && !m[2])) return null;
  return Number(m[1] ?? 0) * 60_000 + (m[2] ? Number(m[2]) * (m[3] === 'ms' ? 1 : 1000) : 0);
}

function build(): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    fs.rmSync(OUT, { recursive: true, force: true });
    const t = performance.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--force', '--outDir', OUT], {
      cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', NODE_OPTIONS: BUILD_NODE_OPTIONS }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    // the prerender phase: from the "prerendering static routes" line to the next "Completed in"
    let tail = '';
    let phaseStart = 0;
    let prerenderMs = NaN;
    const scan = (d: Buffer) => {
      const lines = (tail + d.toString()).split('\n');
      tail = lines.pop() ?? '';
      for (const l of lines) {
        if (!phaseStart && /(?:prerendering|generating) static routes/.test(l)) phaseStart = performance.now();
        else if (phaseStart && Number.isNaN(prerenderMs) && /Completed in/.test(l)) prerenderMs = astroDuration(l) ?? performance.now() - phaseStart;
      }
    };
    let errLog = '';
    child.stdout.on('data', scan);
    child.stderr.on('data', (d: Buffer) => { errLog = (errLog + d.toString()).slice(-3000); });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t;
      if (code !== 0) return reject(new Error(`astro build exited with ${code}\n${errLog}`));
      resolve({ pages: countPages(path.join(OUT, 'client')), ms, prerenderMs });
    });
  });
}

// ---- 2. server ----

async function startServer(cms: FakeCms): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(PORT), SITE_DIR: OUT, SITE_STORE: STORE, CMS_URL: cms.url, CMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SQLITE_FILE,
      SEED_ARTICLES: process.env.BENCH_SEED_ARTICLES || '5000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out = (out + d.toString()).slice(-4000); });
  child.stderr!.on('data', (d: Buffer) => { out = (out + d.toString()).slice(-4000); });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try { if ((await fetch(`${BASE}/api/health`)).ok) return child; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error(`server did not start:\n${out}`);
}

// ---- JavaScript before interaction ----

interface JsResult { name: string; path: string; content: boolean; files: number; external: number; inline: number; total: number }

async function measureJs(): Promise<JsResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const out: JsResult[] = [];
  try {
    for (const p of PAGE_TYPES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        try { scripts.set(res.url(), gz(await res.body())); } catch { /* aborted */ }
      });
      await page.goto(`${BASE}/de/de/${p.path}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src && s.type !== 'application/json').map((s) => s.textContent ?? ''));
      const external = [...scripts.values()].reduce((a, b) => a + b, 0);
      const inlineGz = inline.reduce((a, s) => a + (s.trim() ? gz(s) : 0), 0);
      out.push({ ...p, files: scripts.size, external, inline: inlineGz, total: external + inlineGz });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

// ---- 4. CMS publish ----

interface PublishRun { ms: number; serverMs: number; rendered: number; changed: number }

/** One entry changed and published: from the webhook until /api/health reports the new generation. */
async function publishRuns(cms: FakeCms, runs: number): Promise<PublishRun[]> {
  const auth = { 'x-webhook-secret': WEBHOOK_SECRET, 'content-type': 'application/json' };
  const out: PublishRun[] = [];
  for (let i = 1; i <= runs; i++) {
    cms.edits.set('faq-bestellung-de', (e) => ({ ...e, question: `Wie kann ich bestellen? (Benchmark ${i} ${Date.now()})` }));
    const before = (await (await fetch(`${BASE}/api/health`)).json()).result.build as string;
    const t = performance.now();
    const hook = await fetch(`${BASE}/api/cms/webhook`, { method: 'POST', headers: auth, body: JSON.stringify({ model: 'faq', entry: { id: 'faq-bestellung-de', country: '*', language: 'de' } }) });
    if (!hook.ok) throw new Error(`webhook: HTTP ${hook.status}`);
    for (;;) {
      const now = (await (await fetch(`${BASE}/api/health`)).json()).result.build as string;
      if (now !== before) break;
      if (performance.now() - t > 120_000) throw new Error('publish did not finish in 120 s');
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - t;
    const last = (await (await fetch(`${BASE}/api/cms/rebuild`, { headers: auth })).json()).result.last as { ms: number; rendered: number; changed: number; error: string | null };
    if (last.error) throw new Error(`publish failed: ${last.error}`);
    out.push({ ms, serverMs: last.ms, rendered: last.rendered, changed: last.changed });
  }
  return out;
}

// ---- main ----

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

let built: BuildResult | null = null;
if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(OUT, 'server/entry.mjs'))) {
  console.log('[bench:site] reusing dist-bench (BENCH_SKIP_BUILD=1)');
} else {
  console.log(`[bench:site] full build (astro build --force)${process.env.SITE_COUNTRIES ? `, SITE_COUNTRIES=${process.env.SITE_COUNTRIES}` : ', all countries'} …`);
  built = await build();
}

console.log('[bench:site] starting the server on the bench build …');
const cms = await startFakeCms();
const server = await startServer(cms);
let js: JsResult[] = [];
let lh: LighthouseResult[] = [];
let published: PublishRun[] = [];
let relevance: Awaited<ReturnType<typeof relevanceOf>> | null = null;
try {
  if (process.env.BENCH_ONLY_PUBLISH !== '1') {
    js = await measureJs();
    lh = await lighthouse([{ name: 'home', path: '' }, { name: 'category page', path: 'shop/category/3/' }].map((p) => ({ name: p.name, url: `${BASE}/de/de/${p.path}` })), LH_RUNS);
  }
  relevance = await relevanceOf(BASE, { file: SQLITE_FILE });
  console.log('[bench:site] one-entry CMS publish, 3 runs …');
  published = await publishRuns(cms, 3);
} finally {
  server.kill('SIGTERM');
  await cms.close();
}

console.log('\n== Site benchmark ==');
if (built) {
  const pps = built.pages / (built.ms / 1000);
  console.log(`pages built:        ${built.pages}`);
  console.log(`build time:         ${(built.ms / 1000).toFixed(1)} s (whole astro build; prerender phase ${(built.prerenderMs / 1000).toFixed(1)} s)`);
  console.log(`pages per second:   ${pps.toFixed(0)} over the whole build, ${(built.pages / (built.prerenderMs / 1000)).toFixed(0)} in the prerender phase  [target >= ${TARGET.pagesPerSecond}: ${mark(pps >= TARGET.pagesPerSecond)}]`);
}
if (js.length) {
  console.log('\nJavaScript before interaction (gzip; /de/de/…):');
  console.log(`  ${'page type'.padEnd(20)} ${'files'.padStart(5)} ${'external'.padStart(10)} ${'inline'.padStart(9)} ${'total'.padStart(9)}`);
  for (const r of js) {
    const flag = r.content ? `  [content page, target <= ${TARGET.contentJsKb} KB: ${mark(r.total <= TARGET.contentJsKb * 1024)}]` : '';
    console.log(`  ${r.name.padEnd(20)} ${String(r.files).padStart(5)} ${kb(r.external).padStart(10)} ${kb(r.inline).padStart(9)} ${kb(r.total).padStart(9)}${flag}`);
  }
}
if (lh.length) {
  printLighthouse(lh, LH_RUNS, { score: TARGET.lighthouse, cls: 0.02 });
  console.log('  (the shop pages — product, search, category listing, cart logged in, kamera: npm run bench:shop -- lh)');
}
const pub = published.length ? median(published, (r) => r.ms).ms : NaN;
console.log(`\nOne-entry CMS publish (German FAQ entry → /*/de/service, ${published[0]?.rendered ?? 0} pages rendered; median of ${published.length}):`);
console.log(`  webhook → new generation served: ${(pub / 1000).toFixed(2)} s (${published.map((r) => (r.ms / 1000).toFixed(2)).join(', ')})  [target <= ${TARGET.publishSeconds} s: ${mark(pub <= TARGET.publishSeconds * 1000)}]`);
console.log(`  server-side publish job:         ${((published.length ? median(published, (r) => r.serverMs).serverMs : NaN) / 1000).toFixed(2)} s; pages changed per run: ${published.map((r) => r.changed).join(', ')}`);
if (relevance) printRelevance(relevance.results, relevance.articles);
fs.rmSync(STORE, { recursive: true, force: true });
if (process.env.BENCH_KEEP !== '1') fs.rmSync(OUT, { recursive: true, force: true });
process.exit(0);
