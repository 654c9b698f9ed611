// The pricing function in integer cents: parts add up exactly, discounts spread without a lost cent.
import { describe, expect, it } from 'vitest';
import { priceSummary, spread } from '../../server/lib/money.ts';

const DE = { country: 'DE', reverseCharge: false, rates: { standard: 19, reduced: 7 } };

describe('money', () => {
  it('spreads cents by weight with the largest remainder: the parts add up', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(5, [2999, 1])).toEqual([5, 0]);
    expect(spread(0, [1, 2])).toEqual([0, 0]);
  });

  it('prices without float drift (0.1 + 0.2) and rounds VAT per rate', () => {
    const s = priceSummary({
      currency: 'EUR', rules: [], benefit: null, shipping: { method: 'standard', amount: 0.2 }, vat: DE,
      lines: [{ artnr: 'A', bezeichnung: 'a', menge: 3, unit: 0.1, katId: 1, vatClass: 'standard' }],
    });
    expect(s).toMatchObject({ subtotal: 0.3, net: 0.5, vat: [{ percent: 19, base: 0.5, amount: 0.1 }], gross: 0.6 });
  });

  it('takes the promotion per line, the percent code on the rest, spreads it over the rates; shipping at the standard rate', () => {
    const s = priceSummary({
      currency: 'EUR', shipping: { method: 'express', amount: 14.9 }, vat: DE,
      rules: [{ promotionId: 1, name: 'Winter', katId: 301, percent: 10 }],
      benefit: { code: 'X10', kind: 'percent', percent: 10 },
      lines: [
        { artnr: 'K', bezeichnung: 'Keramik', menge: 1, unit: 100, katId: 301, vatClass: 'standard' },
        { artnr: 'B', bezeichnung: 'Buch', menge: 1, unit: 10, katId: 1, vatClass: 'reduced' },
      ],
    });
    expect(s.discounts).toEqual([
      { kind: 'promotion', label: 'Winter', percent: 10, amount: 10 },
      { kind: 'percent', label: 'X10', percent: 10, amount: 10 },
    ]);
    // goods after promotion 100 (90 + 10): the code's 10 € split 9 € / 1 €
    expect(s.vat).toEqual([{ percent: 19, base: 95.9, amount: 18.22 }, { percent: 7, base: 9, amount: 0.63 }]);
    expect(s.net).toBe(104.9);
    expect(s.gross).toBe(123.75);
  });

  it('caps an instant discount at the goods value and shows the gift at 0; reverse charge has no VAT', () => {
    const s = priceSummary({
      currency: 'EUR', rules: [], benefit: { code: 'SOFORT5', kind: 'instant', amount: 5 }, shipping: { method: 'abholung', amount: 0 },
      vat: { country: 'DK', reverseCharge: true, rates: { standard: 25, reduced: 25 } },
      lines: [
        { artnr: 'A', bezeichnung: 'a', menge: 1, unit: 3, katId: 1, vatClass: 'standard' },
        { artnr: 'G', bezeichnung: 'gift', menge: 1, unit: 9, katId: 1, vatClass: 'standard', gift: true },
      ],
    });
    expect(s.lines[1]).toMatchObject({ gift: true, unit: 0, net: 0 });
    expect(s.discounts).toEqual([{ kind: 'instant', label: 'SOFORT5', percent: null, amount: 3 }]);
    expect(s).toMatchObject({ net: 0, vat: [], vatTotal: 0, gross: 0, reverseCharge: true });
  });
});
