// One CMS publish: a new site generation derived from the live one. It starts as hard links to every
// file of the live generation, gets the fresh content, and only the pages the changed entries affect are
// rendered again with the build's own renderer (server/publish/renderer.ts); a page whose bytes did not
// change stays the very same file. Changed pages get new .br/.gz variants (as the build writes them).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { compressFile } from '../../src/integrations/precompress.ts';
import { ENCODING_SUFFIX } from '../lib/encoding.ts';
import { freshContent, writeContent, type SiteContent } from './content.ts';
import { loadRenderer, type StaticPage } from './renderer.ts';
import { pageFile, pageMatcher, patternCountries } from './pages.ts';
import { linkTree, replaceFile } from './tree.ts';

export interface GenerationResult { rendered: number; changed: string[]; removed: string[]; ms: number }

/**
 * Renders `affected` into a new generation `to` derived from the complete build `from` (`to` must not
 * exist). `content`: the content to render with (default: loaded afresh from the CMS or the data files).
 */
export async function buildGeneration(from: string, to: string, affected: string[], content?: SiteContent): Promise<GenerationResult> {
  const t = Date.now();
  await linkTree(from, to);
  await fsp.rm(path.join(to, '.built'), { force: true });
  // the bundles import their packages (react, astro's runtime) by name: from a store outside the
  // project they find them through a link to the project's node_modules
  const modules = nodeModulesOf(from);
  if (modules && !fs.existsSync(path.join(to, 'node_modules'))) await fsp.symlink(modules, path.join(to, 'node_modules'), 'dir');
  await writeContent(to, content ?? await freshContent());
  const renderer = await loadRenderer(to);
  const pages = await renderer.paths();
  const hit = pageMatcher(affected);
  const client = path.join(to, 'client');
  const todo = pages.filter((p) => hit(p.pathname));
  const changed: string[] = [];
  const render = async (p: StaticPage) => {
    const body = await renderer.render(p);
    if (!body) return;
    const file = path.join(client, pageFile(p.pathname));
    const old = await fsp.readFile(file).catch(() => null);
    if (old?.equals(body)) return;
    await writePage(file, body);
    changed.push(pageFile(p.pathname));
  };
  for (const p of todo) await render(p);

  // pages the affected patterns no longer produce (an entry withdrawn) go; then the sitemaps list the change
  const live = new Set(pages.map((p) => pageFile(p.pathname)));
  const removed = (await pageFiles(client)).filter((f) => hit(f.replace(/index\.html$/, '')) && !live.has(f));
  for (const f of removed) await removePage(path.join(client, f));
  if (removed.length || todo.some((p) => !fs.existsSync(path.join(from, 'client', pageFile(p.pathname))))) {
    const countries = patternCountries(affected);
    for (const p of pages.filter((p) => /^\/sitemap/.test(p.pathname))) {
      const c = /^\/sitemap-([a-z]+)\.xml$/.exec(p.pathname)?.[1];
      if (!c || !countries || countries.has(c)) await render(p);
    }
  }
  return { rendered: todo.length, changed, removed, ms: Date.now() - t };
}

/** A changed page with its precompressed variants (a variant only when smaller, as the build does). */
async function writePage(file: string, body: Buffer): Promise<void> {
  for (const [enc, suffix] of Object.entries(ENCODING_SUFFIX)) {
    const out = await compressFile(enc as keyof typeof ENCODING_SUFFIX, body, false);
    if (out.length < body.length) await replaceFile(file + suffix, out);
    else await fsp.rm(file + suffix, { force: true });
  }
  // the identity file last: StaticFiles offers a variant only when the page itself is listed
  await replaceFile(file, body);
}

/** The node_modules directory the packages of the build in `dir` resolve from (nearest one up the tree). */
function nodeModulesOf(dir: string): string | null {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const nm = path.join(d, 'node_modules');
    if (fs.existsSync(nm)) return fs.realpathSync(nm);
    if (path.dirname(d) === d) return null;
  }
}

async function removePage(file: string): Promise<void> {
  for (const suffix of ['', ...Object.values(ENCODING_SUFFIX)]) await fsp.rm(file + suffix, { force: true });
}

/** The page files (index.html) below the client directory, as URL paths. */
async function pageFiles(client: string): Promise<string[]> {
  const entries = await fsp.readdir(client, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => `/${path.relative(client, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`);
}
