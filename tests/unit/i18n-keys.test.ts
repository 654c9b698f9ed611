// One set of texts (issue 10): every key of de.json exists, non-empty and with the same {{params}},
// in all nine languages; every key the code names — t('…') in pages, islands and server, the error
// keys the API answers and the rules' error catalogue — exists in the locale files; no mapping
// table between API error keys and message keys comes back.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, isErrorKey } from '../../src/lib/rules/constants.ts';
import { UI_LANGUAGES } from '../../src/i18n/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const locale = (l: string) => JSON.parse(fs.readFileSync(path.join(root, 'src/i18n/locales', `${l}.json`), 'utf8')) as Record<string, string>;
const de = locale('de');
const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;
const known = (k: string) => k in de || `${k}_other` in de || `${k}_one` in de;

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) { if (e.name !== 'locales' && e.name !== 'node_modules') sources(rel, out); }
    else if (/\.(tsx?|astro)$/.test(e.name)) out.push(rel);
  }
  return out;
}
const code = [...sources('src'), ...sources('server')].map((f) => ({ f, s: fs.readFileSync(path.join(root, f), 'utf8') }));

/** Literal keys handed to a translate function or to an error-text helper. */
const T_CALL = /\b(?:t|tNow\([^)]*\)|errorMessage\(\s*t\s*,|portalError\(\s*t\s*,|zahnErrorText\(\s*t\s*,)\(?\s*'([a-z][a-z0-9_.]*)'/g;
/** Error keys the server answers: ApiError and its helpers, and zod messages that become the key. */
const API_KEY = /\b(?:badRequest|conflict|forbidden|notFound|unauthorized|new ApiError)\(\s*(?:\d+\s*,\s*)?'([a-z][a-z0-9_]*)'/g;

describe('locale files', () => {
  for (const l of UI_LANGUAGES.filter((x) => x !== 'de')) {
    it(`${l}.json has every key of de.json, non-empty, with the same {{params}}, and no other key`, () => {
      const file = locale(l);
      const missing = Object.keys(de).filter((k) => typeof file[k] !== 'string' || !file[k]!.trim());
      const extra = Object.keys(file).filter((k) => !(k in de));
      const params_ = Object.keys(de).filter((k) => file[k] && params(file[k]!).join() !== params(de[k]!).join());
      expect({ missing, extra, params: params_ }).toEqual({ missing: [], extra: [], params: [] });
    });
  }
  it('German texts are non-empty', () => {
    expect(Object.keys(de).filter((k) => !de[k]!.trim())).toEqual([]);
  });
});

describe('keys named in code exist', () => {
  it("every t('…') key of pages, islands and server", () => {
    const missing = code.flatMap(({ f, s }) => [...s.matchAll(T_CALL)].map((m) => m[1]!).filter((k) => !known(k)).map((k) => `${f}: ${k}`));
    expect(missing).toEqual([]);
  });
  it('every error key of the rules catalogue (what errorMessage shows)', () => {
    expect(ERROR_KEYS.filter((k) => !known(k))).toEqual([]);
  });
  it('the server throws keys, never a text: the answer\'s message comes from the locale files', () => {
    const texts = code.filter(({ f }) => f.startsWith('server'))
      .flatMap(({ f, s }) => [...s.matchAll(/\b(?:badRequest|conflict|forbidden|notFound|unauthorized|new ApiError)\(\s*(?:\d+\s*,\s*)?'[a-z][a-z0-9_]*'\s*,\s*\{[^{}]*\bmessage\s*:/g)].map((m) => `${f}: ${m[0]}`));
    expect(texts).toEqual([]);
  });
  it('every error key the server throws', () => {
    const missing = code.filter(({ f }) => f.startsWith('server'))
      .flatMap(({ f, s }) => [...s.matchAll(API_KEY)].map((m) => m[1]!).filter((k) => !known(k)).map((k) => `${f}: ${k}`));
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('one spelling per key', () => {
  it('no table maps API error keys to other message keys', () => {
    // a map entry `api_key: 'other_key'` where both sides are message/error keys is an alias
    const aliases = code.filter(({ f }) => !f.startsWith('server'))
      .flatMap(({ f, s }) => [...s.matchAll(/^\s*'?([a-z][a-z0-9_]*)'?\s*:\s*'([a-z][a-z0-9_.]*)',?\s*$/gm)]
        .filter((m) => m[1] !== m[2] && known(m[2]!) && (known(m[1]!) || isErrorKey(m[1]!))).map((m) => `${f}: ${m[1]} → ${m[2]}`));
    expect(aliases).toEqual([]);
  });
  it('no German or English text is keyed twice under two error spellings', () => {
    const dups = Object.keys(de).filter((k) => !PLURAL.test(k) && /^(error_|login_error_|register_error_)/.test(k) && k.replace(/^(error_|login_error_|register_error_)/, '') in de);
    expect(dups).toEqual([]);
  });
});
