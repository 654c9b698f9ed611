import { describe, it, expect } from 'vitest';
import { parseScan } from '../../src/lib/codes/index.ts';
import {
  centuryYear,
  gs1CheckDigit,
  gs1Date,
  isValidGtin,
  parseGs1,
  parseGs1DigitalLink,
} from '../../src/lib/codes/gs1.ts';
import { hibcCheckChar, isValidHibcCheck, parseHibc } from '../../src/lib/codes/hibc.ts';

const GS = '\u001d';
// Fixed reference date so the two-digit-year century rule is deterministic.
const now = new Date('2025-06-15T12:00:00Z');
const opts = { now };

/** Appends the modulo-43 check character (HIBC test data is built, not copied). */
const withCheck = (data: string): string => data + hibcCheckChar(data);

describe('GS1 check digit', () => {
  it('computes the General Specifications example 952123454321 → 3', () => {
    expect(gs1CheckDigit('952123454321')).toBe('3');
    expect(gs1CheckDigit('0952123454321')).toBe('3'); // GTIN-14 form, leading zero is neutral
  });
  it('computes the SSCC example', () => {
    expect(gs1CheckDigit('10614141123456789')).toBe('7');
  });
  it('validates GTIN-8/12/13/14', () => {
    expect(isValidGtin('9521234543213')).toBe(true);
    expect(isValidGtin('09521234543213')).toBe(true);
    expect(isValidGtin('9521234543214')).toBe(false);
    expect(isValidGtin('95212345432')).toBe(false); // 11 digits is no GTIN length
    expect(isValidGtin('96385074')).toBe(true);
  });
});

describe('GS1 dates (section 7.12)', () => {
  it('applies the century window around the current year', () => {
    expect(centuryYear(25, now)).toBe(2025);
    expect(centuryYear(75, now)).toBe(2075); // 50 ahead: still this century
    expect(centuryYear(76, now)).toBe(1976); // 51 ahead: previous century
    expect(centuryYear(99, now)).toBe(1999);
    expect(centuryYear(0, now)).toBe(2000);
    expect(centuryYear(10, new Date('2099-01-01T00:00:00Z'))).toBe(2110); // 89 behind: next century
    expect(centuryYear(49, new Date('2099-01-01T00:00:00Z'))).toBe(2149); // 50 behind: next century
    expect(centuryYear(50, new Date('2099-01-01T00:00:00Z'))).toBe(2050); // 49 behind: this century
  });
  it('converts YYMMDD to ISO, DD=00 being the last day of the month', () => {
    expect(gs1Date('160408', now)).toBe('2016-04-08');
    expect(gs1Date('250400', now)).toBe('2025-04-30');
    expect(gs1Date('240200', now)).toBe('2024-02-29');
    expect(gs1Date('250200', now)).toBe('2025-02-28');
    expect(gs1Date('991231', now)).toBe('1999-12-31');
  });
  it('rejects impossible dates', () => {
    expect(gs1Date('251301', now)).toBeUndefined();
    expect(gs1Date('250231', now)).toBeUndefined();
    expect(gs1Date('250001', now)).toBeUndefined();
    expect(gs1Date('25123', now)).toBeUndefined();
  });
});

describe('parseGs1', () => {
  it('reads the human-readable bracket form', () => {
    const r = parseGs1('(01)09521234543213(17)160408(10)A1B2C3', opts);
    expect(r.valid).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.gtin).toBe('09521234543213');
    expect(r.expiry).toBe('2016-04-08');
    expect(r.lot).toBe('A1B2C3');
    expect(r.ais).toEqual({ '01': '09521234543213', '17': '160408', '10': 'A1B2C3' });
  });

  it('tolerates HRI spacing in the bracket form', () => {
    const r = parseGs1('(01) 09521234543213 (10) A1B2C3 (21) 12345', opts);
    expect(r.valid).toBe(true);
    expect(r.lot).toBe('A1B2C3');
    expect(r.serial).toBe('12345');
  });

  it('reads a GS1 DataMatrix string with ]d2 and FNC1 (GS) after variable-length fields', () => {
    const r = parseGs1(`]d201095212345432131716040810A1B2C3${GS}2112345XYZ`, opts);
    expect(r.symbology).toBe(']d2');
    expect(r.valid).toBe(true);
    expect(r.gtin).toBe('09521234543213');
    expect(r.expiry).toBe('2016-04-08');
    expect(r.lot).toBe('A1B2C3');
    expect(r.serial).toBe('12345XYZ');
    expect(r.elements.map((e) => e.ai)).toEqual(['01', '17', '10', '21']);
  });

  it('needs no separator after predefined-length AIs, but one after variable-length AIs', () => {
    // GS1-128 (]C1): lot first, so it must be terminated by FNC1 before the expiry date.
    const r = parseGs1(`]C1010952123454321310ABC${GS}1716040811150101`, opts);
    expect(r.valid).toBe(true);
    expect(r.lot).toBe('ABC');
    expect(r.expiry).toBe('2016-04-08');
    expect(r.production).toBe('2015-01-01');
    // Without the separator everything after "10" belongs to the lot.
    const s = parseGs1(']C1010952123454321310ABC17160408', opts);
    expect(s.lot).toBe('ABC17160408');
    expect(s.expiry).toBeUndefined();
  });

  it('accepts a leading GS for FNC1 in first position and ignores trailing CR/LF', () => {
    const r = parseGs1(`${GS}0109521234543213${GS}10LOT1\r\n`, opts);
    expect(r.valid).toBe(true);
    expect(r.lot).toBe('LOT1');
  });

  it('reads GS1 QR (]Q3) and DataBar (]e0) data with a trade measure', () => {
    const q = parseGs1(`]Q3010952123454321310A1${GS}17250100`, opts);
    expect(q.symbology).toBe(']Q3');
    expect(q.expiry).toBe('2025-01-31');
    const e = parseGs1(']e001095212345432133103001750', opts);
    expect(e.valid).toBe(true);
    expect(e.ais['3103']).toBe('001750');
    expect(e.quantity).toBe(1.75);
    expect(e.unit).toBe('kg');
  });

  it('supports the listed AIs with their fixed and variable lengths', () => {
    const data =
      `(00)106141411234567897(02)09521234543213(37)12(20)07(22)CPV-1(13)250101(15)250301(16)250201` +
      `(240)REF.4711(241)KD-99(30)5(8020)PAYREF01(90)INT(91)COMPANY91(99)X(7003)2512312359(11)240100`;
    const r = parseGs1(data, opts);
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.manufacturerArtnr).toBe('REF.4711');
    expect(r.ais['241']).toBe('KD-99');
    expect(r.ais['8020']).toBe('PAYREF01');
    expect(r.ais['99']).toBe('X');
    expect(r.expiry).toBe('2025-12-31'); // from 7003, as there is no AI 17
    expect(r.production).toBe('2024-01-31');
    expect(r.quantity).toBe(5); // AI 30 wins over AI 37
  });

  it('parses the same AIs from a raw FNC1 string', () => {
    const raw = `]C100106141411234567897${GS}240REF.4711${GS}3712${GS}7003251231235920078020PAYREF01`;
    const r = parseGs1(raw, opts);
    expect(r.errors).toEqual([]);
    expect(r.ais).toEqual({
      '00': '106141411234567897',
      '240': 'REF.4711',
      '37': '12',
      '7003': '2512312359',
      '20': '07',
      '8020': 'PAYREF01',
    });
    expect(r.quantity).toBe(12);
  });

  it('reports a wrong GTIN check digit without throwing', () => {
    const r = parseGs1('(01)09521234543214(10)A1', opts);
    expect(r.valid).toBe(false);
    expect(r.errors).toContain('check_digit');
    expect(r.gtin).toBe('09521234543214');
    expect(r.lot).toBe('A1');
  });

  it('reports truncated, malformed and empty data', () => {
    expect(parseGs1(']d20109521234', opts).errors).toContain('truncated');
    expect(parseGs1(']d2010952123454321317', opts).errors).toContain('truncated');
    expect(parseGs1(`]d20109521234543213${GS}10`, opts).errors).toContain('truncated');
    expect(parseGs1('(01)0952123454321', opts).errors).toContain('invalid_length');
    expect(parseGs1('(01)0952123454321X', opts).errors).toContain('invalid_format');
    expect(parseGs1('(10)AB#C', opts).errors).toContain('invalid_char');
    expect(parseGs1(`(10)${'A'.repeat(21)}`, opts).errors).toContain('invalid_length');
    expect(parseGs1('(17)251301', opts).errors).toContain('invalid_date');
    expect(parseGs1('(10)A(10)B', opts).errors).toContain('duplicate_ai');
    expect(parseGs1(']d22312345', opts).errors).toContain('unknown_ai');
    expect(parseGs1('(01)09521234543213)x(', opts).valid).toBe(false);
    for (const empty of ['', ']d2', `]C1${GS}`, '  \r\n']) {
      const r = parseGs1(empty, opts);
      expect(r.valid).toBe(false);
      expect(r.errors).toEqual(['empty']);
    }
  });

  it('reads bare GTINs behind EAN/UPC/ITF symbology identifiers', () => {
    expect(parseGs1(']E09521234543213', opts).gtin).toBe('09521234543213');
    expect(parseGs1(']E496385074', opts).gtin).toBe('00000096385074'); // EAN-8
    expect(parseGs1(']I109521234543213', opts).valid).toBe(true);
    expect(parseGs1(']E09521234543214', opts).errors).toEqual(['check_digit']);
  });
});

describe('parseGs1DigitalLink', () => {
  it('reads the primary key, qualifiers and query attributes', () => {
    const r = parseGs1DigitalLink('https://id.gs1.org/01/09521234543213/10/A1B2C3/21/XYZ?17=160408&linkType=all', opts);
    expect(r?.valid).toBe(true);
    expect(r?.gtin).toBe('09521234543213');
    expect(r?.lot).toBe('A1B2C3');
    expect(r?.serial).toBe('XYZ');
    expect(r?.expiry).toBe('2016-04-08');
  });
  it('pads a GTIN-13 and accepts a custom path prefix', () => {
    expect(parseGs1DigitalLink('https://example.com/dl/01/9521234543213', opts)?.gtin).toBe('09521234543213');
  });
  it('is undefined for other URLs', () => {
    expect(parseGs1DigitalLink('https://example.com/de/shop', opts)).toBeUndefined();
    expect(parseGs1DigitalLink('not a url', opts)).toBeUndefined();
  });
});

describe('HIBC modulo 43', () => {
  it('computes the check character of the standard primary example', () => {
    expect(hibcCheckChar('+A123BJC5D6E71')).toBe('G');
    expect(isValidHibcCheck('+A123BJC5D6E71G')).toBe(true);
    expect(isValidHibcCheck('+A123BJC5D6E71H')).toBe(false);
  });
  it('is undefined for characters outside the HIBC set', () => {
    expect(hibcCheckChar('+a123')).toBeUndefined();
  });
});

describe('parseHibc', () => {
  it('reads a primary: LIC, PCN, unit of measure', () => {
    const r = parseHibc('+A123BJC5D6E71G', opts);
    expect(r).toMatchObject({ kind: 'primary', licence: 'A123', pcn: 'BJC5D6E7', unitOfMeasure: '1', valid: true });
    expect(r.errors).toEqual([]);
  });

  it('reads the concatenated primary/secondary example', () => {
    const r = parseHibc(withCheck('+A99912345/$$52001510X3'), opts);
    expect(r).toMatchObject({
      kind: 'concatenated',
      licence: 'A999',
      pcn: '1234',
      unitOfMeasure: '5',
      expiry: '2020-01-15', // $$5 = YYJJJ, day 15 of 2020
      lot: '10X3',
      valid: true,
    });
    // Taken literally its last character is the check character, which does not fit.
    const literal = parseHibc('+A99912345/$$52001510X3', opts);
    expect(literal.valid).toBe(false);
    expect(literal.errors).toEqual(['check_digit']);
    expect(literal.lot).toBe('10X');
  });

  it('reads supplemental fields of 2-D codes', () => {
    const r = parseHibc('+A99912345/$$52001510X3/16D20111212/S77DE1G45-', opts);
    expect(r).toMatchObject({
      lot: '10X3',
      expiry: '2020-01-15',
      production: '2011-12-12',
      serial: '77DE1G45',
      valid: true,
    });
    const q = parseHibc(withCheck('+A123BJC5D6E71/$LOT9/14D20261130/Q50'), opts);
    expect(q).toMatchObject({ lot: 'LOT9', expiry: '2026-11-30', quantity: 50, valid: true });
  });

  describe('secondary with expiry date formats', () => {
    // A standalone secondary ends with the link character (the primary's check character "G").
    const secondary = (fields: string) => parseHibc(withCheck(`+${fields}G`), opts);
    it.each([
      ['$$0925LOT1', '2025-09-30', 'MMYY (no flag), month only → last day'],
      ['$$1125LOT1', '2025-11-30', 'MMYY starting with 1'],
      ['$$2123125LOT1', '2025-12-31', '2 = MMDDYY'],
      ['$$3251231LOT1', '2025-12-31', '3 = YYMMDD'],
      ['$$425123123LOT1', '2025-12-31', '4 = YYMMDDHH'],
      ['$$525365LOT1', '2025-12-31', '5 = YYJJJ'],
      ['$$62536523LOT1', '2025-12-31', '6 = YYJJJHH'],
    ])('%s → %s (%s)', (fields, expiry) => {
      const r = secondary(fields);
      expect(r.errors).toEqual([]);
      expect(r).toMatchObject({ kind: 'secondary', link: 'G', expiry, lot: 'LOT1', valid: true });
    });
    it('7 = no date, lot only', () => {
      const r = secondary('$$7LOT1');
      expect(r).toMatchObject({ lot: 'LOT1', valid: true });
      expect(r.expiry).toBeUndefined();
    });
    it('serial number variants ($$+ and $+)', () => {
      expect(secondary('$$+3251231SN42')).toMatchObject({ serial: 'SN42', expiry: '2025-12-31', valid: true });
      expect(secondary('$$+7SN42')).toMatchObject({ serial: 'SN42', valid: true });
      expect(secondary('$+SN42')).toMatchObject({ serial: 'SN42', valid: true });
      expect(secondary('$+SN42').lot).toBeUndefined();
    });
    it('lot only ($)', () => {
      expect(secondary('$LOT77')).toMatchObject({ lot: 'LOT77', valid: true });
    });
    it('quantity fields 8 (2 digits) and 9 (5 digits) before the date field', () => {
      expect(secondary('$$8243251231LOT1')).toMatchObject({ quantity: 24, expiry: '2025-12-31', lot: 'LOT1', valid: true });
      expect(secondary('$$9001007LOT1')).toMatchObject({ quantity: 100, lot: 'LOT1', valid: true });
    });
    it('original format YYJJJ + lot', () => {
      expect(secondary('24366LOT1')).toMatchObject({ expiry: '2024-12-31', lot: 'LOT1', valid: true }); // leap year
      expect(secondary('25366LOT1').errors).toEqual(['invalid_date']);
    });
    it('reports impossible dates', () => {
      expect(secondary('$$3251301LOT1').errors).toEqual(['invalid_date']);
      expect(secondary('$$1325LOT1').errors).toEqual(['invalid_date']);
      expect(secondary('$$425123125LOT1').errors).toEqual(['invalid_date']); // hour 25
    });
  });

  it('reports malformed input without throwing', () => {
    expect(parseHibc('', opts).errors).toEqual(['empty']);
    expect(parseHibc('A123BJC5D6E71G', opts).errors).toEqual(['not_hibc']);
    expect(parseHibc('+a123bjc5d6e71g', opts).errors).toEqual(['invalid_char']);
    expect(parseHibc('+A123BJC5D6E71H', opts).errors).toEqual(['check_digit']);
    expect(parseHibc(withCheck('+A12'), opts).errors).toEqual(['truncated']);
    expect(parseHibc('+', opts).errors).toEqual(['truncated']);
    expect(parseHibc(withCheck('+A123BJC5D6E7X'), opts).errors).toEqual(['invalid_format']); // UoM not a digit
    expect(parseHibc(withCheck(`+A123${'P'.repeat(19)}1`), opts).errors).toEqual(['invalid_length']);
    expect(parseHibc(withCheck('+$$3251G'), opts).errors).toContain('truncated');
    expect(parseHibc(withCheck('+A123BJC5D6E71/XYZ'), opts).errors).toEqual(['invalid_format']);
  });

  it('accepts Code 39 caption asterisks, symbology identifiers and a CR/LF suffix', () => {
    expect(parseHibc('*+A123BJC5D6E71G*', opts).valid).toBe(true);
    expect(parseHibc(']A0+A123BJC5D6E71G\r\n', opts)).toMatchObject({ symbology: ']A0', valid: true });
  });
});

describe('parseScan', () => {
  it('classifies GS1 element strings', () => {
    const r = parseScan('(01)09521234543213(17)160408(10)A1B2C3', opts);
    expect(r).toMatchObject({
      type: 'gs1',
      gtin: '09521234543213',
      expiry: '2016-04-08',
      lot: 'A1B2C3',
      valid: true,
      errors: [],
    });
    expect(r.ais).toEqual({ '01': '09521234543213', '17': '160408', '10': 'A1B2C3' });
    expect(parseScan(`]d201095212345432131716040810A1B2C3${GS}21S1`, opts)).toMatchObject({ type: 'gs1', serial: 'S1' });
    expect(parseScan(`0109521234543213${GS}10A1`, opts)).toMatchObject({ type: 'gs1', lot: 'A1' });
  });

  it('recognises GS1 without identifier or separator by its shape', () => {
    expect(parseScan('01095212345432131716040810A1B2C3', opts)).toMatchObject({
      type: 'gs1',
      expiry: '2016-04-08',
      lot: 'A1B2C3',
      valid: true,
    });
    const bad = parseScan('0109521234543214', opts);
    expect(bad).toMatchObject({ type: 'gs1', valid: false });
    expect(bad.errors).toContain('check_digit');
  });

  it('maps production date, manufacturer article number and quantity', () => {
    const r = parseScan('(01)09521234543213(11)250500(240)REF-1(30)10(21)SN', opts);
    expect(r).toMatchObject({ production: '2025-05-31', manufacturerArtnr: 'REF-1', quantity: 10, serial: 'SN' });
  });

  it('reads bare EAN-13/GTIN scans as a GTIN', () => {
    expect(parseScan('9521234543213', opts)).toMatchObject({ type: 'gs1', gtin: '09521234543213', valid: true });
    expect(parseScan(']E09521234543213', opts)).toMatchObject({ type: 'gs1', gtin: '09521234543213' });
  });

  it('classifies HIBC codes', () => {
    expect(parseScan('+A123BJC5D6E71G', opts)).toMatchObject({
      type: 'hibc',
      licence: 'A123',
      manufacturerArtnr: 'BJC5D6E7',
      unit: '1',
      valid: true,
    });
    expect(parseScan('+A99912345/$$52001510X3/16D20111212/S77DE1G45-', opts)).toMatchObject({
      type: 'hibc',
      licence: 'A999',
      manufacturerArtnr: '1234',
      lot: '10X3',
      serial: '77DE1G45',
      expiry: '2020-01-15',
      production: '2011-12-12',
    });
    expect(parseScan(']C0+A123BJC5D6E71G\r', opts)).toMatchObject({ type: 'hibc', valid: true });
    const bad = parseScan('+A99912345/$$52001510X3', opts);
    expect(bad).toMatchObject({ type: 'hibc', valid: false, errors: ['check_digit'] });
  });

  it('keeps a space check character of HIBC data', () => {
    // Find a primary whose check character is a space; trimming it would break the code.
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const data = [...chars].flatMap((a) => [...chars].map((b) => `+A123${a}${b}1`)).find((d) => hibcCheckChar(d) === ' ');
    expect(data).toBeDefined();
    expect(parseScan(`${data} \r\n`, opts)).toMatchObject({ type: 'hibc', valid: true });
  });

  it('classifies plain article numbers', () => {
    for (const code of ['123456', 'FH12345', '123456.2', '12-345/1', 'A', '12345678901234567890']) {
      expect(parseScan(code, opts)).toEqual({ type: 'artnr', raw: code, artnr: code, errors: [], valid: true });
    }
    expect(parseScan('  123456\r\n', opts)).toMatchObject({ type: 'artnr', artnr: '123456' });
    expect(parseScan('123456789012345678901', opts).type).toBe('unknown'); // 21 characters
  });

  it('extracts the article number from shop URLs', () => {
    expect(parseScan('https://shop.example.de/de/de/shop/artikel/12345-some-name/details', opts)).toEqual({
      type: 'url',
      raw: 'https://shop.example.de/de/de/shop/artikel/12345-some-name/details',
      artnr: '12345',
      errors: [],
      valid: true,
    });
    expect(parseScan('https://shop.example.de/de/de/shop/artikel/FH12345-gips%20typ-4/details/7', opts).artnr).toBe('FH12345');
    expect(parseScan('https://shop.example.de/index.php?id=22&artnr=12345', opts).artnr).toBe('12345');
    expect(parseScan('https://shop.example.de/de/de/shop/suche?artnr=12345', opts).artnr).toBe('12345');
    expect(parseScan('https://shop.example.de/a/12345', opts).artnr).toBe('12345');
    expect(parseScan('www.shop.example.de/de/de/shop/artikel/12345-x/details', opts).artnr).toBe('12345');
  });

  it('restricts shop URLs to the given hosts', () => {
    const url = 'https://other.example.com/de/de/shop/artikel/12345-x/details';
    expect(parseScan(url, { now, shopHosts: ['shop.example.de'] })).toMatchObject({ type: 'url', valid: false });
    expect(parseScan(url, { now, shopHosts: ['other.example.com'] })).toMatchObject({ type: 'url', artnr: '12345' });
  });

  it('reports URLs without an article number', () => {
    const r = parseScan('https://shop.example.de/de/de/aktionen/artikel/12', opts);
    expect(r).toMatchObject({ type: 'url', valid: false, errors: ['no_artnr'] });
    expect(r.artnr).toBeUndefined();
  });

  it('reads GS1 Digital Link QR codes as GS1 data', () => {
    expect(parseScan('https://id.gs1.org/01/09521234543213/10/A1B2C3?17=160408', opts)).toMatchObject({
      type: 'gs1',
      gtin: '09521234543213',
      lot: 'A1B2C3',
      expiry: '2016-04-08',
      valid: true,
    });
  });

  it('returns unknown for empty and unrecognisable input', () => {
    for (const raw of ['', '   ', '\r\n', ']d1']) {
      expect(parseScan(raw, opts)).toMatchObject({ type: 'unknown', valid: false, errors: ['empty'] });
    }
    expect(parseScan('hello world!', opts)).toMatchObject({ type: 'unknown', valid: false, errors: ['unrecognized'] });
  });

  it('never throws on malformed input', () => {
    const samples = [
      '(', '()', '(01)', '(0', ')01(', ']', ']d', ']d2(', `]d2${GS}${GS}`, '+', '+$', '+$$', '+$$8', '+$$9', '+$$2',
      '++', '+/', '+A123/', '+A123BJC5D6E71G/', '%%%', 'https://', 'http://[', 'https://x/a', 'https://x/a/%E0%A4%A',
      `(01)${'9'.repeat(100)}`, `]C1${'0'.repeat(200)}`, '\u0000', '\u241d', '😀', '+A123BJC5D6E71G😀',
      null as unknown as string, undefined as unknown as string, 12345 as unknown as string,
    ];
    for (const raw of samples) {
      const r = parseScan(raw, opts);
      expect(typeof r.valid).toBe('boolean');
      expect(Array.isArray(r.errors)).toBe(true);
      if (!r.valid) expect(r.errors.length).toBeGreaterThan(0);
    }
    // Pseudo-random strings from the characters that matter to the parsers.
    const alphabet = `0123456789AZaz+$/().-%*]${GS} `;
    let seed = 42;
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const len = n % 40;
      for (let i = 0; i < len; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        s += alphabet[seed % alphabet.length];
      }
      expect(() => parseScan(s, opts)).not.toThrow();
    }
  });
});
