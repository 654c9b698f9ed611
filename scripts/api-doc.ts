// Writes the call tables of docs/API.md (between the route markers) from the route definitions, so
// the document lists exactly what the server serves. `npm run docs:api`.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../server/config.ts';
import { allRoutes } from '../server/modules/index.ts';

const FILE = path.join(ROOT, 'docs', 'API.md');
const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';

const byTag = new Map<string, string[]>();
for (const r of allRoutes) {
  const what = (r.summary ?? '').split(/(?<=[a-z)])[.;] /)[0]!.replace(/\|/g, '/');
  const rows = byTag.get(r.tag) ?? [];
  rows.push(`| ${r.method.toUpperCase()} | \`${r.path}\` | ${r.access} | ${what} |`);
  byTag.set(r.tag, rows);
}
const tables = [...byTag].map(([tag, rows]) =>
  `### ${tag}\n\n| method | path (under \`/api\`) | access | what |\n|---|---|---|---|\n${rows.join('\n')}\n`).join('\n');

const doc = fs.readFileSync(FILE, 'utf8');
const i = doc.indexOf(START), j = doc.indexOf(END);
if (i < 0 || j < i) throw new Error(`${FILE}: route markers missing`);
fs.writeFileSync(FILE, `${doc.slice(0, i + START.length)}\n${tables}${doc.slice(j)}`);
console.log(`docs/API.md: ${allRoutes.length} calls in ${byTag.size} groups`);
