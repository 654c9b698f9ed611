// A small real site build for the publish tests: `astro build` of one country (SITE_COUNTRIES=de) into
// dist-test-site/, made once and reused while it is newer than the sources (about 20 s to make).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, NODE } from './server-process.ts';
import { newestSource } from '../../scripts/build-if-needed.ts';

export const FIXTURE_DIR = path.join(ROOT, 'dist-test-site');

export function siteFixture(): string {
  const stamp = path.join(FIXTURE_DIR, '.built');
  const src = newestSource();
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs > src) return FIXTURE_DIR;
  const r = spawnSync(NODE, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', FIXTURE_DIR], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, SITE_COUNTRIES: 'de', FORCE_COLOR: '0' }, timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`fixture build failed: ${r.stderr?.toString().slice(-2000)}`);
  fs.writeFileSync(stamp, `fixture ${new Date().toISOString()}`);
  return FIXTURE_DIR;
}
