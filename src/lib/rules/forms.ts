// The field rules of section 5 for the forms that create or change a customer or an address: registration,
// quick registration, customer data (Kundendaten) and a delivery address. One function per form, run by the
// island for its field messages and by the server for its decision (server/modules/auth, checkout), so the two
// cannot drift. Plain functions, no zod: they ship in the form islands' bundles (a few hundred bytes).
// Each returns field → error key (empty = valid), required fields first, in form order.
import { SALUTATIONS } from './constants.ts';
import {
  isBlank, parseDate, validateEmail, validateIndustry, validateNumeric, validatePasswordPair, validatePhone, validatePostalCode, validateUrl,
} from './validate.ts';

/** A form's values as the island holds them or the body carries them (numbers and flags allowed). */
export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

export const REGISTER_REQUIRED = ['eMail', 'eMail2', 'Kennwort', 'Kennwort2', 'Vorname', 'Nachname', 'NamensZeile1', 'Strasse',
  'PLZ', 'Ort', 'LandISO2', 'TelefonRufnummer', 'Branche'] as const;
/** An existing customer registers the online access with customer number and postal code. */
export const EXISTING_REQUIRED = ['Kundennummer', 'PLZ', 'eMail', 'eMail2', 'Kennwort', 'Kennwort2'] as const;
/** Section 5: the e-mail is entered twice on every registration, the quick one included. */
export const FAST_REQUIRED = ['eMail', 'eMail2', 'Kennwort', 'Kennwort2', 'NamensZeile1', 'PLZ', 'LandISO2'] as const;
export const KUNDENDATEN_REQUIRED = ['Vorname', 'Nachname', 'NamensZeile1', 'Strasse', 'PLZ', 'Ort', 'LandISO2', 'eMail'] as const;

const VORWAHL_RE = /^\+?[\d\s()/-]{1,12}$/;
const TECHNICIANS_MAX = 100_000;

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

class Collect {
  readonly e: FieldErrors = {};
  put(field: string, key: string | null | undefined): void { if (key && !this.e[field]) this.e[field] = key; }
}

function required(v: FormValues, c: Collect, fields: readonly string[]): void {
  for (const k of fields) if (isBlank(text(v[k]))) c.put(k, k === 'Branche' ? 'industry_required' : 'please_fill_in');
}

/** The birth date: a real date from 1900 up to today. */
function birthDateError(v: string, today: string): string | null {
  const p = parseDate(v);
  if (!p) return 'invalid_date';
  const iso = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return p.year >= 1900 && iso <= today ? null : 'invalid_date';
}

/** Format checks of the customer fields that carry a value. */
function customerFormats(v: FormValues, c: Collect, opts: { emailTwice: boolean; passwordTwice: boolean }): void {
  const s = (k: string) => text(v[k]);
  const has = (k: string) => !isBlank(s(k));
  if (has('eMail')) {
    c.put('eMail', validateEmail(s('eMail')));
    if (opts.emailTwice) c.put('eMail2', !has('eMail2') ? 'please_fill_in' : s('eMail').trim() === s('eMail2').trim() ? null : 'email_mismatch');
  }
  if (opts.passwordTwice && (has('Kennwort') || has('Kennwort2'))) {
    const pe = validatePasswordPair(s('Kennwort'), s('Kennwort2'));
    c.put(pe === 'password_mismatch' ? 'Kennwort2' : 'Kennwort', pe);
  }
  if (has('Anrede') && !(SALUTATIONS as readonly string[]).includes(s('Anrede'))) c.put('Anrede', 'field_invalid');
  if (has('LandISO2') && !/^[a-zA-Z]{2}$/.test(s('LandISO2').trim())) c.put('LandISO2', 'invalid_country');
  if (has('PLZ')) c.put('PLZ', validatePostalCode(s('PLZ'), has('LandISO2') ? s('LandISO2') : 'DE'));
  for (const k of ['TelefonRufnummer', 'MobilRufnummer', 'FaxRufnummer']) if (has(k)) c.put(k, validatePhone(s(k)));
  for (const k of ['TelefonVorwahl', 'MobilVorwahl', 'FaxVorwahl']) if (has(k) && !VORWAHL_RE.test(s(k).trim())) c.put(k, 'invalid_phone');
  if (has('Internetadresse')) c.put('Internetadresse', validateUrl(s('Internetadresse')));
  if (has('Geburtsdatum')) c.put('Geburtsdatum', birthDateError(s('Geburtsdatum'), new Date().toISOString().slice(0, 10)));
  if (has('Branche')) c.put('Branche', validateIndustry(s('Branche')));
  if (has('AnzahlTechniker')) {
    c.put('AnzahlTechniker', validateNumeric(s('AnzahlTechniker')) ?? (Number(s('AnzahlTechniker')) > TECHNICIANS_MAX ? 'invalid_numeric' : null));
  }
  if (has('Sprache') && !/^[a-zA-Z]{2}$/.test(s('Sprache').trim())) c.put('Sprache', 'invalid_language');
  if (has('Kundennummer')) c.put('Kundennummer', /^\d{1,9}$/.test(s('Kundennummer').trim()) ? null : 'invalid_kdnr_format');
}

/** Whether a registration is an existing customer's (customer number given). */
export const isExistingRegistration = (v: FormValues) => !isBlank(text(v.Kundennummer));

/** Full registration; with a customer number it is the existing customer's online access. */
export function registerErrors(v: FormValues): FieldErrors {
  const c = new Collect();
  required(v, c, isExistingRegistration(v) ? EXISTING_REQUIRED : REGISTER_REQUIRED);
  customerFormats(v, c, { emailTwice: true, passwordTwice: true });
  return c.e;
}

/** Quick registration: e-mail twice, password twice, company, postal code, country. */
export function fastRegisterErrors(v: FormValues): FieldErrors {
  const c = new Collect();
  required(v, c, FAST_REQUIRED);
  customerFormats(v, c, { emailTwice: true, passwordTwice: true });
  return c.e;
}

/**
 * Customer data change: only the fields sent change, so a required field is checked when it is sent; the
 * e-mail is entered twice only when it changes (compared with `currentEmail`, case-insensitive).
 */
export function kundendatenErrors(v: FormValues, currentEmail: string): FieldErrors {
  const c = new Collect();
  const emailChanges = v.eMail !== undefined && text(v.eMail).trim().toLowerCase() !== currentEmail.trim().toLowerCase();
  required(v, c, KUNDENDATEN_REQUIRED.filter((k) => v[k] !== undefined));
  customerFormats(v, c, { emailTwice: emailChanges, passwordTwice: false });
  return c.e;
}

// ---- delivery address of the checkout ----

export const ADDRESS_FIELDS = ['firma_name', 'zusatz1', 'zusatz2', 'ansprechpartner', 'strasse', 'plz', 'ort', 'land_iso2'] as const;
export const ADDRESS_REQUIRED = ['firma_name', 'strasse', 'plz', 'ort', 'land_iso2'] as const;
export const ADDRESS_MAX = 80;

/** A new delivery address: required fields, at most 80 characters, no markup, postal code by the country's rule. */
export function addressErrors(v: FormValues): FieldErrors {
  const c = new Collect();
  required(v, c, ADDRESS_REQUIRED);
  for (const f of ADDRESS_FIELDS) {
    const s = text(v[f]).trim();
    if (s.length > ADDRESS_MAX) c.put(f, 'too_long');
    else if (/[\u0000-\u001f<>]/.test(s)) c.put(f, 'field_invalid');
  }
  const land = text(v.land_iso2).trim();
  if (!c.e.land_iso2 && !/^[A-Za-z]{2}$/.test(land)) c.put('land_iso2', 'field_invalid');
  if (!c.e.plz && !c.e.land_iso2 && validatePostalCode(text(v.plz), land.toUpperCase())) c.put('plz', 'invalid_postal_code');
  return c.e;
}

/** The errors in form order (the first is the one an answer names). */
export function orderedFields(errors: FieldErrors, order: readonly string[]): string[] {
  return [...order.filter((f) => f in errors), ...Object.keys(errors).filter((f) => !order.includes(f))];
}
