import { describe, it, expect } from 'vitest';
import { extractKdnr, isGuest, isLoggedIn, loginUserName, parseLogin, parseLoginName, subUserSuffix } from '../../src/lib/rules/customer.ts';
import { isLS } from '../../src/lib/rules/constants.ts';

describe('parseLoginName', () => {
  it('accepts an e-mail shape as e-mail (trimmed, case kept)', () => {
    expect(parseLoginName('labor@example.com')).toEqual({ kind: 'email', email: 'labor@example.com' });
    expect(parseLoginName('  Max.Muster@Labor-Beispiel.de ')).toEqual({ kind: 'email', email: 'Max.Muster@Labor-Beispiel.de' });
    // an e-mail made of digits and x is still an e-mail, the e-mail check comes first
    expect(parseLoginName('123456x@example.com')).toEqual({ kind: 'email', email: '123456x@example.com' });
  });

  it('empty input asks for credentials', () => {
    expect(parseLoginName('')).toEqual({ kind: 'error', error: 'give_credentials' });
    expect(parseLoginName('   ')).toEqual({ kind: 'error', error: 'give_credentials' });
    expect(parseLoginName(null)).toEqual({ kind: 'error', error: 'give_credentials' });
    expect(parseLoginName(undefined)).toEqual({ kind: 'error', error: 'give_credentials' });
  });

  it('letters other than x mean an invalid e-mail format', () => {
    for (const s of ['labor', 'labor@example', 'abc123', '12345a', 'müller', '1234ä5', 'x1234y', 'labor@', '@example.com']) {
      expect(parseLoginName(s), s).toEqual({ kind: 'error', error: 'invalid_email_format' });
    }
  });

  it('no digits means a wrong customer-number format', () => {
    for (const s of ['x', 'X', 'xx-x', '--', '-/.', 'x x']) {
      expect(parseLoginName(s), s).toEqual({ kind: 'error', error: 'invalid_kdnr_format' });
    }
  });

  it('4 to 7 digits are the customer number', () => {
    expect(parseLoginName('1234')).toEqual({ kind: 'kdnr', kdnr: '1234' });
    expect(parseLoginName('123456')).toEqual({ kind: 'kdnr', kdnr: '123456' });
    expect(parseLoginName('1234567')).toEqual({ kind: 'kdnr', kdnr: '1234567' });
    expect(parseLoginName(' 654321 ')).toEqual({ kind: 'kdnr', kdnr: '654321' });
    expect(parseLoginName('0012345')).toEqual({ kind: 'kdnr', kdnr: '0012345' });
  });

  it('strips an optional 1-2 digit prefix with separator', () => {
    expect(parseLoginName('12-123456')).toEqual({ kind: 'kdnr', kdnr: '123456' });
    expect(parseLoginName('1-1234')).toEqual({ kind: 'kdnr', kdnr: '1234' });
    expect(parseLoginName('3/777777')).toEqual({ kind: 'kdnr', kdnr: '777777' });
    expect(parseLoginName('10.1234567')).toEqual({ kind: 'kdnr', kdnr: '1234567' });
    expect(parseLoginName('12 123456')).toEqual({ kind: 'kdnr', kdnr: '123456' });
  });

  it('strips an x-suffix with digits (either case)', () => {
    expect(parseLoginName('123456x2')).toEqual({ kind: 'kdnr', kdnr: '123456' });
    expect(parseLoginName('123456X12')).toEqual({ kind: 'kdnr', kdnr: '123456' });
    expect(parseLoginName('12-123456x3')).toEqual({ kind: 'kdnr', kdnr: '123456' });
  });

  it('2 digits followed by 7 digits gives the last 7 digits', () => {
    expect(parseLoginName('121234567')).toEqual({ kind: 'kdnr', kdnr: '1234567' });
    expect(parseLoginName('010000001')).toEqual({ kind: 'kdnr', kdnr: '0000001' });
  });

  it('digit strings in neither format are a wrong customer-number format', () => {
    for (const s of [
      '1', '123', // too short
      '12345678', // 8 digits without separator
      '1234567890', // 10 digits
      '123-123456', // 3-digit prefix
      '12-123', // core too short
      '12-12345678', // core too long
      '123456x', // x without digits
      'x123456', // x in front
      '123456x2x3', // two suffixes
      '12--123456', // double separator
      '12_123456', // unknown separator
      '12:123456', // unknown separator
      '-123456', // separator without prefix
      '12-123456-', // trailing separator
      '12 34 56', // spaces inside the core
      '12-1234567x', // x without digits after long core
      '1212345678', // 2 + 8 digits
    ]) {
      expect(parseLoginName(s), s).toEqual({ kind: 'error', error: 'invalid_kdnr_format' });
    }
  });
});

describe('extractKdnr', () => {
  it('returns the core or null', () => {
    expect(extractKdnr('12-123456')).toBe('123456');
    expect(extractKdnr('123456x2')).toBe('123456');
    expect(extractKdnr('121234567')).toBe('1234567');
    expect(extractKdnr('123')).toBeNull();
    expect(extractKdnr('abc')).toBeNull();
  });
});

describe('parseLogin', () => {
  it('needs a password', () => {
    expect(parseLogin('123456', '')).toEqual({ kind: 'error', error: 'give_credentials' });
    expect(parseLogin('123456', null)).toEqual({ kind: 'error', error: 'give_credentials' });
    expect(parseLogin('123456', undefined)).toEqual({ kind: 'error', error: 'give_credentials' });
  });
  it('needs a user name', () => {
    expect(parseLogin('', 'Demo-Labor-2026')).toEqual({ kind: 'error', error: 'give_credentials' });
  });
  it('caps the password at 100 characters but does not enforce the minimum at login', () => {
    expect(parseLogin('123456', 'a'.repeat(100))).toEqual({ kind: 'kdnr', kdnr: '123456' });
    expect(parseLogin('123456', 'a'.repeat(101))).toEqual({ kind: 'error', error: 'give_credentials' });
    expect(parseLogin('123456', 'abc')).toEqual({ kind: 'kdnr', kdnr: '123456' });
  });
  it('passes through the user-name result', () => {
    expect(parseLogin('labor@example.com', 'Demo-Labor-2026')).toEqual({ kind: 'email', email: 'labor@example.com' });
    expect(parseLogin('labor', 'Demo-Labor-2026')).toEqual({ kind: 'error', error: 'invalid_email_format' });
    expect(parseLogin('12', 'Demo-Labor-2026')).toEqual({ kind: 'error', error: 'invalid_kdnr_format' });
  });
});

describe('isGuest / isLoggedIn', () => {
  it('empty or 0 is a guest', () => {
    for (const v of ['', '  ', '0', 0, '000', null, undefined]) {
      expect(isGuest(v), String(v)).toBe(true);
      expect(isLoggedIn(v), String(v)).toBe(false);
    }
  });
  it('above 0 is logged in', () => {
    for (const v of [123456, '123456', ' 654321 ', 1, '0012345']) {
      expect(isGuest(v), String(v)).toBe(false);
      expect(isLoggedIn(v), String(v)).toBe(true);
    }
  });
  it('negative or non-numeric numbers are guests', () => {
    for (const v of [-1, '-5', 'abc', Number.NaN, Infinity]) expect(isGuest(v), String(v)).toBe(true);
  });
});

describe('isLS', () => {
  it('only company 3 is the sister variant', () => {
    expect(isLS(3)).toBe(true);
    expect(isLS('3')).toBe(true);
    expect(isLS(1)).toBe(false);
    expect(isLS(0)).toBe(false);
    expect(isLS(null)).toBe(false);
  });
});

describe('subUserSuffix / loginUserName (sub-user logins, docs/ACCOUNTS.md)', () => {
  it('the x-suffix names the sub-user; without it, or outside the customer-number format, there is none', () => {
    expect(subUserSuffix('123456x2')).toBe(2);
    expect(subUserSuffix('12-123456X14')).toBe(14);
    expect(subUserSuffix('123456')).toBeNull();
    expect(subUserSuffix('labor@example.com')).toBeNull();
    expect(subUserSuffix('123456x2x3')).toBeNull();
    expect(subUserSuffix('x2')).toBeNull();
  });

  it('the login sends the extracted customer number with the suffix kept, or the e-mail', () => {
    const name = (s: string) => { const p = parseLoginName(s); if (p.kind === 'error') throw new Error(s); return loginUserName(p, s); };
    expect(name('123456x2')).toBe('123456x2');
    expect(name('12-123456x2')).toBe('123456x2');
    expect(name('12-123456')).toBe('123456');
    expect(name(' labor@example.com ')).toBe('labor@example.com');
  });
});
