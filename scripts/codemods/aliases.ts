// Codemod: deep relative imports become the package.json `imports` aliases (#rules/*, #server/* …).
// A specifier is rewritten when it climbs three or more folders (`../../../x`) or crosses between
// src/ and server/; the alias is the one whose folder holds the target most closely (#rules before
// #lib before #src). The alias table is read from package.json, so adding an alias there is enough.
// Run from the repository root: `node scripts/codemods/aliases.ts [--check]` (--check: list, write nothing).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = process.cwd();
const ROOTS = ['src', 'server', 'tests', 'scripts', 'bench'];
const EXT = /\.(ts|tsx|mts|js|mjs|astro)$/;
// a module specifier after `from`, `import`, `import(`, `export … from`, `vi.mock(` / `vi.importActual(`
const SPEC = /(\bfrom\s*|\bimport\s*\(?\s*|\bvi\.(?:mock|importActual|doMock)\(\s*)(['"])(\.\.\/[^'"]+)\2/g;

interface Alias { key: string; dir: string }

/** The package.json `imports` patterns `#name/*` → `./folder/*`, most specific folder first. */
export function loadAliases(pkgFile = path.join(ROOT, 'package.json')): Alias[] {
  const imports = (JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { imports?: Record<string, string> }).imports ?? {};
  return Object.entries(imports)
    .filter(([k, v]) => k.endsWith('/*') && v.startsWith('./') && v.endsWith('/*'))
    .map(([k, v]) => ({ key: k.slice(0, -1), dir: path.normalize(v.slice(2, -2)) }))
    .sort((a, b) => b.dir.length - a.dir.length);
}

const area = (rel: string) => rel.split(path.sep)[0];

/** The alias spelling of `spec` imported from `file` (both relative to the root), or null to keep it. */
export function rewrite(file: string, spec: string, aliases: Alias[]): string | null {
  const ups = (spec.match(/^(?:\.\.\/)+/)?.[0].length ?? 0) / 3;
  const target = path.normalize(path.join(path.dirname(file), spec));
  const crossing = new Set([area(file), area(target)]);
  if (ups < 3 && !(crossing.has('src') && crossing.has('server'))) return null;
  const a = aliases.find((x) => target.startsWith(x.dir + path.sep));
  return a ? a.key + target.slice(a.dir.length + 1).split(path.sep).join('/') : null;
}

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (EXT.test(e.name)) yield p;
  }
}

/** Rewrites one source text; the new text and how many specifiers changed. */
export function transform(file: string, text: string, aliases: Alias[]): { text: string; changed: number } {
  let changed = 0;
  const out = text.replace(SPEC, (m, lead: string, q: string, spec: string) => {
    const to = rewrite(file, spec, aliases);
    if (!to) return m;
    changed++;
    return `${lead}${q}${to}${q}`;
  });
  return { text: out, changed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const aliases = loadAliases();
  let total = 0, touched = 0;
  for (const r of ROOTS.filter((d) => fs.existsSync(d))) {
    for (const f of files(r)) {
      const text = fs.readFileSync(f, 'utf8');
      const { text: out, changed } = transform(f, text, aliases);
      if (!changed) continue;
      total += changed; touched++;
      if (check) console.log(`${f}: ${changed}`);
      else fs.writeFileSync(f, out);
    }
  }
  console.log(`${check ? 'would rewrite' : 'rewrote'} ${total} imports in ${touched} files`);
  if (check && total > 0) process.exitCode = 1;
}
