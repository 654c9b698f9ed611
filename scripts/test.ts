// `npm test`: the type check, vitest (unit + API), then Playwright (browser journeys), one closing summary line.
import './node-check.ts';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const only = process.argv.slice(2);
const want = (k: string) => only.length === 0 || only.includes(k);
fs.mkdirSync('test-results', { recursive: true });
let passed = 0, failed = 0, skipped = 0, exit = 0;

function run(cmd: string, args: string[]): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --disable-warning=ExperimentalWarning`.trim() } });
  return r.status ?? 1;
}

// the whole project type-checks (strict) before anything runs
if (want('types')) {
  const code = run('npm', ['run', '--silent', 'typecheck']); // astro sync (content types), then tsc
  if (code !== 0) { failed += 1; exit = code; } else passed += 1;
}

if (want('unit')) {
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);
  try {
    const j = JSON.parse(fs.readFileSync('test-results/vitest.json', 'utf8'));
    passed += j.numPassedTests; failed += j.numFailedTests; skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    // a file that fails to load has no tests, but it is a failure
    failed += j.testResults.filter((r: { status: string; assertionResults: unknown[] }) => r.status === 'failed' && r.assertionResults.length === 0).length;
  } catch { failed += 1; }
  if (code !== 0) exit = code;
}

if (want('e2e') && fs.readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'))) {
  const code = run('npx', ['playwright', 'test']);
  try {
    const j = JSON.parse(fs.readFileSync('test-results/playwright.json', 'utf8'));
    passed += j.stats.expected + j.stats.flaky; failed += j.stats.unexpected; skipped += j.stats.skipped;
    failed += (j.errors ?? []).length; // e.g. the web server did not start
  } catch { failed += 1; }
  if (code !== 0) exit = code;
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
