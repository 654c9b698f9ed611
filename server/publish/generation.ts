// One CMS publish: a new site generation derived from the one served now. A generation is small: its own
// server bundle (hard links to the previous one's files, with the fresh content written into its
// content-layer modules) and an overlay `pages/` of the page files that differ from the base build (the
// deployed dist/), carried over from the previous generation as hard links. Every other file is the base
// build's own (site.ts resolves a URL path to the overlay first, then the base). Only the pages the
// changed entries affect are rendered again, with the build's own renderer (server/publish/renderer.ts);
// a page whose bytes did not change is left alone, a changed one is written with new .br/.gz variants.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { compressFile } from '#src/integrations/precompress.ts';
import { ENCODING_SUFFIX, type Encoding } from '../lib/encoding.ts';
import { freshContent, writeContent, type SiteContent } from './content.ts';
import { loadRenderer, type StaticPage } from './renderer.ts';
import { pageFile, pageMatcher, patternCountries } from './pages.ts';
import { linkTree, replaceFile } from './tree.ts';

/** The overlay of a generation: `pages/` below it, and this list of base files it withdraws. */
export const OVERLAY_DIR = 'pages';
export const OVERLAY_INDEX = 'generation.json';
export interface OverlayIndex { removed: string[] }

export interface GenerationResult { rendered: number; changed: string[]; removed: string[]; ms: number; phases: Record<string, number> }

export interface GenerationInput {
  /** the base build (complete: client/ and server/) */
  base: string;
  /** the generation served now (null: the base build itself) */
  from: string | null;
  /** the new generation's directory (must not exist) */
  to: string;
  /** URL paths of every file the served site has now (SiteHost.files) */
  liveFiles: ReadonlySet<string>;
  affected: string[];
  /** the content to render with (default: loaded afresh from the CMS or the data files) */
  content?: SiteContent;
}

export async function readOverlayIndex(dir: string): Promise<OverlayIndex> {
  try { return JSON.parse(await fsp.readFile(path.join(dir, OVERLAY_INDEX), 'utf8')) as OverlayIndex; } catch { return { removed: [] }; }
}

export async function buildGeneration(g: GenerationInput): Promise<GenerationResult> {
  const t = Date.now();
  const phases: Record<string, number> = {};
  let tp = Date.now();
  const phase = (name: string) => { phases[name] = Date.now() - tp; tp = Date.now(); };
  const { base, from, to } = g;
  await fsp.mkdir(to, { recursive: true });
  await linkTree(path.join(from ?? base, 'server'), path.join(to, 'server'));
  if (from && fs.existsSync(path.join(from, OVERLAY_DIR))) await linkTree(path.join(from, OVERLAY_DIR), path.join(to, OVERLAY_DIR));
  const removedBefore = new Set(from ? (await readOverlayIndex(from)).removed : []);
  // the bundles import their packages (react, astro's runtime) by name: from a store outside the
  // project they find them through a link to the project's node_modules
  const modules = nodeModulesOf(base);
  if (modules) await fsp.symlink(modules, path.join(to, 'node_modules'), 'dir');
  phase('link');
  await writeContent(to, g.content ?? await freshContent());
  phase('content');
  const renderer = await loadRenderer(to);
  const pages = await renderer.paths();
  phase('paths');

  const hit = pageMatcher(g.affected);
  const overlay = path.join(to, OVERLAY_DIR);
  /** the bytes a page file has in the served generation (overlay first, then the base build) */
  const current = async (file: string): Promise<Buffer | null> => {
    if (!g.liveFiles.has(file)) return null;
    return (await fsp.readFile(path.join(overlay, file)).catch(() => null)) ?? fsp.readFile(path.join(base, 'client', file)).catch(() => null);
  };
  const todo = pages.filter((p) => hit(p.pathname));
  const changed: string[] = [];
  const render = async (p: StaticPage) => {
    const body = await renderer.render(p);
    if (!body) return;
    const file = pageFile(p.pathname);
    removedBefore.delete(file);
    if ((await current(file))?.equals(body)) return;
    for (const [variant, written] of await writePage(overlay, file, body)) {
      if (written) removedBefore.delete(variant); else if (g.liveFiles.has(variant)) removedBefore.add(variant);
    }
    changed.push(file);
  };
  for (const p of todo) await render(p);
  phase('render');

  // pages the affected patterns no longer produce (an entry withdrawn) go; then the sitemaps list the change
  const produced = new Set(pages.map((p) => pageFile(p.pathname)));
  const removed = [...g.liveFiles].filter((f) => f.endsWith('/index.html') && hit(f.slice(0, -'index.html'.length)) && !produced.has(f));
  for (const f of removed) {
    for (const suffix of ['', ...Object.values(ENCODING_SUFFIX)]) await fsp.rm(path.join(overlay, f + suffix), { force: true });
    removedBefore.add(f);
  }
  if (removed.length || todo.some((p) => !g.liveFiles.has(pageFile(p.pathname)))) {
    const countries = patternCountries(g.affected);
    for (const p of pages.filter((p) => /^\/sitemap/.test(p.pathname))) {
      const c = /^\/sitemap-([a-z]+)\.xml$/.exec(p.pathname)?.[1];
      if (!c || !countries || countries.has(c)) await render(p);
    }
  }
  await fsp.writeFile(path.join(to, OVERLAY_INDEX), JSON.stringify({ removed: [...removedBefore].sort() } satisfies OverlayIndex));
  phase('finish');
  return { rendered: todo.length, changed, removed, ms: Date.now() - t, phases };
}

/** Publishes one worker thread serves before it is replaced (each leaves a renderer's modules behind). */
const WORKER_RUNS = 5;
/** An idle worker ends after this long (its memory goes back; the next publish starts a new one, ~1.5 s more). */
const WORKER_IDLE_MS = 120_000;

type Reply = { id: number; ok: true; result: GenerationResult } | { id: number; ok: false; error: string };

/**
 * buildGeneration in a worker thread (server/publish/generation-worker.ts), kept warm for the publishes
 * that follow and replaced after WORKER_RUNS of them or WORKER_IDLE_MS without one.
 */
export class GenerationWorker {
  private worker: Worker | null = null;
  private runs = 0;
  private idle: NodeJS.Timeout | null = null;
  private waiting = new Map<number, { resolve: (r: GenerationResult) => void; reject: (e: Error) => void }>();
  private next = 0;

  build = (g: GenerationInput): Promise<GenerationResult> => {
    if (g.content) return Promise.reject(new Error('content cannot be handed to the worker'));
    if (this.idle) clearTimeout(this.idle);
    if (!this.worker || this.runs >= WORKER_RUNS) this.start();
    this.runs++;
    const id = ++this.next;
    return new Promise<GenerationResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker!.postMessage({ id, input: { ...g, liveFiles: [...g.liveFiles] } });
    }).finally(() => {
      this.idle = setTimeout(() => this.stop(), WORKER_IDLE_MS);
      this.idle.unref();
    });
  };

  private start(): void {
    void this.stop();
    const worker = new Worker(new URL('./generation-worker.ts', import.meta.url));
    worker.unref();
    worker.on('message', (m: Reply) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve(m.result); else w?.reject(new Error(m.error));
    });
    const fail = (e: Error) => {
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`publish worker ended with ${code}`)));
    this.worker = worker;
    this.runs = 0;
  }

  async stop(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w && this.waiting.size === 0) await w.terminate();
  }
}

/**
 * A changed page into the overlay with its precompressed variants (a variant only when smaller, as the
 * build does); which variants were written (an unwritten one must not be served from the base either).
 */
async function writePage(overlay: string, file: string, body: Buffer): Promise<[string, boolean][]> {
  const out: [string, boolean][] = [];
  for (const [enc, suffix] of Object.entries(ENCODING_SUFFIX)) {
    const data = await compressFile(enc as Encoding, body, false);
    const written = data.length < body.length;
    if (written) await replaceFile(path.join(overlay, file + suffix), data);
    else await fsp.rm(path.join(overlay, file + suffix), { force: true });
    out.push([file + suffix, written]);
  }
  await replaceFile(path.join(overlay, file), body);
  return out;
}

/** The node_modules directory the packages of the build in `dir` resolve from (nearest one up the tree). */
function nodeModulesOf(dir: string): string | null {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const nm = path.join(d, 'node_modules');
    if (fs.existsSync(nm)) return fs.realpathSync(nm);
    if (path.dirname(d) === d) return null;
  }
}
