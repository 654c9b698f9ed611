// Astro integration: after a build, writes a brotli (.br) and a gzip (.gz) variant next to every
// compressible file of the client output, so the server answers with bytes compressed once at build
// time (server/static-files.ts) instead of compressing per request. Hashed assets (/_astro, immutable)
// get the strongest settings; the ~14,000 pages a fast brotli level that is within 1 % of it at a
// fraction of the time. A page whose bytes equal the live build's copies that build's variants
// (a CMS rebuild changes a handful of pages).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { COMPRESSIBLE_EXTENSIONS, ENCODING_SUFFIX, type Encoding } from '#server/lib/encoding.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressStats { files: number; compressed: number; reused: number; ms: number }

/** One variant of a file: brotli (quality 11 for hashed assets, 6 for pages) or gzip 9. */
export async function compressFile(enc: Encoding, data: Buffer, strong: boolean): Promise<Buffer> {
  if (enc === 'gzip') return gzip(data, { level: 9 });
  return brotli(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: strong ? 11 : 6,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  } });
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && COMPRESSIBLE_EXTENSIONS.has(path.extname(e.name)))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Reuses the live build's variants of an identical file; false when there are none to reuse. */
async function reuse(file: string, data: Buffer, target: string): Promise<boolean> {
  const prev = await fsp.readFile(file).catch(() => null);
  if (!prev || !prev.equals(data)) return false;
  const variants = Object.values(ENCODING_SUFFIX).filter((s) => fs.existsSync(file + s));
  if (!variants.length) return false;
  for (const s of variants) await fsp.copyFile(file + s, target + s);
  return true;
}

/**
 * Writes the .br and .gz variants of every compressible file below `dir` (a variant only when it is
 * smaller than the file). `reuseFrom`: the live client directory whose variants identical files reuse.
 */
export async function precompressDir(dir: string, opts: { reuseFrom?: string; concurrency?: number } = {}): Promise<PrecompressStats> {
  const t = Date.now();
  const files = await compressibleFiles(dir);
  const stats: PrecompressStats = { files: files.length, compressed: 0, reused: 0, ms: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++]!;
      const file = path.join(dir, rel);
      const data = await fsp.readFile(file);
      if (opts.reuseFrom && await reuse(path.join(opts.reuseFrom, rel), data, file)) { stats.reused++; continue; }
      const strong = rel.startsWith(`_astro${path.sep}`);
      for (const enc of Object.keys(ENCODING_SUFFIX) as Encoding[]) {
        const out = await compressFile(enc, data, strong);
        if (out.length < data.length) await fsp.writeFile(file + ENCODING_SUFFIX[enc], out);
      }
      stats.compressed++;
    }
  };
  // zlib's async calls run on libuv's thread pool (4 threads): a few files in flight keep it busy
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  stats.ms = Date.now() - t;
  return stats;
}

export default function precompress(): AstroIntegration {
  let root = '';
  return {
    name: 'shop:precompress',
    hooks: {
      'astro:config:done': ({ config }) => { root = fileURLToPath(config.root); },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const live = path.join(root, 'dist', 'client');
        const stats = await precompressDir(out, { reuseFrom: path.resolve(out) !== path.resolve(live) && fs.existsSync(live) ? live : undefined });
        logger.info(`${stats.compressed} files compressed (br, gzip), ${stats.reused} reused from the live build in ${(stats.ms / 1000).toFixed(1)} s`);
      },
    },
  };
}
