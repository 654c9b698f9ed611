import { describe, it, expect } from 'vitest';
import { packSize, parsePackSize } from '../../src/lib/rules/packSize.ts';
import { supportedLanguages } from '../../src/lib/rules/locale.ts';
import { renderGeb } from '../../server/seed/i18n.ts';

// every notation the seeded catalogue stores (articles.gebinde): counted units, measures, multipacks
const STORED = ['1 Stk', '5 Stk', '100 Stk', '1 Z', '6 Z', '8 Z', '28 Z', '3 Pkg', '2.5 g', '50 g', '1 kg', '250 ml', '1 l', '4x5 kg', '80x160 g'];

describe('pack size (Gebinde) in the customer\'s language', () => {
  it('reads the catalogue notation', () => {
    expect(parsePackSize('28 Z')).toEqual({ times: null, qty: 28, unit: 'Z' });
    expect(parsePackSize('80x160 g')).toEqual({ times: 80, qty: 160, unit: 'g' });
    expect(parsePackSize('2.5 g')).toEqual({ times: null, qty: 2.5, unit: 'g' });
    expect(parsePackSize('Beutel')).toBeNull();
  });

  it('names counted units in the language, with its plural', () => {
    expect(packSize('6 Z', 'fr')).toBe('6\u00a0dents');
    expect(packSize('1 Z', 'fr')).toBe('1\u00a0dent');
    expect(packSize('28 Z', 'en')).toBe('28\u00a0teeth');
    expect(packSize('6 Z', 'de')).toBe('6\u00a0Zähne');
    expect(packSize('2 Z', 'pl')).toBe('2\u00a0zęby');
    expect(packSize('6 Z', 'pl')).toBe('6\u00a0zębów');
    expect(packSize('1 Stk', 'fr')).toBe('1\u00a0pièce');
    expect(packSize('5 Stk', 'es')).toBe('5\u00a0uds.');
    expect(packSize('5 Stk', 'de')).toBe('5\u00a0Stk');
    expect(packSize('3 Pkg', 'it')).toBe('3\u00a0confezioni');
  });

  it('keeps units of measure and writes the language\'s decimal separator', () => {
    expect(packSize('2.5 g', 'de')).toBe('2,5\u00a0g');
    expect(packSize('2.5 g', 'en')).toBe('2.5\u00a0g');
    expect(packSize('250 ml', 'nl')).toBe('250\u00a0ml');
    expect(packSize('4x5 kg', 'fr')).toBe('4\u00a0× 5\u00a0kg');
  });

  it('shows an unknown notation as stored, nothing for none; another language reads English', () => {
    expect(packSize('Beutel à 10', 'fr')).toBe('Beutel à 10');
    expect(packSize('', 'fr')).toBe('');
    expect(packSize(undefined, 'fr')).toBe('');
    expect(packSize('6 Z', 'hu')).toBe('6\u00a0teeth');
  });

  it('leaves no German unit word in any other interface language of either brand', () => {
    const langs = new Set([...supportedLanguages(1), ...supportedLanguages(3)].filter((l) => l !== 'de'));
    for (const lang of langs) for (const g of STORED) expect(packSize(g, lang), `${g} ${lang}`).not.toMatch(/\b(Stk|Z|Pkg)\b|Zähne|Zahn/);
  });

  it('the seed writes its texts from the same notation', () => {
    expect(renderGeb('28 Z', 'fr')).toBe('garniture de 28 dents');
    expect(renderGeb('2.5 g', 'de')).toBe('2,5 g');
    expect(renderGeb('4x5 kg', 'en')).toBe('4 x 5 kg');
  });
});
