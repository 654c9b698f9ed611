// git merge driver for the flat translation files: union of keys, "ours" wins on a changed value.
// Enable: git config merge.jsonunion.driver "node scripts/json-merge.mjs %O %A %B"
import fs from 'node:fs';
const [base, ours, theirs] = process.argv.slice(2).map((f) => { try { return JSON.parse(fs.readFileSync(f, 'utf8')); } catch { return null; } });
if (!ours || !theirs) process.exit(1);
const out = { ...ours };
for (const [k, v] of Object.entries(theirs)) {
  if (!(k in ours)) { if (!base || !(k in base) || base[k] !== v) out[k] = v; }
  else if (base && ours[k] === base[k] && v !== base[k]) out[k] = v;
}
for (const k of Object.keys(ours)) if (base && k in base && !(k in theirs) && ours[k] === base[k]) delete out[k];
const indent = /\n( +)"/.exec(fs.readFileSync(process.argv[3], 'utf8'))?.[1].length ?? 1;
fs.writeFileSync(process.argv[3], JSON.stringify(out, null, indent) + '\n');
