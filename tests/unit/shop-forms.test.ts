// Registration, quick registration, customer data and password checks (section 5).
import { describe, expect, it } from 'vitest';
import { changedFields, validateForgot, validateNewPassword, withoutErrorsOf } from '../../src/islands/shop/lib/forms.ts';
import { fastRegisterErrors, kundendatenErrors, registerErrors } from '../../src/lib/rules/forms.ts';

const full = {
  eMail: 'neu@example.com', eMail2: 'neu@example.com', Kennwort: 'geheim123', Kennwort2: 'geheim123', Vorname: 'Eva', Nachname: 'Muster',
  NamensZeile1: 'Labor Muster', Strasse: 'Weg 1', PLZ: '20095', Ort: 'Hamburg', LandISO2: 'DE', TelefonRufnummer: '040 123456', Branche: '1',
};

describe('registerErrors', () => {
  it('accepts a complete registration', () => {
    expect(registerErrors(full)).toEqual({});
  });
  it("required fields answer 'please fill in', industry 'industry_required'", () => {
    const e = registerErrors({});
    expect(e.eMail).toBe('please_fill_in');
    expect(e.Kennwort).toBe('please_fill_in');
    expect(e.Vorname).toBe('please_fill_in');
    expect(e.Branche).toBe('industry_required');
  });
  it('password 7 to 100 characters, twice identical', () => {
    expect(registerErrors({ ...full, Kennwort: 'kurz', Kennwort2: 'kurz' }).Kennwort).toBe('password_length');
    expect(registerErrors({ ...full, Kennwort: 'x'.repeat(101), Kennwort2: 'x'.repeat(101) }).Kennwort).toBe('password_length');
    expect(registerErrors({ ...full, Kennwort: 'x'.repeat(100), Kennwort2: 'x'.repeat(100) }).Kennwort).toBeUndefined();
    expect(registerErrors({ ...full, Kennwort2: 'geheim124' }).Kennwort2).toBe('password_mismatch');
  });
  it('e-mail valid and twice identical', () => {
    expect(registerErrors({ ...full, eMail: 'nope', eMail2: 'nope' }).eMail).toBe('invalid_email');
    expect(registerErrors({ ...full, eMail2: 'other@example.com' }).eMail2).toBe('email_mismatch');
  });
  it('postal code per country, numeric and industry fields', () => {
    expect(registerErrors({ ...full, PLZ: '1234' }).PLZ).toBe('invalid_postal_code');
    expect(registerErrors({ ...full, PLZ: '1234', LandISO2: 'AT' }).PLZ).toBeUndefined();
    expect(registerErrors({ ...full, AnzahlTechniker: 'drei' }).AnzahlTechniker).toBe('invalid_numeric');
    expect(registerErrors({ ...full, Branche: '31' }).Branche).toBe('industry_required');
    expect(registerErrors({ ...full, Branche: '30' }).Branche).toBeUndefined();
    expect(registerErrors({ ...full, Internetadresse: 'not a url' }).Internetadresse).toBe('invalid_url');
    expect(registerErrors({ ...full, TelefonRufnummer: 'abc' }).TelefonRufnummer).toBe('invalid_phone');
  });
  it('with a customer number only the existing-customer fields are required', () => {
    const e = registerErrors({ Kundennummer: '123456', PLZ: '20095', eMail: 'a@b.de', eMail2: 'a@b.de', Kennwort: 'geheim12', Kennwort2: 'geheim12' });
    expect(e).toEqual({});
    expect(registerErrors({ Kundennummer: '12a' }).Kundennummer).toBe('invalid_kdnr_format');
  });
});

describe('fastRegisterErrors', () => {
  it('needs e-mail twice, password twice, company, postal code, country', () => {
    expect(fastRegisterErrors({ eMail: 'a@b.de', eMail2: 'a@b.de', Kennwort: 'geheim12', Kennwort2: 'geheim12', NamensZeile1: 'Labor', PLZ: '20095', LandISO2: 'DE' })).toEqual({});
    const e = fastRegisterErrors({});
    expect(Object.keys(e).sort()).toEqual(['Kennwort', 'Kennwort2', 'LandISO2', 'NamensZeile1', 'PLZ', 'eMail', 'eMail2'].sort());
  });
});

describe('kundendatenErrors', () => {
  const v = { Vorname: 'A', Nachname: 'B', NamensZeile1: 'L', Strasse: 'S', PLZ: '20095', Ort: 'O', LandISO2: 'DE', eMail: 'a@b.de' };
  it('e-mail twice only when it changes', () => {
    expect(kundendatenErrors(v, 'a@b.de')).toEqual({});
    expect(kundendatenErrors({ ...v, eMail: 'c@d.de' }, 'a@b.de').eMail2).toBe('please_fill_in');
    expect(kundendatenErrors({ ...v, eMail: 'c@d.de', eMail2: 'c@d.de' }, 'a@b.de')).toEqual({});
  });
  it('required fields', () => {
    expect(kundendatenErrors({ ...v, Ort: ' ' }, 'a@b.de').Ort).toBe('please_fill_in');
  });
});

describe('password and forgotten password', () => {
  it('new password twice, 7..100', () => {
    expect(validateNewPassword('geheim1', 'geheim1')).toEqual({});
    expect(validateNewPassword('kurz', 'kurz')).toEqual({ password: 'password_length' });
    expect(validateNewPassword('geheim12', 'geheim13')).toEqual({ password2: 'password_mismatch' });
  });
  it('forgotten password takes a customer number or an e-mail', () => {
    expect(validateForgot('123456')).toEqual({});
    expect(validateForgot('labor@example.com')).toEqual({});
    // the form has no password field: an empty name must not ask for one (give_credentials does)
    expect(validateForgot('')).toEqual({ login: 'please_fill_in' });
    expect(validateForgot('   ')).toEqual({ login: 'please_fill_in' });
    expect(validateForgot('hallo')).toEqual({ login: 'invalid_email_format' });
  });
  it('changedFields sends only differences', () => {
    expect(changedFields({ a: '1', b: '2', c: '' }, { a: '1', b: '3' })).toEqual({ b: '2' });
  });
});

describe('withoutErrorsOf: a change takes back the errors it can have mended', () => {
  it('a new country takes back the postal code error (its rule depends on the country)', () => {
    expect(withoutErrorsOf({ PLZ: 'invalid_postal_code', Ort: 'please_fill_in' }, 'LandISO2')).toEqual({ Ort: 'please_fill_in' });
    expect(withoutErrorsOf({ plz: 'invalid_postal_code' }, 'land_iso2')).toEqual({});
  });
  it('a changed first entry takes back the mismatch of its repeat, the repeat only its own', () => {
    expect(withoutErrorsOf({ eMail2: 'email_mismatch' }, 'eMail')).toEqual({});
    expect(withoutErrorsOf({ Kennwort: 'password_length', Kennwort2: 'password_mismatch' }, 'Kennwort2')).toEqual({ Kennwort: 'password_length' });
    expect(withoutErrorsOf({ password2: 'password_mismatch' }, 'password')).toEqual({});
  });
  it('other errors stay, and an unchanged object is the same object (no re-render)', () => {
    const e = { Ort: 'please_fill_in' };
    expect(withoutErrorsOf(e, 'Strasse')).toBe(e);
  });
});
