// Island-only form checks of section 5: new password, password forgotten, and the changed fields of the
// customer data. Registration, quick registration, customer data and addresses use the rules the server
// runs too (src/lib/rules/forms.ts). Each returns field → error key (empty object = valid).
import { validatePasswordPair, isBlank } from '#rules/validate.ts';
import { parseLoginName } from '#rules/customer.ts';

export type Values = Record<string, string>;
export type Errors = Record<string, string>;

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

// A field whose check depends on another: a new country can make the postal code valid, a changed
// first entry can end the mismatch of its repeat. Their errors go with the field they depend on.
const DEPENDENTS: Readonly<Record<string, readonly string[]>> = {
  LandISO2: ['PLZ'], land_iso2: ['plz'], eMail: ['eMail2'], Kennwort: ['Kennwort2'], password: ['password2'],
};

/** The errors left once the customer changes field `k` (its own error, and its dependents'). */
export function withoutErrorsOf(errors: Errors, k: string): Errors {
  const gone = [k, ...(DEPENDENTS[k] ?? [])].filter((x) => x in errors);
  if (!gone.length) return errors;
  const n = { ...errors };
  for (const x of gone) delete n[x];
  return n;
}
