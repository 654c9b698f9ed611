import { describe, it, expect } from 'vitest';
import {
  clampCartPanelQty, clampQty, typedQty, isBlank, isEmail, isQuickSuggestArtnr, parseDate, parseQuantity, stepQty,
  validateAlphanumeric, validateBenefitCode, validateContactForm, validateDate, validateDigitisation, validateEmail,
  validateEmailPair, validateField, validateFreeway, validateIndustry, validateListName, validateNumeric,
  validateOrderNumber, validatePassword, validatePasswordPair, validatePhone, validatePostalCode, validatePrintTemplate,
  validateQuantity, validateQuickSuggestArtnr, validateRequired, validateServiceRequest, validateTime, validateUrl,
} from '../../src/lib/rules/validate.ts';
import { isErrorKey } from '../../src/lib/rules/constants.ts';

describe('required fields', () => {
  it("blank → 'please fill in'", () => {
    expect(validateRequired('')).toBe('please_fill_in');
    expect(validateRequired('  ')).toBe('please_fill_in');
    expect(validateRequired(null)).toBe('please_fill_in');
    expect(validateRequired(undefined)).toBe('please_fill_in');
    expect(validateRequired('x')).toBeNull();
    expect(isBlank(' \t\n')).toBe(true);
  });
  it('validateField: required blank, optional blank, format check on trimmed value', () => {
    expect(validateField('', { required: true, validate: validateEmail })).toBe('please_fill_in');
    expect(validateField('', { validate: validateEmail })).toBeNull();
    expect(validateField(' a@b.de ', { validate: validateEmail })).toBeNull();
    expect(validateField('nope', { required: true, validate: validateEmail })).toBe('invalid_email');
    expect(validateField('anything', { required: true })).toBeNull();
  });
});

describe('e-mail', () => {
  it('accepts common addresses', () => {
    for (const s of ['labor@example.com', 'a.b-c_d+tag@sub.example.co.uk', 'X@Y.DE', 'info@zahn-labor.de',
      'müller@labor-müller.de', 'a@xn--mller-kva.de', 'a@b.xn--p1ai', ' padded@example.org ']) {
      expect(isEmail(s), s).toBe(true);
      expect(validateEmail(s), s).toBeNull();
    }
  });
  it('rejects malformed addresses', () => {
    for (const s of ['', 'labor', 'labor@', '@example.com', 'labor@example', 'labor@example.c', 'la bor@example.com',
      'labor@@example.com', 'labor@exa mple.com', '.labor@example.com', 'labor.@example.com', 'la..bor@example.com',
      'labor@-example.com', 'labor@example-.com', 'labor@example..com', 'labor@example.123', null, undefined]) {
      expect(isEmail(s), String(s)).toBe(false);
      expect(validateEmail(s), String(s)).toBe('invalid_email');
    }
  });
  it('rejects addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.de`;
    expect(long.length).toBeGreaterThan(254);
    expect(isEmail(long)).toBe(false);
  });
  it('pair must be identical', () => {
    expect(validateEmailPair('a@b.de', 'a@b.de')).toBeNull();
    expect(validateEmailPair('a@b.de ', ' a@b.de')).toBeNull();
    expect(validateEmailPair('a@b.de', 'A@b.de')).toBe('email_mismatch');
    expect(validateEmailPair('a@b.de', '')).toBe('email_mismatch');
    expect(validateEmailPair('', '')).toBe('please_fill_in');
    expect(validateEmailPair('nope', 'nope')).toBe('invalid_email');
  });
});

describe('password', () => {
  it('7 to 100 characters', () => {
    expect(validatePassword('123456')).toBe('password_length');
    expect(validatePassword('1234567')).toBeNull();
    expect(validatePassword('a'.repeat(100))).toBeNull();
    expect(validatePassword('a'.repeat(101))).toBe('password_length');
    expect(validatePassword('')).toBe('password_length');
    expect(validatePassword(null)).toBe('password_length');
  });
  it('counts characters, not UTF-16 units, and keeps spaces', () => {
    expect(validatePassword('😀😀😀😀😀😀😀')).toBeNull();
    expect(validatePassword('😀'.repeat(100))).toBeNull();
    expect(validatePassword('  abc  ')).toBeNull();
  });
  it('must be entered twice identically', () => {
    expect(validatePasswordPair('Demo-Labor-2026', 'Demo-Labor-2026')).toBeNull();
    expect(validatePasswordPair('Demo-Labor-2026', 'demo-Labor-2026')).toBe('password_mismatch');
    expect(validatePasswordPair('Demo-Labor-2026', 'Demo-Labor-2026 ')).toBe('password_mismatch');
    expect(validatePasswordPair('Demo-Labor-2026', null)).toBe('password_mismatch');
    expect(validatePasswordPair('short', 'short')).toBe('password_length');
  });
});

describe('phone', () => {
  it('accepts usual notations', () => {
    for (const s of ['+49 30 1234567', '030/1234567', '0049 (0)30-123 45 67', '123', '+41.44.123.45.67']) {
      expect(validatePhone(s), s).toBeNull();
    }
  });
  it('rejects letters, too few or too many digits, misplaced plus', () => {
    for (const s of ['', '12', 'abc', '030 123 abc', '++49 30', '49+30', '1'.repeat(21), '+ ()']) {
      expect(validatePhone(s), s).toBe('invalid_phone');
    }
  });
});

describe('URL', () => {
  it('accepts http(s) and scheme-less addresses', () => {
    for (const s of ['https://www.labor.de', 'http://labor.de/path?q=1#x', 'www.labor.de', 'labor.de', 'https://labor.de:8080/',
      'zahn-labor.co.uk/team', 'https://müller-labor.de', 'labor.de:8080/shop']) {
      expect(validateUrl(s), s).toBeNull();
    }
  });
  it('rejects other schemes and malformed hosts', () => {
    for (const s of ['', 'labor', 'ftp://labor.de', 'javascript:alert(1)', 'mailto:a@b.de', 'http://', 'http://labor',
      'www.lab or.de', 'http://-labor.de', 'http://labor.de:99999', 'http://labor..de', null]) {
      expect(validateUrl(s), String(s)).toBe('invalid_url');
    }
  });
});

describe('alphanumeric with spaces, 1-10 characters', () => {
  it('accepts', () => {
    for (const s of ['a', 'AB 12', '1234567890', 'a b c d e ']) expect(validateAlphanumeric(s), s).toBeNull();
  });
  it('rejects', () => {
    for (const s of ['', '   ', '12345678901', 'ab-12', 'äb', 'a_b', null]) {
      expect(validateAlphanumeric(s), String(s)).toBe('invalid_alphanumeric');
    }
  });
});

describe('date YYYY-M-D', () => {
  it('accepts one- or two-digit month and day', () => {
    for (const s of ['2026-1-5', '2026-01-05', '2026-12-31', '2024-2-29', '2000-02-29']) expect(validateDate(s), s).toBeNull();
    expect(parseDate('2026-3-7')).toEqual({ year: 2026, month: 3, day: 7 });
  });
  it('rejects impossible dates and other formats', () => {
    for (const s of ['', '2026-13-1', '2026-0-10', '2026-1-0', '2026-2-30', '2025-2-29', '1900-2-29', '2026-4-31',
      '26-1-1', '2026/1/1', '1.1.2026', '2026-001-01', '2026-1-1T00:00', null]) {
      expect(validateDate(s), String(s)).toBe('invalid_date');
    }
    expect(parseDate('2026-2-30')).toBeNull();
  });
});

describe('time H:M', () => {
  it('accepts', () => {
    for (const s of ['0:0', '9:5', '09:05', '23:59', '12:30']) expect(validateTime(s), s).toBeNull();
  });
  it('rejects', () => {
    for (const s of ['', '24:00', '12:60', '123:00', '12:345', '12.30', '12:30:00', 'ab:cd', ':30', '12:', null]) {
      expect(validateTime(s), String(s)).toBe('invalid_time');
    }
  });
});

describe('postal code', () => {
  const ok: [string, string][] = [
    ['DE', '10115'], ['de', '01067'], ['AT', '1010'], ['CH', '8001'], ['NL', '1012 AB'], ['NL', '1012ab'],
    ['PL', '00-950'], ['CZ', '110 00'], ['CZ', '11000'], ['HU', '1051'], ['FR', '75001'], ['IT', '00184'],
    ['ES', '28013'], ['GB', 'SW1A 1AA'], ['US', '12345-6789'], ['SE', '114 55'], ['BE', '1000'], ['', 'ABC'],
  ];
  for (const [c, p] of ok) it(`accepts ${c || '(none)'} ${p}`, () => expect(validatePostalCode(p, c)).toBeNull());

  const bad: [string, string][] = [
    ['DE', '1011'], ['DE', '101155'], ['DE', '1011A'], ['AT', '10100'], ['CH', '800'], ['NL', '1012'], ['NL', '1012 A1'],
    ['PL', '00950'], ['PL', '009-50'], ['CZ', '1100'], ['CZ', '110-00'], ['HU', '10510'], ['FR', '7500'], ['IT', '001840'],
    ['ES', 'E2801'], ['GB', 'AB'], ['GB', 'ABCDEFGHIJK'], ['GB', '-AB1'], ['GB', 'AB1-'], ['SE', 'a#b'], ['DE', ''],
  ];
  for (const [c, p] of bad) it(`rejects ${c} "${p}"`, () => expect(validatePostalCode(p, c)).toBe('invalid_postal_code'));

  it('trims input and handles a missing country', () => {
    expect(validatePostalCode(' 10115 ', 'DE')).toBeNull();
    expect(validatePostalCode('12345', null)).toBeNull();
    expect(validatePostalCode(null, 'DE')).toBe('invalid_postal_code');
  });
});

describe('numeric', () => {
  it('digits only', () => {
    expect(validateNumeric('0')).toBeNull();
    expect(validateNumeric(' 12 ')).toBeNull();
    expect(validateNumeric(5)).toBeNull();
    for (const v of ['', '1.5', '-1', '1e3', 'abc', 1.5, -1, Number.NaN, null]) {
      expect(validateNumeric(v), String(v)).toBe('invalid_numeric');
    }
  });
});

describe('industry (branche 1..30)', () => {
  it('must be chosen', () => {
    expect(validateIndustry(1)).toBeNull();
    expect(validateIndustry(30)).toBeNull();
    expect(validateIndustry('15')).toBeNull();
    for (const v of [0, 31, -1, 1.5, '', '0', 'abc', null, undefined, Number.NaN]) {
      expect(validateIndustry(v), String(v)).toBe('industry_required');
    }
  });
});

describe('quantity', () => {
  it('integer above 0', () => {
    expect(validateQuantity(1)).toBeNull();
    expect(validateQuantity(999)).toBeNull();
    expect(validateQuantity(5000)).toBeNull();
    expect(validateQuantity('3')).toBeNull();
    expect(validateQuantity(' 12 ')).toBeNull();
    expect(parseQuantity('007')).toBe(7);
  });
  it("else 'error_menge'", () => {
    for (const v of [0, -1, 1.5, '0', '-2', '1.5', '1,5', 'abc', '', '1e2', null, undefined, Number.NaN, Infinity,
      Number.MAX_SAFE_INTEGER + 1, '99999999999999999999']) {
      expect(validateQuantity(v), String(v)).toBe('error_menge');
      expect(parseQuantity(v), String(v)).toBeNull();
    }
  });
});

describe('quantity stepper', () => {
  it('a typed quantity outside the range is error_menge, never clamped (issue 12)', () => {
    expect(typedQty('5')).toBe(5);
    expect(typedQty(' 12 ')).toBe(12);
    expect(typedQty('0')).toBe(0);
    expect(typedQty('0', 1)).toBe('error_menge');
    expect(typedQty('1500')).toBe('error_menge');
    expect(typedQty('999')).toBe(999);
    expect(typedQty('2.5')).toBe('error_menge');
    expect(typedQty('-1')).toBe('error_menge');
    expect(typedQty('abc')).toBe('error_menge');
    expect(typedQty('')).toBeNull();
  });
  it('clamps to 0..999 in whole steps', () => {
    expect(clampQty(5)).toBe(5);
    expect(clampQty(-3)).toBe(0);
    expect(clampQty(1000)).toBe(999);
    expect(clampQty(2.4)).toBe(2);
    expect(clampQty(2.6)).toBe(3);
    expect(clampQty('12')).toBe(12);
    expect(clampQty('abc')).toBe(0);
    expect(clampQty('')).toBe(0);
    expect(clampQty(null)).toBe(0);
    expect(clampQty(Number.NaN)).toBe(0);
    expect(clampQty(Infinity)).toBe(999);
  });
  it('steps by 1 without leaving the range', () => {
    expect(stepQty(0, -1)).toBe(0);
    expect(stepQty(0, 1)).toBe(1);
    expect(stepQty(998, 1)).toBe(999);
    expect(stepQty(999, 1)).toBe(999);
    expect(stepQty(5, -1)).toBe(4);
  });
  it('cart panel minimum is 1', () => {
    expect(clampCartPanelQty(0)).toBe(1);
    expect(clampCartPanelQty(-5)).toBe(1);
    expect(clampCartPanelQty(7)).toBe(7);
    expect(clampCartPanelQty(1234)).toBe(999);
    expect(stepQty(1, -1, 1)).toBe(1);
  });
});

describe('order list name', () => {
  it('1 to 50 non-blank characters', () => {
    expect(validateListName('Favoriten')).toBeNull();
    expect(validateListName('a')).toBeNull();
    expect(validateListName('a'.repeat(50))).toBeNull();
    expect(validateListName(`  ${'a'.repeat(50)}  `)).toBeNull();
    expect(validateListName('ä'.repeat(50))).toBeNull();
  });
  it("else 'invalid list name'", () => {
    for (const v of ['', '   ', 'a'.repeat(51), null, undefined]) {
      expect(validateListName(v), String(v)).toBe('invalid_list_name');
    }
  });
});

describe('benefit code', () => {
  it('must not be empty', () => {
    expect(validateBenefitCode('SOMMER24')).toBeNull();
    expect(validateBenefitCode('')).toBe('benefit_code_empty');
    expect(validateBenefitCode('  ')).toBe('benefit_code_empty');
    expect(validateBenefitCode(null)).toBe('benefit_code_empty');
  });
});

describe('quick suggestion by article number', () => {
  it('1-10 characters of letters, digits, dot, comma, dash', () => {
    for (const s of ['1', '123456', 'FH-1234', '1234.5', '12,5', 'ABCDEFGHIJ', ' 123 ']) {
      expect(isQuickSuggestArtnr(s), s).toBe(true);
      expect(validateQuickSuggestArtnr(s), s).toBeNull();
    }
  });
  it('rejects others', () => {
    for (const s of ['', 'ABCDEFGHIJK', '12 34', '12/34', 'zahn ersatz', 'ä123', '12_3', null]) {
      expect(isQuickSuggestArtnr(s), String(s)).toBe(false);
      expect(validateQuickSuggestArtnr(s), String(s)).toBe('error_artnr');
    }
  });
});

describe('patient work, service, digitisation, printing', () => {
  it('patient work needs an order number', () => {
    expect(validateOrderNumber('A-123')).toBeNull();
    expect(validateOrderNumber(' ')).toBe('order_number_required');
  });
  it('service request needs at least one photo and a text', () => {
    expect(validateServiceRequest({ photos: 1, text: 'Bruch' })).toBeNull();
    expect(validateServiceRequest({ photos: 0, text: 'Bruch' })).toBe('service_photo_required');
    expect(validateServiceRequest({ photos: 2, text: '  ' })).toBe('service_text_required');
    expect(validateServiceRequest({ photos: Number.NaN, text: '' })).toBe('service_photo_required');
  });
  it('digitisation needs a cabinet and a photo per drawer', () => {
    expect(validateDigitisation([])).toBe('digitisation_cabinet_required');
    expect(validateDigitisation([{ drawers: [{ photos: 1 }, { photos: 3 }] }])).toBeNull();
    expect(validateDigitisation([{ drawers: [{ photos: 1 }] }, { drawers: [{ photos: 0 }] }]))
      .toBe('digitisation_photo_per_drawer_required');
  });
  it('printing needs a template', () => {
    expect(validatePrintTemplate(3)).toBeNull();
    expect(validatePrintTemplate(0)).toBeNull();
    expect(validatePrintTemplate('abc')).toBeNull();
    expect(validatePrintTemplate(null)).toBe('print_template_required');
    expect(validatePrintTemplate(undefined)).toBe('print_template_required');
    expect(validatePrintTemplate('')).toBe('print_template_required');
  });
});

describe('freeway ticket', () => {
  const now = new Date(2026, 5, 15); // June 2026, local time
  it('needs an order value of at least 170 EUR', () => {
    expect(validateFreeway(170, null, now)).toBeNull();
    expect(validateFreeway(169.99, null, now)).toBe('freeway_min_value');
    expect(validateFreeway(Number.NaN, null, now)).toBe('freeway_min_value');
  });
  it('once per month', () => {
    expect(validateFreeway(200, { year: 2026, month: 6 }, now)).toBe('freeway_once_per_month');
    expect(validateFreeway(200, { year: 2026, month: 5 }, now)).toBeNull();
    expect(validateFreeway(200, { year: 2025, month: 6 }, now)).toBeNull();
    // minimum value is reported first
    expect(validateFreeway(100, { year: 2026, month: 6 }, now)).toBe('freeway_min_value');
  });
});

describe('contact form', () => {
  const valid = {
    salutation: 'W', firstName: 'Eva', lastName: 'Muster', email: 'eva@labor.de', phone: '+49 30 123456',
    date: '2026-7-1', time: '9:30', message: 'Bitte Rückruf', artnr: '123456',
  };
  it('passes when complete', () => expect(validateContactForm(valid)).toEqual({}));
  it('requires every field and checks formats', () => {
    expect(validateContactForm({
      salutation: '', firstName: ' ', lastName: null, email: 'x', phone: 'abc', date: '2026-2-30', time: '25:00',
      message: undefined, artnr: '',
    })).toEqual({
      salutation: 'please_fill_in', firstName: 'please_fill_in', lastName: 'please_fill_in', email: 'invalid_email',
      phone: 'invalid_phone', date: 'invalid_date', time: 'invalid_time', message: 'please_fill_in', artnr: 'please_fill_in',
    });
    expect(validateContactForm({ ...valid, email: '' })).toEqual({ email: 'please_fill_in' });
  });
});

describe('every validator answers a catalogue key', () => {
  it('keys are in ERROR_KEYS', () => {
    const keys = [
      validateRequired(''), validateEmail(''), validateEmailPair('a@b.de', 'c@d.de'), validatePassword(''),
      validatePasswordPair('1234567', '7654321'), validatePhone(''), validateUrl(''), validateAlphanumeric(''),
      validateDate(''), validateTime(''), validatePostalCode('', 'DE'), validateNumeric(''), validateIndustry(0),
      validateQuantity(0), validateListName(''), validateBenefitCode(''), validateQuickSuggestArtnr(''),
      validateOrderNumber(''), validateServiceRequest({ photos: 0, text: '' }), validateServiceRequest({ photos: 1, text: '' }),
      validateDigitisation([]), validateDigitisation([{ drawers: [{ photos: 0 }] }]), validatePrintTemplate(null),
      validateFreeway(0, null), validateFreeway(170, { year: new Date().getFullYear(), month: new Date().getMonth() + 1 }),
    ];
    for (const k of keys) {
      expect(k).not.toBeNull();
      expect(isErrorKey(k!), String(k)).toBe(true);
    }
  });
});
