import { describe, it, expect } from 'vitest';
import {
  BASKET_LETTERS, DEFAULT_COUNTRY, DEFAULT_CURRENCY, DEFAULT_LANGUAGE, DEFAULT_LOCALE, LANGUAGE_ISO3, SUB_USER_COLOURS,
  basketLetter, cartCounterStyle, formatDay, colourFor, currencyForCountry, formatPrice, languageIso3, localeFor, resolveLanguage,
  supportedLanguages,
} from '../../src/lib/rules/locale.ts';
import { SUB_USER_COLOUR_COUNT } from '../../src/lib/rules/constants.ts';

// Intl separates with no-break spaces; compare with plain spaces
const plain = (s: string) => s.replace(/[\u00A0\u202F]/g, ' ');

describe('language codes', () => {
  it('basket letters', () => {
    expect(BASKET_LETTERS).toEqual({ de: 'D', en: 'E', fr: 'F', es: 'S', it: 'I', hu: 'U', cs: 'C', pl: 'P', nl: 'N' });
    expect(basketLetter('es')).toBe('S');
    expect(basketLetter('hu')).toBe('U');
    expect(basketLetter('DE')).toBe('D');
    expect(basketLetter(' cs ')).toBe('C');
  });
  it('ISO3 codes', () => {
    expect(LANGUAGE_ISO3).toEqual({ de: 'DEU', en: 'ENU', fr: 'FRA', es: 'ESP', it: 'ITA', hu: 'HUN', cs: 'CSY', pl: 'PLK', nl: 'NLD' });
    expect(languageIso3('en')).toBe('ENU');
    expect(languageIso3('CS')).toBe('CSY');
    expect(languageIso3('pl')).toBe('PLK');
  });
  it('unknown languages fall back to en', () => {
    expect(basketLetter('ru')).toBe('E');
    expect(basketLetter(null)).toBe('E');
    expect(languageIso3('xx')).toBe('ENU');
    expect(languageIso3(undefined)).toBe('ENU');
  });
});

describe('interface languages per brand', () => {
  it('default brand: de en fr es it nl pl', () => {
    expect([...supportedLanguages(1)].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl']);
    expect(supportedLanguages(0)).toEqual(supportedLanguages(1));
    expect(supportedLanguages(null)).toEqual(supportedLanguages(1));
  });
  it('isLS (company 3): de en fr es it', () => {
    expect([...supportedLanguages(3)].sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
    expect(supportedLanguages('3')).toEqual(supportedLanguages(3));
  });
  it('unsupported → en; missing → de', () => {
    expect(resolveLanguage('nl', 1)).toBe('nl');
    expect(resolveLanguage('PL', 1)).toBe('pl');
    expect(resolveLanguage('nl', 3)).toBe('en');
    expect(resolveLanguage('pl', 3)).toBe('en');
    expect(resolveLanguage('fr', 3)).toBe('fr');
    expect(resolveLanguage('hu', 1)).toBe('en');
    expect(resolveLanguage('cs', 1)).toBe('en');
    expect(resolveLanguage('ru', 1)).toBe('en');
    expect(resolveLanguage('', 1)).toBe('de');
    expect(resolveLanguage(null, 3)).toBe('de');
  });
});

describe('defaults', () => {
  it('de / de / de-DE / EUR', () => {
    expect(DEFAULT_LANGUAGE).toBe('de');
    expect(DEFAULT_COUNTRY).toBe('de');
    expect(DEFAULT_LOCALE).toBe('de-DE');
    expect(DEFAULT_CURRENCY).toBe('EUR');
  });
});

describe('currency per country', () => {
  it('CH CHF, CZ CZK, HU HUF, PL PLN, else EUR', () => {
    expect(currencyForCountry('ch')).toBe('CHF');
    expect(currencyForCountry('CZ')).toBe('CZK');
    expect(currencyForCountry('hu')).toBe('HUF');
    expect(currencyForCountry('pl')).toBe('PLN');
    for (const c of ['de', 'AT', 'fr', 'it', 'es', 'nl', '', null, undefined]) expect(currencyForCountry(c), String(c)).toBe('EUR');
  });
});

describe('localeFor', () => {
  it('language-COUNTRY', () => {
    expect(localeFor('de', 'de')).toBe('de-DE');
    expect(localeFor('ch', 'de')).toBe('de-CH');
    expect(localeFor('CH', 'FR')).toBe('fr-CH');
    expect(localeFor('cz', 'cs')).toBe('cs-CZ');
    expect(localeFor('at', 'en')).toBe('en-AT');
  });
  it('falls back to de / DE for missing or malformed parts', () => {
    expect(localeFor(null, null)).toBe('de-DE');
    expect(localeFor('fr', '')).toBe('de-FR');
    expect(localeFor('', 'it')).toBe('it-DE');
    expect(localeFor('deu', 'x1')).toBe('de-DE');
  });
  it('every supported combination is a valid BCP 47 locale', () => {
    for (const c of ['de', 'at', 'ch', 'cz', 'hu', 'pl', 'nl', 'fr', 'it', 'es']) {
      for (const l of Object.keys(BASKET_LETTERS)) {
        expect(() => new Intl.NumberFormat(localeFor(c, l))).not.toThrow();
      }
    }
  });
});

describe('formatPrice', () => {
  it('formats with Intl', () => {
    expect(plain(formatPrice(1234.5))).toBe('1.234,50 €');
    expect(plain(formatPrice(1234.5, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(plain(formatPrice(0.5, 'EUR', 'en-DE'))).toContain('0.50');
    expect(plain(formatPrice(1234.5, 'CZK', 'cs-CZ'))).toBe('1 234,50 Kč');
    expect(plain(formatPrice(1234, 'HUF', 'hu-HU'))).toContain('Ft');
    expect(plain(formatPrice(12, 'CHF', 'de-CH'))).toContain('CHF');
    expect(plain(formatPrice(12, 'PLN', 'pl-PL'))).toContain('zł');
    // the country's sign in every interface language
    expect(plain(formatPrice(1234.5, 'CZK', 'de-CZ'))).toBe('1.234,50 Kč');
    expect(plain(formatPrice(1234, 'HUF', 'en-HU'))).toContain('Ft');
    expect(plain(formatPrice(12, 'PLN', 'fr-PL'))).toContain('zł');
  });
  it('falls back to the plain amount plus currency code when Intl throws', () => {
    expect(formatPrice(1234.5, 'EURO', 'de-DE')).toBe('1234.50 EURO');
    expect(formatPrice(12, 'EUR', 'not a locale!')).toBe('12.00 EUR');
    expect(formatPrice(Number.NaN, 'XY')).toBe('NaN XY');
  });
  it('is repeatable (cached formatters)', () => {
    expect(formatPrice(1, 'EUR', 'de-DE')).toBe(formatPrice(1, 'EUR', 'de-DE'));
  });
});

describe('cart counter style', () => {
  it('single under 10, multi otherwise', () => {
    expect(cartCounterStyle(0)).toBe('single');
    expect(cartCounterStyle(9)).toBe('single');
    expect(cartCounterStyle(10)).toBe('multi');
    expect(cartCounterStyle(123)).toBe('multi');
  });
});

describe('sub-user colours', () => {
  const lin = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  const luminance = (hex: string) => {
    const n = parseInt(hex.slice(1), 16);
    return 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  };

  it('11 distinct hex colours, each readable on white (≥ 4.5:1)', () => {
    expect(SUB_USER_COLOURS).toHaveLength(11);
    expect(SUB_USER_COLOURS).toHaveLength(SUB_USER_COLOUR_COUNT);
    expect(new Set(SUB_USER_COLOURS.map((c) => c.toLowerCase())).size).toBe(11);
    for (const c of SUB_USER_COLOURS) {
      expect(c).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(1.05 / (luminance(c) + 0.05), c).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('cycles', () => {
    expect(colourFor(0)).toBe(SUB_USER_COLOURS[0]);
    expect(colourFor(10)).toBe(SUB_USER_COLOURS[10]);
    expect(colourFor(11)).toBe(SUB_USER_COLOURS[0]);
    expect(colourFor(23)).toBe(SUB_USER_COLOURS[1]);
    expect(colourFor(-1)).toBe(SUB_USER_COLOURS[10]);
    expect(colourFor(2.7)).toBe(SUB_USER_COLOURS[2]);
    expect(colourFor(Number.NaN)).toBe(SUB_USER_COLOURS[0]);
  });
});

describe('formatDay', () => {
  it('writes a day as the language does, English keeps ISO', () => {
    expect(formatDay('2026-12-01', 'de')).toBe('01.12.2026');
    expect(formatDay('2026-12-01T09:30:00Z', 'fr')).toBe('01/12/2026');
    expect(formatDay('2026-12-01', 'en')).toBe('2026-12-01');
    expect(formatDay('2026-12-01', 'hu')).toMatch(/^2026\. ?12\. ?01\.$/);
  });
  it('takes the short form a form accepts, leaves what is no day alone', () => {
    expect(formatDay('2026-12-1', 'de')).toBe('01.12.2026');
    expect(formatDay('2026-12-1', 'en')).toBe('2026-12-01');
    expect(formatDay('morgen', 'de')).toBe('morgen');
  });
});
