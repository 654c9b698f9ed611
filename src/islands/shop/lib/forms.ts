// Form checks of section 5 for registration, quick registration, password and customer data.
// Each returns field → error key (empty object = valid); keys come from src/lib/rules.
import {
  validateEmail, validateEmailPair, validateIndustry, validateNumeric, validatePasswordPair, validatePhone,
  validatePostalCode, validateUrl, validateDate, isBlank,
} from '../../../lib/rules/validate.ts';
import { parseLoginName } from '../../../lib/rules/customer.ts';

export type Values = Record<string, string>;
export type Errors = Record<string, string>;

export const REGISTER_REQUIRED = ['eMail', 'eMail2', 'Kennwort', 'Kennwort2', 'Vorname', 'Nachname', 'NamensZeile1', 'Strasse',
  'PLZ', 'Ort', 'LandISO2', 'TelefonRufnummer', 'Branche'] as const;
export const EXISTING_REQUIRED = ['Kundennummer', 'PLZ', 'eMail', 'eMail2', 'Kennwort', 'Kennwort2'] as const;
export const FAST_REQUIRED = ['eMail', 'eMail2', 'Kennwort', 'Kennwort2', 'NamensZeile1', 'PLZ', 'LandISO2'] as const;
export const KUNDENDATEN_REQUIRED = ['Vorname', 'Nachname', 'NamensZeile1', 'Strasse', 'PLZ', 'Ort', 'LandISO2', 'eMail'] as const;

const put = (e: Errors, k: string, v: string | null) => { if (v && !e[k]) e[k] = v; };

/** Shared format checks of the fields present. */
function formats(v: Values, e: Errors, opts: { emailTwice: boolean; passwordTwice: boolean }): void {
  if (!isBlank(v.eMail)) {
    put(e, 'eMail', validateEmail(v.eMail));
    if (opts.emailTwice) put(e, 'eMail2', isBlank(v.eMail2) ? 'please_fill_in' : validateEmailPair(v.eMail, v.eMail2) === 'email_mismatch' ? 'email_mismatch' : null);
  }
  if (opts.passwordTwice && (!isBlank(v.Kennwort) || !isBlank(v.Kennwort2))) {
    const pe = validatePasswordPair(v.Kennwort ?? '', v.Kennwort2 ?? '');
    if (pe === 'password_mismatch') put(e, 'Kennwort2', pe); else put(e, 'Kennwort', pe);
  }
  if (!isBlank(v.PLZ)) put(e, 'PLZ', validatePostalCode(v.PLZ, v.LandISO2 || 'DE'));
  for (const k of ['TelefonRufnummer', 'MobilRufnummer', 'FaxRufnummer']) if (!isBlank(v[k])) put(e, k, validatePhone(v[k]));
  if (!isBlank(v.Internetadresse)) put(e, 'Internetadresse', validateUrl(v.Internetadresse));
  if (!isBlank(v.Geburtsdatum)) put(e, 'Geburtsdatum', validateDate(v.Geburtsdatum));
  if (!isBlank(v.AnzahlTechniker)) put(e, 'AnzahlTechniker', validateNumeric(v.AnzahlTechniker));
  if (!isBlank(v.Kundennummer)) put(e, 'Kundennummer', /^\d{1,9}$/.test(v.Kundennummer!.trim()) ? null : 'invalid_kdnr_format');
}

function required(v: Values, e: Errors, fields: readonly string[]): void {
  for (const k of fields) if (isBlank(v[k])) put(e, k, k === 'Branche' ? 'industry_required' : 'please_fill_in');
}

/** Full registration; with a customer number it is the existing customer's online access. */
export function validateRegister(v: Values): Errors {
  const e: Errors = {};
  const existing = !isBlank(v.Kundennummer);
  required(v, e, existing ? EXISTING_REQUIRED : REGISTER_REQUIRED);
  if (!e.Branche && !isBlank(v.Branche)) put(e, 'Branche', validateIndustry(v.Branche));
  formats(v, e, { emailTwice: true, passwordTwice: true });
  return e;
}

export function validateFastRegister(v: Values): Errors {
  const e: Errors = {};
  required(v, e, FAST_REQUIRED);
  formats(v, e, { emailTwice: true, passwordTwice: true });
  return e;
}

/** Customer data change: the required fields, e-mail twice only when it changes. */
export function validateKundendaten(v: Values, originalEmail: string): Errors {
  const e: Errors = {};
  required(v, e, KUNDENDATEN_REQUIRED);
  const changes = (v.eMail ?? '').trim().toLowerCase() !== originalEmail.trim().toLowerCase();
  formats(v, e, { emailTwice: changes, passwordTwice: false });
  if (!isBlank(v.Branche)) put(e, 'Branche', validateIndustry(v.Branche));
  return e;
}

export function validateNewPassword(pw: string, pw2: string): Errors {
  const e: Errors = {};
  const pe = validatePasswordPair(pw, pw2);
  if (pe === 'password_mismatch') e.password2 = pe; else if (pe) e.password = pe;
  return e;
}

/** Forgotten password: customer number or e-mail (the login-name rules). */
export function validateForgot(login: string): Errors {
  // no password on this form: an empty name is a plain required field, not the login's
  // "customer number or e-mail and password" (give_credentials)
  if (isBlank(login)) return { login: 'please_fill_in' };
  const p = parseLoginName(login);
  return p.kind === 'error' ? { login: p.error } : {};
}

/** Only the fields that differ from the original (what the change call needs). */
export function changedFields(v: Values, original: Values): Values {
  const out: Values = {};
  for (const [k, val] of Object.entries(v)) if ((original[k] ?? '') !== val) out[k] = val;
  return out;
}
