// CMS publish on real server processes (WORKERS=2 over one database, a real one-country site build):
// one webhook → exactly one publish → a new site generation in which only the affected pages differ
// (every other file byte-identical to the previous generation), served by both workers, with correct
// precompressed variants and CSP; a second publish derives from the first.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/index.ts';
import { pageCsp } from '../../server/http/security-headers.ts';
import { privateDatabase } from './harness.ts';
import { freePort, startServerProcess } from './server-process.ts';
import { siteFixture } from './site-fixture.ts';
import { startFakeCms, type FakeCms } from './fake-cms.ts';

const SECRET = 'publish-test-secret';
let cms: FakeCms;
let proc: ChildProcess;
let output = () => '';
let port = 0;
let store = '';
let base = '';
let db: Db;
let drop: () => Promise<void> = async () => {};
let dbEnv: { SQLITE_FILE: string; DATABASE_URL: string } = { SQLITE_FILE: '', DATABASE_URL: '' };

interface Got { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
/** A request on a fresh connection (either worker may take it). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method, agent: false, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const webhook = (payload: unknown) => get('/api/cms/webhook', { 'x-webhook-secret': SECRET, 'content-type': 'application/json' }, 'POST', JSON.stringify(payload));
const health = async () => JSON.parse((await get('/api/health')).body.toString()).result as { build: string; pid: number };

/** Waits until every worker reports `build` (fresh connections reach both; the kernel spreads them). */
async function bothServe(build: string, boundMs: number): Promise<Set<number>> {
  const until = Date.now() + boundMs;
  const pids = new Set<number>();
  let run = 0;
  while (run < 10 && Date.now() < until) {
    const h = await health();
    if (h.build === build) { run++; pids.add(h.pid); } else run = 0;
    if (run < 10) await new Promise((r) => setTimeout(r, 50));
  }
  expect(run).toBe(10);
  return pids;
}

/** Relative paths of the files below a directory. */
const walk = (root: string): string[] => (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
  .filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));

/**
 * What a build serves, file by file: `client/…` (URL path → file: the base build's client directory, for
 * a generation with its withdrawn files removed and its overlay laid over it) and `server/…` (its bundle).
 */
function served(dir: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of walk(path.join(base, 'client'))) m.set(`client/${f}`, path.join(base, 'client', f));
  if (dir !== base) {
    const { removed } = JSON.parse(fs.readFileSync(path.join(dir, 'generation.json'), 'utf8')) as { removed: string[] };
    for (const f of removed) m.delete(`client${f}`);
    for (const f of walk(path.join(dir, 'pages'))) m.set(`client/${f}`, path.join(dir, 'pages', f));
  }
  for (const f of walk(path.join(dir, 'server'))) m.set(`server/${f}`, path.join(dir, 'server', f));
  return m;
}

/** The served files whose bytes differ between two builds (the same files required). */
function differing(a: string, b: string): string[] {
  const va = served(a), vb = served(b);
  expect([...vb.keys()].sort()).toEqual([...va.keys()].sort());
  return [...va.keys()].sort().filter((f) => {
    const fa = va.get(f)!, fb = vb.get(f)!;
    if (fa === fb) return false;
    const sa = fs.statSync(fa), sb = fs.statSync(fb);
    if (sa.ino === sb.ino && sa.dev === sb.dev) return false; // one file (hard link): identical
    return !fs.readFileSync(fa).equals(fs.readFileSync(fb));
  });
}

async function published(job: number): Promise<{ generation: string; status: string; changed: number }> {
  const until = Date.now() + 20_000;
  for (;;) {
    const row = await db.selectFrom('cms_publish').select(['generation', 'status', 'changed', 'error']).where('id', '=', job).executeTakeFirst();
    if (row && (row.status === 'done' || row.status === 'failed')) {
      expect(row.error).toBeNull();
      return { generation: row.generation!, status: row.status, changed: Number(row.changed) };
    }
    if (Date.now() > until) throw new Error(`publish ${job} did not finish: ${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  base = siteFixture();
  cms = await startFakeCms();
  const copy = await privateDatabase();
  drop = copy.drop;
  dbEnv = { SQLITE_FILE: copy.file, DATABASE_URL: copy.url };
  store = fs.mkdtempSync(path.join(os.tmpdir(), 'site-store-'));
  port = await freePort();
  ({ proc, output } = await startServerProcess({
    WORKERS: '2', PORT: String(port), ...dbEnv,
    SITE_DIR: base, SITE_STORE: store, CMS_URL: cms.url, CMS_WEBHOOK_SECRET: SECRET, DEV_TOOLS: '',
  }, 2, { site: true }));
  db = await createDb({ file: copy.file, url: copy.url });
}, 400_000);

afterAll(async () => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  await db?.destroy();
  await cms?.close();
  await drop();
  if (store) fs.rmSync(store, { recursive: true, force: true });
});

const SERVICE = '/de/de/service/';
const QUESTION = 'Wie kann ich bestellen?';
const EDITED = 'Wie bestelle ich rund um die Uhr?';

describe('CMS publish across instances', () => {
  let first = '';

  it('one webhook on one worker: one publish, both workers serve the new page; only the affected page changed', async () => {
    const fixtureBuilt = fs.readFileSync(path.join(base, '.built'), 'utf8').trim();
    expect((await health()).build).toBe(fixtureBuilt);
    expect((await get(SERVICE)).body.toString()).toContain(QUESTION);

    cms.edits.set('faq-bestellung-de', (e) => ({ ...e, question: EDITED }));
    const t = Date.now();
    const hook = await webhook({ event: 'entry.update', model: 'faq', entry: { id: 'faq-bestellung-de', country: '*', language: 'de' } });
    expect(hook.status).toBe(200);
    const { job, affected } = JSON.parse(hook.body.toString()).result;
    expect(affected).toEqual(['/*/de/service']);
    const row = await published(job);
    expect(row.status).toBe('done');
    first = row.generation;
    // both workers switch on the bus notice: stated bound 5 s from the webhook on this small site
    const pids = await bothServe(first, 5000);
    expect(pids.size).toBe(2);
    expect(Date.now() - t).toBeLessThan(5000);

    // exactly one publish: one job row, one generation, one "rendered" log line (two workers ran the job loop)
    expect((await db.selectFrom('cms_publish').select('id').execute()).length).toBe(1);
    expect(fs.readdirSync(store)).toEqual([first]);
    expect(output().match(/\[publish\] \S+ in [\d.]+ s: /g)?.length).toBe(1);

    // every file of the new generation equals the base build's but the affected page and its variants,
    // and the content modules that carry the new entry
    const gen = path.join(store, first);
    const diff = differing(base, gen);
    expect(diff.filter((f) => f.startsWith('client'))).toEqual([
      'client/de/de/service/index.html', 'client/de/de/service/index.html.br', 'client/de/de/service/index.html.gz',
    ]);
    expect(diff.filter((f) => f.startsWith('server')).every((f) => /_astro_data-layer-content/.test(f))).toBe(true);

    // both workers answer the page from the new generation: identity, brotli and gzip alike, CSP from the new body
    const identity = fs.readFileSync(path.join(gen, 'pages/de/de/service/index.html'));
    expect(identity.toString()).toContain(EDITED);
    expect(identity.toString()).not.toContain(QUESTION);
    for (let i = 0; i < 6; i++) {
      const plain = await get(SERVICE);
      expect(plain.body.equals(identity)).toBe(true);
      expect(plain.headers['content-security-policy']).toBe(pageCsp(identity.toString('utf8')));
      const br = await get(SERVICE, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.body).equals(identity)).toBe(true);
      const gz = await get(SERVICE, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).equals(identity)).toBe(true);
    }
  }, 60_000);

  it('a second publish derives from the first generation and changes only its own pages', async () => {
    cms.edits.set('faq-bestellung-de', (e) => ({ ...e, question: `${EDITED} (2)` }));
    const hook = await webhook({ model: 'faq', entry: { id: 'faq-bestellung-de', country: 'de', language: 'de' } });
    const { job } = JSON.parse(hook.body.toString()).result;
    const row = await published(job);
    expect(row.generation).not.toBe(first);
    await bothServe(row.generation, 5000);
    const diff = differing(path.join(store, first), path.join(store, row.generation));
    expect(diff.filter((f) => f.startsWith('client'))).toEqual([
      'client/de/de/service/index.html', 'client/de/de/service/index.html.br', 'client/de/de/service/index.html.gz',
    ]);
    expect((await get(SERVICE)).body.toString()).toContain(`${EDITED} (2)`);
    // an on-demand page of the generation (its own server bundle, in the store outside the checkout)
    // renders with the server's own modules: the search page's first answer comes with it
    const search = await get('/de/de/shop/suche/?q=gips');
    expect(search.status).toBe(200);
    expect(search.body.toString()).not.toContain('sh-skeleton-grid');
    // the first generation stays (a request may still read it); older ones would be pruned
    expect(fs.readdirSync(store).sort()).toEqual([first, row.generation].sort());
  }, 60_000);

  it('an instance that starts later serves the published generation (the pointer in the database)', async () => {
    const last = await db.selectFrom('cms_publish').select('generation').where('status', '=', 'done').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const mainPort = port;
    port = await freePort();
    const started = await startServerProcess({ PORT: String(port), ...dbEnv, SITE_DIR: base, SITE_STORE: store, CMS_WEBHOOK_SECRET: SECRET, DEV_TOOLS: '' }, 1, { site: true });
    try {
      expect((await health()).build).toBe(last.generation);
      expect((await get(SERVICE)).body.toString()).toContain(`${EDITED} (2)`);
    } finally { started.proc.kill('SIGKILL'); port = mainPort; }
  }, 60_000);
});
