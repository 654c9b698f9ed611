// Reference data (countries, currencies, companies, product groups, makers, name languages) lives in
// src/data/reference/, read by the site build and by the seed: the site never reaches into the seed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRIES as SITE_COUNTRIES } from '../../src/data/countries.ts';
import { PRODUCT_GROUPS } from '../../src/data/productGroups.ts';
import { COUNTRIES } from '../../src/data/reference/countries.ts';
import { GROUPS } from '../../src/data/reference/groups.ts';

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx|astro|mjs)$/.test(e.name)) yield p;
  }
}

/** Import specifiers of a source text that lead into server/seed/ (relative or by alias). */
function seedImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g)]
    .map((m) => (m[1] ?? m[2])!)
    .filter((s) => s.startsWith('#server/seed/') || (s.startsWith('.') && path.resolve(path.dirname(file), s).startsWith(path.resolve('server/seed') + path.sep)));
}

describe('reference data', () => {
  it('no file under src/ imports from server/seed/', () => {
    const offenders = [...sources('src')].flatMap((f) => seedImports(f).map((s) => `${f}: ${s}`));
    expect(offenders).toEqual([]);
  });

  it('the site reads the same tables the seed writes', () => {
    expect(SITE_COUNTRIES.map((c) => c.lndnr)).toEqual(COUNTRIES.map((c) => c.lndnr));
    for (const g of PRODUCT_GROUPS) expect(GROUPS.some((x) => x.pg === g.pg)).toBe(true);
  });
});
