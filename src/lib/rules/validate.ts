// Generic validators of spec section 5. Each returns null when valid, otherwise an error key of the
// catalogue (ERROR_KEYS in constants.ts; its texts are in src/i18n/locales). Format validators judge
// the value as given; use validateField() to apply the "required → 'please fill in' / optional → empty is fine" rule.
import {
  ALNUM_MAX, CART_PANEL_MIN_QTY, FREEWAY_MIN_EUR, INDUSTRY_MAX, INDUSTRY_MIN, LIST_NAME_MAX,
  PASSWORD_MAX, PASSWORD_MIN, QTY_MAX, QTY_MIN, QUICK_SUGGEST_ARTNR_MAX, type ErrorKey,
} from './constants.ts';

type Input = string | null | undefined;
const str = (v: Input): string => (v ?? '').trim();

/**
 * Number of code points of `s`, but at most `cap + 1`: a code point is one or two UTF-16 units, so a
 * string longer than 2 × cap units is over the cap without looking at it (no work proportional to an
 * overlong input, e.g. a 50 MB name).
 */
export function codePointsUpTo(s: string, cap: number): number {
  if (s.length > 2 * cap) return cap + 1;
  let n = 0;
  for (const _ of s) if (++n > cap) break;
  return n;
}

export function isBlank(v: Input): boolean {
  return str(v) === '';
}

/** Required fields answer 'please fill in' when blank; optional blank fields are valid. */
export function validateRequired(v: Input): 'please_fill_in' | null {
  return isBlank(v) ? 'please_fill_in' : null;
}

export function validateField<K extends ErrorKey>(
  v: Input, opts: { required?: boolean; validate?: (value: string) => K | null },
): K | 'please_fill_in' | null {
  if (isBlank(v)) return opts.required ? 'please_fill_in' : null;
  return opts.validate ? opts.validate(str(v)) : null;
}

// ---- E-mail (pattern match only; existence is checked by the server: 'email_exists') ----
// Dot-atom local part; domain labels of letters/digits/hyphens (Unicode letters allowed for
// IDN domains), a TLD of at least two letters or a punycode TLD.
const EMAIL_RE = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

export function isEmail(v: Input): boolean {
  const s = str(v);
  return s.length <= 254 && EMAIL_RE.test(s);
}

export function validateEmail(v: Input): 'invalid_email' | null {
  return isEmail(v) ? null : 'invalid_email';
}

/** E-mail entered twice identically (after trimming). */
export function validateEmailPair(email: Input, repeat: Input): 'please_fill_in' | 'invalid_email' | 'email_mismatch' | null {
  if (isBlank(email)) return 'please_fill_in';
  if (!isEmail(email)) return 'invalid_email';
  return str(email) === str(repeat) ? null : 'email_mismatch';
}

// ---- Password: 7..100 characters (not trimmed: spaces are legitimate password characters) ----
export function validatePassword(pw: Input): 'password_length' | null {
  const n = codePointsUpTo(pw ?? '', PASSWORD_MAX); // code points, not UTF-16 units
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX ? null : 'password_length';
}

export function validatePasswordPair(pw: Input, repeat: Input): 'password_length' | 'password_mismatch' | null {
  return validatePassword(pw) ?? ((pw ?? '') === (repeat ?? '') ? null : 'password_mismatch');
}

// ---- Phone: optional leading +, digits with spaces ( ) / - . as separators, 3..20 digits ----
export function validatePhone(v: Input): 'invalid_phone' | null {
  const s = str(v);
  if (!/^\+?[\d\s()/.-]+$/.test(s)) return 'invalid_phone';
  const digits = s.replace(/\D/g, '').length;
  return digits >= 3 && digits <= 20 ? null : 'invalid_phone';
}

// ---- URL: http(s) with or without scheme ("www.labor.de" is what people type) ----
const HOST_RE = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

export function validateUrl(v: Input): 'invalid_url' | null {
  const s = str(v);
  if (s === '' || /\s/.test(s)) return 'invalid_url';
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(s); // "labor.de:8080" is a host with port
  if (hasScheme && !/^https?:\/\//i.test(s)) return 'invalid_url';
  const withScheme = hasScheme ? s : `http://${s}`;
  // host as typed (URL.hostname would be punycoded); stop at port, path, query, fragment
  const host = withScheme.replace(/^https?:\/\//i, '').split(/[/?#]/, 1)[0]!.replace(/:\d{1,5}$/, '');
  if (!HOST_RE.test(host)) return 'invalid_url';
  try {
    new URL(withScheme);
    return null;
  } catch {
    return 'invalid_url';
  }
}

// ---- Alphanumeric with spaces, 1..10 characters (ASCII letters and digits) ----
export function validateAlphanumeric(v: Input): 'invalid_alphanumeric' | null {
  const s = v ?? '';
  return new RegExp(`^[A-Za-z0-9 ]{1,${ALNUM_MAX}}$`).test(s) && s.trim() !== '' ? null : 'invalid_alphanumeric';
}

// ---- Date YYYY-M-D (one or two digit month and day), must exist in the calendar ----
export function parseDate(v: Input): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(str(v));
  if (!m) return null;
  const year = Number(m[1]), month = Number(m[2]), day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}

export function validateDate(v: Input): 'invalid_date' | null {
  return parseDate(v) ? null : 'invalid_date';
}

// ---- Time H:M (one or two digits each), 0..23 : 0..59 ----
export function validateTime(v: Input): 'invalid_time' | null {
  const m = /^(\d{1,2}):(\d{1,2})$/.exec(str(v));
  return m && Number(m[1]) <= 23 && Number(m[2]) <= 59 ? null : 'invalid_time';
}

// ---- Postal code per country (ISO2); unknown countries: 3..10 letters/digits ----
const POSTAL_CODE: Readonly<Record<string, RegExp>> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  PL: /^\d{2}-\d{3}$/,
  CZ: /^\d{3} ?\d{2}$/, // written "NNN NN"; typed without the space just as often
  HU: /^\d{4}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
};
// Inner spaces and hyphens allowed so e.g. "SW1A 1AA" or a ZIP+4 "12345-6789" pass.
const POSTAL_CODE_OTHER = /^(?=.{3,10}$)[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/i;

export function validatePostalCode(v: Input, countryIso2: Input): 'invalid_postal_code' | null {
  const re = POSTAL_CODE[str(countryIso2).toUpperCase()] ?? POSTAL_CODE_OTHER;
  return re.test(str(v)) ? null : 'invalid_postal_code';
}

// ---- Numeric fields (counts such as the number of dental technicians): digits only ----
export function validateNumeric(v: Input | number): 'invalid_numeric' | null {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? null : 'invalid_numeric';
  return /^\d+$/.test(str(v)) ? null : 'invalid_numeric';
}

// ---- Industry (branche) must be chosen: 1..30 ----
export function validateIndustry(v: number | string | null | undefined): 'industry_required' | null {
  const n = typeof v === 'number' ? v : /^\d+$/.test(str(v)) ? Number(str(v)) : NaN;
  return Number.isInteger(n) && n >= INDUSTRY_MIN && n <= INDUSTRY_MAX ? null : 'industry_required';
}

// ---- Quantity: integer above 0 ----
/** The quantity as a positive safe integer, or null ("1.5", "0", "-2", "abc", "" are all null). */
export function parseQuantity(v: number | string | null | undefined): number | null {
  const n = typeof v === 'number' ? v : /^\d+$/.test(str(v)) ? Number(str(v)) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function validateQuantity(v: number | string | null | undefined): 'error_menge' | null {
  return parseQuantity(v) === null ? 'error_menge' : null;
}

/**
 * Quantity stepper: whole steps of 1 within min..max (default 0..999; the cart panel uses
 * min CART_PANEL_MIN_QTY). Fractions are rounded; non-numbers fall back to min.
 */
export function clampQty(v: number | string | null | undefined, min: number = QTY_MIN, max: number = QTY_MAX): number {
  const n = typeof v === 'number' ? v : str(v) === '' ? NaN : Number(str(v));
  if (Number.isNaN(n)) return min;
  return Math.min(max, Math.max(min, Math.round(n)));
}

/**
 * A quantity typed into the stepper (section 5: error_menge): the whole number when it lies within
 * min..max, 'error_menge' when it does not (0 in the cart, 1500, 2.5, -1), null while the field is
 * empty (still typing). Typed values are never clamped silently.
 */
export function typedQty(v: string, min: number = QTY_MIN, max: number = QTY_MAX): number | 'error_menge' | null {
  const s = v.trim();
  if (s === '') return null;
  if (!/^\d+$/.test(s)) return 'error_menge';
  const n = Number(s);
  return n >= min && n <= max ? n : 'error_menge';
}

export function stepQty(current: number, delta: number, min: number = QTY_MIN, max: number = QTY_MAX): number {
  return clampQty(clampQty(current, min, max) + delta, min, max);
}

export function clampCartPanelQty(v: number | string | null | undefined): number {
  return clampQty(v, CART_PANEL_MIN_QTY, QTY_MAX);
}

// ---- Order list name: 1..50 characters after trimming ----
export function validateListName(v: Input): 'invalid_list_name' | null {
  if ((v ?? '').length > 4 * LIST_NAME_MAX) return 'invalid_list_name'; // refused before trimming an overlong input
  const n = codePointsUpTo(str(v), LIST_NAME_MAX);
  return n >= 1 && n <= LIST_NAME_MAX ? null : 'invalid_list_name';
}

// ---- Benefit code (Vorteilscode) must not be empty ----
export function validateBenefitCode(v: Input): 'benefit_code_empty' | null {
  return isBlank(v) ? 'benefit_code_empty' : null;
}

// ---- Quick suggestion by article number: 1..10 of letters, digits, dot, comma, dash ----
const QUICK_SUGGEST_RE = new RegExp(`^[A-Za-z0-9.,-]{1,${QUICK_SUGGEST_ARTNR_MAX}}$`);

export function isQuickSuggestArtnr(v: Input): boolean {
  return QUICK_SUGGEST_RE.test(str(v));
}

export function validateQuickSuggestArtnr(v: Input): 'error_artnr' | null {
  return isQuickSuggestArtnr(v) ? null : 'error_artnr';
}

// ---- Patient work needs an order number ----
export function validateOrderNumber(v: Input): 'order_number_required' | null {
  return isBlank(v) ? 'order_number_required' : null;
}

// ---- Service request: at least one photo and a text ----
export function validateServiceRequest(req: { photos: number; text: Input }): 'service_photo_required' | 'service_text_required' | null {
  if (!(req.photos >= 1)) return 'service_photo_required';
  return isBlank(req.text) ? 'service_text_required' : null;
}

// ---- Digitisation: at least one cabinet, and at least one photo per drawer ----
export function validateDigitisation(
  cabinets: readonly { drawers: readonly { photos: number }[] }[],
): 'digitisation_cabinet_required' | 'digitisation_photo_per_drawer_required' | null {
  if (cabinets.length === 0) return 'digitisation_cabinet_required';
  const missing = cabinets.some((c) => c.drawers.some((d) => !(d.photos >= 1)));
  return missing ? 'digitisation_photo_per_drawer_required' : null;
}

// ---- Printing needs a template ----
export function validatePrintTemplate(templateId: string | number | null | undefined): 'print_template_required' | null {
  return templateId === null || templateId === undefined || String(templateId).trim() === '' ? 'print_template_required' : null;
}

// ---- Freeway return ticket: order value at least 170 EUR, one per month ----
/**
 * lastTicket is the calendar month (1..12) of the last ticket, compared with now's local month.
 * The minimum value is checked first: it is the one the customer can fix right away.
 */
export function validateFreeway(
  orderValueEur: number, lastTicket: { year: number; month: number } | null, now: Date = new Date(),
): 'freeway_min_value' | 'freeway_once_per_month' | null {
  if (!(orderValueEur >= FREEWAY_MIN_EUR)) return 'freeway_min_value';
  if (lastTicket && lastTicket.year === now.getFullYear() && lastTicket.month === now.getMonth() + 1) {
    return 'freeway_once_per_month';
  }
  return null;
}

// ---- Contact form (section 5): every field below is required ----
export interface ContactFormInput {
  salutation: Input;
  firstName: Input;
  lastName: Input;
  email: Input;
  phone: Input;
  date: Input;
  time: Input;
  message: Input;
  artnr: Input;
}

export type ContactFormErrors = Partial<Record<keyof ContactFormInput, ErrorKey>>;

export function validateContactForm(form: ContactFormInput): ContactFormErrors {
  const checks: { [K in keyof ContactFormInput]: ErrorKey | null } = {
    salutation: validateRequired(form.salutation),
    firstName: validateRequired(form.firstName),
    lastName: validateRequired(form.lastName),
    email: validateField(form.email, { required: true, validate: validateEmail }),
    phone: validateField(form.phone, { required: true, validate: validatePhone }),
    date: validateField(form.date, { required: true, validate: validateDate }),
    time: validateField(form.time, { required: true, validate: validateTime }),
    message: validateRequired(form.message),
    artnr: validateRequired(form.artnr),
  };
  const errors: ContactFormErrors = {};
  for (const [k, v] of Object.entries(checks) as [keyof ContactFormInput, ErrorKey | null][]) if (v) errors[k] = v;
  return errors;
}
