// `npm test`: the linter (Biome ~1 s, knip ~5 s), the type check, vitest (unit + API on SQLite, then the API tests on PostgreSQL), then
// Playwright (browser journeys), one closing summary line. What the runs need besides Node and npm
// (Chromium, PostgreSQL) is brought by test-env.ts. `npm test -- unit e2e` runs only those parts
// (lint, types, unit, pg, e2e).
import './node-check.ts';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureNginx, ensurePostgres, ensureTools } from './test-env.ts';

const only = process.argv.slice(2);
const want = (k: string) => only.length === 0 || only.includes(k);
fs.mkdirSync('test-results', { recursive: true });
let passed = 0, failed = 0, skipped = 0, exit = 0;
/** The names of what failed, repeated after the summary: a CI log is often read from its tail only. */
const failures: string[] = [];

function run(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --disable-warning=ExperimentalWarning`.trim() } });
  return r.status ?? 1;
}

/** One vitest run; its JSON report adds to the totals (a file that fails to load counts as a failure). */
function vitest(name: string, args: string[], env: Record<string, string> = {}): void {
  const out = `test-results/${name}.json`;
  const code = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  try {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests; failed += j.numFailedTests; skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    for (const file of j.testResults as VitestFile[]) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      if (file.status === 'failed' && file.assertionResults.length === 0) { failed += 1; failures.push(`${name}: ${where} (did not load)`); }
      for (const a of file.assertionResults) if (a.status === 'failed') failures.push(`${name}: ${where} › ${a.fullName}`);
    }
  } catch { failed += 1; failures.push(`${name}: no report`); }
  if (code !== 0) exit = code;
}

type VitestFile = { name: string; status: string; assertionResults: { status: string; fullName: string }[] };
type PlaywrightSuite = { title: string; suites?: PlaywrightSuite[]; specs?: { title: string; file: string; line: number; tests: { status: string }[] }[] };

/** The failed specs of a Playwright JSON report, as file:line › title. */
function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((s) => [
    ...(s.specs ?? []).filter((sp) => sp.tests.some((t) => t.status === 'unexpected')).map((sp) => `e2e: ${sp.file}:${sp.line} › ${sp.title}`),
    ...playwrightFailures(s.suites ?? []),
  ]);
}

// the linter (biome.json: React hooks rules, unused code, == only against null, no fallthrough …),
// then knip (knip.jsonc: no dead file, export or type), then no deep relative import (#aliases instead)
if (want('lint')) {
  for (const script of ['lint', 'knip', 'lint:imports']) {
    const code = run('npm', ['run', '--silent', script]);
    if (code !== 0) { failed += 1; exit = code; failures.push(`npm run ${script}`); } else passed += 1;
  }
}

// the whole project type-checks (strict) before anything runs
if (want('types')) {
  const code = run('npm', ['run', '--silent', 'typecheck']); // astro sync (content types), then tsc
  if (code !== 0) { failed += 1; exit = code; failures.push('npm run typecheck'); } else passed += 1;
}

/** A prerequisite that could not be provided: its explanation, and the part counts as failed. */
function missing(error: string): void {
  console.error(`\n[test] ${error}\n`);
  failed += 1; exit ||= 1; failures.push(error);
}

// the API tests and the journeys read the shop's PDFs (pdftotext, pdftoppm) and ZIPs (unzip)
if (want('unit') || want('pg') || want('e2e')) {
  const tools = ensureTools();
  if ('error' in tools) missing(tools.error);
}

// unit and API tests on the embedded SQLite
if (want('unit')) vitest('vitest', [], { TEST_DATABASE_URL: '' });

// the API tests once more on PostgreSQL (the scale-out engine): TEST_DATABASE_URL, else a throw-away cluster
if (want('pg')) {
  const pg = ensurePostgres();
  if ('error' in pg) missing(pg.error);
  else {
    ensureNginx();
    try { vitest('vitest-pg', ['tests/api'], { TEST_DATABASE_URL: pg.url }); } finally { pg.stop(); }
  }
}

const chromium = want('e2e') && fs.readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts')) ? ensureChromium() : null;
if (chromium && 'error' in chromium) missing(chromium.error);
else if (chromium) {
  const code = run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium.path });
  try {
    const j = JSON.parse(fs.readFileSync('test-results/playwright.json', 'utf8'));
    passed += j.stats.expected + j.stats.flaky; failed += j.stats.unexpected; skipped += j.stats.skipped;
    failed += (j.errors ?? []).length; // e.g. the web server did not start
    failures.push(...playwrightFailures(j.suites ?? []), ...(j.errors ?? []).map((e: { message?: string }) => `e2e: ${(e.message ?? '').split('\n')[0]}`));
  } catch { failed += 1; failures.push('e2e: no report'); }
  if (code !== 0) exit = code;
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
