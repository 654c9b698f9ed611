// npm run typeset:locales: writes no-break spaces into the translation files where src/lib/rules/typeset.ts
// wants them (a number and its unit, French punctuation), so translators can type plain spaces;
// tests/unit/rules.typeset.test.ts fails until this has been run.
import fs from 'node:fs';
import path from 'node:path';
import { typeset } from '../src/lib/rules/typeset.ts';

const dir = path.join(import.meta.dirname, '../src/i18n/locales');
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const lang = path.basename(file, '.json');
  const messages = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
  let changed = 0;
  for (const [k, v] of Object.entries(messages)) {
    const t = typeset(v, lang);
    if (t !== v) { messages[k] = t; changed++; }
  }
  if (changed) fs.writeFileSync(path.join(dir, file), `${JSON.stringify(messages, null, 1)}\n`);
  console.log(`${file}: ${changed} message(s) typeset`);
}
