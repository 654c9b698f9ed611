// The linter of `npm test` (biome.json) really runs the rules it promises: the React hooks rules
// (rules-of-hooks, exhaustive-deps), unused code, `==` only against null, no switch fallthrough,
// and a suppression must name its rule and say why. Probe files are linted with the project's config.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const probes: Record<string, string> = {
  'conditional-hook.tsx': `import { useState } from 'react';\nexport function P({ a }: { a: boolean }) { if (a) { const [x] = useState(0); return x; } return 0; }\n`,
  'missing-dep.tsx': `import { useEffect } from 'react';\nexport function P({ id }: { id: number }) { useEffect(() => { console.log(id); }, []); return null; }\n`,
  'extra-trigger.tsx': `import { useEffect } from 'react';\nexport function P({ id, user }: { id: number; user: number }) { useEffect(() => { console.log(id); }, [id, user]); return null; }\n`,
  'suppressed.tsx': `import { useEffect } from 'react';\nexport function P({ id }: { id: number }) {\n  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only\n  useEffect(() => { console.log(id); }, []);\n  return null;\n}\n`,
  'unused-import.ts': `import { a } from './a.ts';\nexport const b = 1;\n`,
  'unused-var.ts': `export function f() { const x = 1; return 2; }\n`,
  'loose-equal.ts': `export const f = (a: unknown, b: unknown) => a == b;\n`,
  'null-equal.ts': `export const f = (a: unknown) => a == null;\n`,
  // .astro: the frontmatter is linted knowing what the template uses
  'Probe.astro': `---\nimport Used from './Used.astro';\nimport Unused from './Unused.astro';\nconst { a, b } = Astro.props;\nconst same = a == b;\n---\n<Used />\n<p>{same ? 'x' : 'y'}</p>\n`,
  'fallthrough.ts': `export function f(a: number) { let r = 0; switch (a) { case 1: r = 1; case 2: r = 2; break; } return r; }\n`,
};
// inside src/ (removed afterwards) so that biome.json's `files.includes` takes every probe kind, .astro too
const dir = path.join('src', `.lint-probe-${process.pid}`);
const found: Record<string, string[]> = {};

beforeAll(() => {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, src] of Object.entries(probes)) fs.writeFileSync(path.join(dir, name), src);
  const r = spawnSync('npx', ['biome', 'lint', '--reporter=json', '--max-diagnostics=none', dir], { encoding: 'utf8' });
  const out = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { diagnostics: { category: string; location: { path: string } }[] };
  for (const d of out.diagnostics) (found[path.basename(d.location.path)] ??= []).push(d.category);
}, 30_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const of = (name: string) => found[name] ?? [];

describe('lint rules', () => {
  it('a hook called conditionally is an error (rules-of-hooks)', () => {
    expect(of('conditional-hook.tsx')).toContain('lint/correctness/useHookAtTopLevel');
  });

  it('an effect missing a dependency is an error (exhaustive-deps); an extra trigger is not', () => {
    expect(of('missing-dep.tsx')).toContain('lint/correctness/useExhaustiveDependencies');
    expect(of('extra-trigger.tsx')).toEqual([]);
  });

  it('a suppression that names its rule and reason silences it', () => {
    expect(of('suppressed.tsx')).toEqual([]);
  });

  it('unused imports and variables, == other than against null and switch fallthrough are errors', () => {
    expect(of('unused-import.ts')).toContain('lint/correctness/noUnusedImports');
    expect(of('unused-var.ts')).toContain('lint/correctness/noUnusedVariables');
    expect(of('loose-equal.ts')).toContain('lint/suspicious/noDoubleEquals');
    expect(of('null-equal.ts')).toEqual([]);
    expect(of('fallthrough.ts')).toContain('lint/suspicious/noFallthroughSwitchClause');
  });

  it('an .astro frontmatter is linted with its template in view', () => {
    expect(of('Probe.astro').sort()).toEqual(['lint/correctness/noUnusedImports', 'lint/suspicious/noDoubleEquals']);
  });
});
