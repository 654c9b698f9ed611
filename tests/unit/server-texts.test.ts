// The texts the server writes (mails, PDFs, CSV headers) come from the nine locale files: every key
// exists in every language with the same placeholders, every key the server code asks for exists, and
// no server module keeps its own dictionary of texts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../../src/i18n/languages.ts';
import { localeKeys, serverLanguage, serverT } from '../../src/i18n/server.ts';
import { VERSANDARTEN, ZAHLUNGSARTEN } from '../../server/modules/checkout/methods.ts';
import { DOC_TYPES } from '../../server/modules/documents.ts';
import { SERVICE_TYPES } from '../../src/api/form-schemas.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const file = (lang: string) => JSON.parse(fs.readFileSync(path.join(ROOT, `src/i18n/locales/${lang}.json`), 'utf8')) as Record<string, string>;
const SERVER_NAMESPACES = /^(mail|pdf|csv)\./;
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)(?:, ?\w+)?\}\}/g)].map((m) => m[1]).sort();

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Literal keys passed to a translate function in the server's code: t('mail.order.subject'). */
function keysUsedByServer(): string[] {
  const out = new Set<string>();
  for (const f of [...tsFiles(path.join(ROOT, 'server')), path.join(ROOT, 'src/i18n/server.ts')]) {
    if (f.includes(`${path.sep}seed${path.sep}`)) continue;
    const src = fs.readFileSync(f, 'utf8');
    if (!src.includes('serverT')) continue;
    for (const m of src.matchAll(/\bt\(\s*'([a-z][\w]*(?:\.[\w]+)+)'/g)) out.add(m[1]!);
    // keys named in column lists ('csv.lot', 'mdr.col_expiry' …)
    for (const m of src.matchAll(/'((?:mail|pdf|csv|mdr|scanner|form|label|checkout)\.[\w.]+)'/g)) out.add(m[1]!);
  }
  return [...out];
}

describe('server texts in the locale files', () => {
  const de = file('de');
  const serverKeys = Object.keys(de).filter((k) => SERVER_NAMESPACES.test(k));

  it('there are mail., pdf. and csv. keys', () => {
    for (const ns of ['mail.', 'pdf.', 'csv.']) expect(serverKeys.some((k) => k.startsWith(ns))).toBe(true);
  });

  it.each(UI_LANGUAGES)('every mail./pdf./csv. key exists in %s, filled, with the same placeholders as German', (lang) => {
    const f = file(lang);
    const missing = serverKeys.filter((k) => typeof f[k] !== 'string' || f[k]!.trim() === '');
    expect(missing).toEqual([]);
    const extra = Object.keys(f).filter((k) => SERVER_NAMESPACES.test(k) && !(k in de));
    expect(extra).toEqual([]);
    const differ = serverKeys.filter((k) => placeholders(f[k]!).join() !== placeholders(de[k]!).join());
    expect(differ).toEqual([]);
  });

  it('sentences are translated, not copies of the English', () => {
    const en = file('en');
    for (const lang of UI_LANGUAGES.filter((l) => l !== 'en')) {
      const f = file(lang);
      const copied = serverKeys.filter((k) => en[k]!.length > 20 && f[k] === en[k]);
      expect([lang, copied]).toEqual([lang, []]);
    }
  });

  it('every key the server code asks for exists in all nine languages', () => {
    const used = [
      ...keysUsedByServer(),
      ...[...VERSANDARTEN, ...ZAHLUNGSARTEN].map((id) => `checkout.method.${id}`),
      ...DOC_TYPES.map((typ) => `pdf.doc.${typ}`),
      ...SERVICE_TYPES.map((typ) => `form.${typ}`),
      ...['verify', 'reset'].flatMap((k) => [`mail.${k}.subject`, `mail.${k}.text`]),
    ];
    expect(used.length).toBeGreaterThan(100);
    for (const lang of UI_LANGUAGES) {
      const keys = new Set(localeKeys(lang));
      expect([lang, used.filter((k) => !keys.has(k))]).toEqual([lang, []]);
    }
  });

  it('serverT fills placeholders, falls back to German for a missing key and to English for an unknown language', () => {
    expect(serverT('fr')('mail.order.subject', { auftrag: 4711 })).toBe('Votre commande 4711');
    expect(serverT('pl')('mail.order.subject', { auftrag: 4711 })).toBe('Państwa zamówienie 4711');
    expect(serverLanguage('sv')).toBe('en');
    expect(serverT('sv')('mail.order.subject', { auftrag: 1 })).toBe('Your order 1');
    const unknownKey: string = 'no.such.key'; // a computed key (typed keys refuse the literal)
    expect(serverT('de')(unknownKey)).toBe('no.such.key');
  });

  it('no server module keeps its own dictionary of mail or document texts', () => {
    const offenders = tsFiles(path.join(ROOT, 'server')).filter((f) => !f.includes(`${path.sep}seed${path.sep}`))
      .filter((f) => /Guten Tag|Vielen Dank|Rechnungsbetrag|Zwischensumme|Lieferadresse|'Etiketten'/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
