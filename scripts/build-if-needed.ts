// Builds the Astro site when dist/ is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time in a file or directory tree. */
export function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

/** When the site's sources last changed (src, public, astro.config.mjs). */
export function newestSource(): number {
  return Math.max(newest(path.join(root, 'src')), newest(path.join(root, 'public')), newest(path.join(root, 'astro.config.mjs')));
}

export function buildIfNeeded(force = false): void {
  // SITE_DIR: the server hosts a build made elsewhere (bench:site, API-only runs); dist/ is not its concern
  if (process.env.SITE_DIR && path.resolve(root, process.env.SITE_DIR) !== path.join(root, 'dist')) return;
  const stamp = path.join(root, 'dist', '.built');
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const src = newestSource();
  if (!force && built > src) return;
  console.log('[shop] building the site (astro build)…');
  // the stamp carries the build's start: a source saved while the build ran is newer and builds again next time
  const started = new Date();
  const r = spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stamp, started.toISOString());
  fs.utimesSync(stamp, started, started);
}
