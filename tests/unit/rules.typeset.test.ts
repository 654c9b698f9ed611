import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typeset } from '../../src/lib/rules/typeset.ts';

const NB = '\u00a0';
const shown = (s: string) => s.replaceAll(NB, '⍽');

describe('typeset: spaces a line must not break at', () => {
  it('keeps a number with its unit or symbol', () => {
    expect(shown(typeset('10 % Sofortrabatt bis 12 Uhr, Rand 3 mm, ab 170 EUR', 'de'))).toBe('10⍽% Sofortrabatt bis 12⍽Uhr, Rand 3⍽mm, ab 170⍽EUR');
    expect(shown(typeset('7:30 am to 6:00 pm', 'en'))).toBe('7:30⍽am to 6:00⍽pm');
    expect(shown(typeset('do 31 stycznia 2027 r.', 'pl'))).toBe('do 31 stycznia 2027⍽r.');
    expect(shown(typeset('TVA {{percent}} % sur {{base}}', 'fr'))).toBe('TVA {{percent}}⍽% sur {{base}}');
  });
  it('keeps a catalogue designation\'s sizes and counts together', () => {
    expect(shown(typeset('Trennscheibe Ø 25 mm 0,15 mm 25 Stk', 'de'))).toBe('Trennscheibe Ø 25⍽mm 0,15⍽mm 25⍽Stk');
    expect(shown(typeset('Vollgarnitur 28 Zähne C1, Opaque D3 4 g', 'de'))).toBe('Vollgarnitur 28⍽Zähne C1, Opaque D3 4⍽g');
    expect(shown(typeset('garniture complète 28 dents, bloc 5 pcs', 'fr'))).toBe('garniture complète 28⍽dents, bloc 5⍽pcs');
    expect(shown(typeset('6 zębów, 10 szt.', 'pl'))).toBe('6⍽zębów, 10⍽szt.');
  });
  it('leaves a word that only starts like a unit, and other languages\' units', () => {
    expect(typeset('2 hours, 5 grams, 4 Garnituren, 3 dentists', 'en')).toBe('2 hours, 5 grams, 4 Garnituren, 3 dentists');
    expect(typeset('Schritt 1 am Montag', 'de')).toBe('Schritt 1 am Montag');
  });
  it('French: no break before : ; ! ? » and after «', () => {
    expect(shown(typeset('Total : 12 €. Déjà client ? Oui ! « Zircone »', 'fr'))).toBe('Total⍽: 12⍽€. Déjà client⍽? Oui⍽! «⍽Zircone⍽»');
    expect(typeset('Total : 12', 'de')).toBe('Total : 12');
    expect(typeset('https://example.fr/?a=1', 'fr')).toBe('https://example.fr/?a=1');
  });
  it('is idempotent', () => {
    const once = typeset('Heure limite : la veille à 16 h', 'fr');
    expect(shown(once)).toBe('Heure limite⍽: la veille à 16⍽h');
    expect(typeset(once, 'fr')).toBe(once);
  });
  it('every translation is typeset (else run npm run typeset:locales)', () => {
    const dir = path.join(import.meta.dirname, '../../src/i18n/locales');
    const untypeset: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const lang = path.basename(file, '.json');
      for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>)) {
        if (typeset(v, lang) !== v) untypeset.push(`${lang} ${k}: ${v}`);
      }
    }
    expect(untypeset).toEqual([]);
  });
});
