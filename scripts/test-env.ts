// What `npm test` needs besides Node and npm, brought by the test command itself: the tools the tests
// read PDFs and ZIPs with, Chromium for the browser journeys and PostgreSQL for the second API run. Missing ones are installed through apt-get
// when running as root on Debian/Ubuntu; otherwise the exact command to run is printed and the part
// that needs it fails clearly. PostgreSQL runs as a throw-away cluster in a temporary directory
// (own port, trust auth, no fsync), stopped and removed when the tests end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** The machine as these checks see it (tests/unit/test-env.test.ts replaces it). */
export interface System {
  isRoot: boolean;
  has: (cmd: string) => boolean;
  exists: (file: string) => boolean;
  /** apt-get with arguments; true on success */
  apt: (args: string[]) => boolean;
  env: Record<string, string | undefined>;
}

export const realSystem: System = {
  isRoot: process.getuid?.() === 0,
  has: (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0,
  exists: (file) => fs.existsSync(file),
  apt: (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0,
  env: process.env,
};

const log = (m: string) => console.log(`[test] ${m}`);

const aptUpdated = new WeakSet<System>();
/** apt-get install as root; false when that is not possible here. */
function aptInstall(sys: System, pkgs: string[]): boolean {
  if (!sys.isRoot || !sys.has('apt-get')) return false;
  log(`installing ${pkgs.join(', ')} (apt-get)…`);
  if (!aptUpdated.has(sys)) { sys.apt(['update', '-qq']); aptUpdated.add(sys); }
  return sys.apt(['install', '-y', '-qq', ...pkgs]);
}

function howTo(sys: System, what: string, pkg: string, alternative: string): string {
  return `${what} is missing and cannot be installed from here (${sys.isRoot ? 'no apt-get' : 'not root'}). Run\n`
    + `    sudo apt-get install -y ${pkg}\n  (Debian/Ubuntu) and then npm test again, ${alternative}`;
}

// ---- command-line readers: the tests check the shop's PDFs as text and pictures and open its ZIPs ----

/** Each tool the tests run, by its path, and the Debian package that brings it. */
const TOOLS: Record<string, string> = {
  '/usr/bin/pdftotext': 'poppler-utils',
  '/usr/bin/pdftoppm': 'poppler-utils',
  '/usr/bin/unzip': 'unzip',
};

/** pdftotext, pdftoppm and unzip, installed through apt-get when missing; else the command to run. */
export function ensureTools(sys: System = realSystem): { ok: true } | { error: string } {
  const missingPkgs = () => [...new Set(Object.entries(TOOLS).filter(([file]) => !sys.exists(file)).map(([, pkg]) => pkg))];
  const pkgs = missingPkgs();
  if (pkgs.length === 0 || (aptInstall(sys, pkgs) && missingPkgs().length === 0)) return { ok: true };
  return { error: howTo(sys, 'The PDF and ZIP readers of the tests', missingPkgs().join(' '), 'or put pdftotext, pdftoppm and unzip in /usr/bin.') };
}

// ---- Chromium (Playwright launches Debian's chromium: its own browser download cannot work here) ----

function findChromium(sys: System): string | null {
  const given = sys.env.CHROMIUM_PATH;
  if (given) return sys.exists(given) ? given : null;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (sys.exists(p)) return p;
  return null;
}

/** The browser's path (for playwright.config.ts as CHROMIUM_PATH), or an explanation. */
export function ensureChromium(sys: System = realSystem): { path: string } | { error: string } {
  let found = findChromium(sys);
  if (!found && !sys.env.CHROMIUM_PATH && aptInstall(sys, ['chromium'])) found = findChromium(sys);
  if (found) return { path: found };
  return { error: sys.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${sys.env.CHROMIUM_PATH} does not exist.`
    : howTo(sys, 'Chromium (browser tests)', 'chromium', 'or set CHROMIUM_PATH to a Chromium binary.') };
}

// ---- PostgreSQL (the scale-out engine: the API tests run on it a second time) ----

function pgBin(sys: System): string | null {
  const root = '/usr/lib/postgresql';
  if (!sys.exists(root)) return null;
  const ver = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(a) - Number(b)).pop();
  return ver ? path.join(root, ver, 'bin') : null;
}

export interface PgCluster { url: string; stop: () => void }

/**
 * TEST_DATABASE_URL when given; else a fresh cluster of the installed (or now installed) PostgreSQL.
 * As root the server runs as the `postgres` user (it refuses root).
 */
export function ensurePostgres(sys: System = realSystem): PgCluster | { error: string } {
  if (sys.env.TEST_DATABASE_URL) return { url: sys.env.TEST_DATABASE_URL, stop: () => {} };
  let bin = pgBin(sys);
  if (!bin && aptInstall(sys, ['postgresql'])) bin = pgBin(sys);
  if (!bin) return { error: howTo(sys, 'PostgreSQL (second API run)', 'postgresql', 'or set TEST_DATABASE_URL=postgres://user:pass@host:port/postgres (a superuser).') };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  let asUser: string[] = [];
  if (sys.isRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      return { error: 'PostgreSQL is installed but there is no postgres user to run it as (the server refuses root).' };
    }
    fs.chownSync(dir, Number(id.stdout), Number(gid.stdout));
    asUser = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (cmd: string, args: string[]) => {
    const full = [...asUser, path.join(bin!, cmd), ...args];
    return spawnSync(full[0]!, full.slice(1), { encoding: 'utf8' });
  };
  const data = path.join(dir, 'data');
  const fail = (error: string) => { fs.rmSync(dir, { recursive: true, force: true }); return { error }; };
  const init = run('initdb', ['-D', data, '-A', 'trust', '-U', 'shop_test', '--no-sync', '-E', 'UTF8', '--locale=C']);
  if (init.status !== 0) return fail(`initdb failed:\n${init.stderr}`);
  // a random high port; another one when it is taken
  let port = 0, start: ReturnType<typeof run> | null = null;
  for (let attempt = 0; attempt < 3 && start?.status !== 0; attempt++) {
    port = 20000 + Math.floor(Math.random() * 20000);
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    start = run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  }
  if (start?.status !== 0) {
    const serverLog = path.join(dir, 'server.log');
    return fail(`PostgreSQL did not start:\n${start?.stderr ?? ''}${fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8') : ''}`);
  }
  log(`PostgreSQL ${path.basename(path.dirname(bin))}: throw-away cluster on port ${port}`);
  return {
    url: `postgres://shop_test@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- nginx (the load-balancer test runs two instances behind the repository's deploy/nginx.conf) ----

const NGINX_BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** nginx with its brotli module; false (with a note: the load-balancer test is then skipped) when missing. */
export function ensureNginx(sys: System = realSystem): boolean {
  const ready = () => sys.exists('/usr/sbin/nginx') && sys.exists(NGINX_BROTLI);
  if (ready() || (aptInstall(sys, ['nginx', 'libnginx-mod-http-brotli-static']) && ready())) return true;
  log(`nginx is missing: the load-balancer test is skipped (sudo apt-get install -y nginx libnginx-mod-http-brotli-static)`);
  return false;
}
