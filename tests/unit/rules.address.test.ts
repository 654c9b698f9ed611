import { describe, expect, it } from 'vitest';
import { addressLines, countryName } from '../../src/lib/rules/address.ts';

describe('addressLines', () => {
  const a = { firma_name: 'Zahntechnik Keller GmbH', zusatz1: 'Filiale Altona', zusatz2: '', ansprechpartner: 'Anna Keller', strasse: 'Ottenser Hauptstraße 5', plz: '22765', ort: 'Hamburg', land_iso2: 'DE' };

  it('names the country in the reader\'s language, not by its code', () => {
    expect(addressLines(a, 'de').at(-1)).toBe('Deutschland');
    expect(addressLines(a, 'pl').at(-1)).toBe('Niemcy');
    expect(addressLines(a, 'fr').at(-1)).toBe('Allemagne');
    expect(addressLines({ ...a, land_iso2: 'dk' }, 'it').at(-1)).toBe('Danimarca');
  });

  it('keeps every filled line in letter order and leaves the empty ones out', () => {
    expect(addressLines({ ...a, zusatz2: 'Hinterhof' }, 'de')).toEqual(
      ['Zahntechnik Keller GmbH', 'Filiale Altona', 'Hinterhof', 'Anna Keller', 'Ottenser Hauptstraße 5', '22765 Hamburg', 'Deutschland']);
    expect(addressLines({ firma_name: 'Labor', strasse: 'Weg 1', plz: '', ort: 'Bremen', land_iso2: null }, 'en')).toEqual(['Labor', 'Weg 1', 'Bremen']);
  });

  it('shows what it cannot name as it is', () => {
    expect(countryName('XK', 'de')).toBe('Kosovo');
    expect(countryName('Q1', 'de')).toBe('Q1');
    expect(countryName('DE', 'zz-invalid-')).toBe('DE');
  });
});
