// Customer identity rules: login-name parsing (spec section 5) and guest detection (section 4).
import { PASSWORD_MAX } from './constants.ts';
import { codePointsUpTo, isEmail } from './validate.ts';

export type LoginNameError = 'invalid_email_format' | 'invalid_kdnr_format' | 'give_credentials';

export type LoginName =
  | { kind: 'email'; email: string }
  | { kind: 'kdnr'; kdnr: string }
  | { kind: 'error'; error: LoginNameError };

/*
 * Customer-number formats (section 5):
 *  a) optional 1-2 digit prefix plus a separator (- / . or space), then 4 to 7 digits,
 *     optionally followed by x and digits:  "123456", "12-123456", "1/12345", "123456x2"
 *  b) 2 digits directly followed by 7 digits: "121234567"
 *
 * "The extracted customer number" is the 4-7 digit core in (a) and the last 7 digits in (b):
 * the prefix (with or without separator) is the company/country part printed on documents and
 * the x-suffix names a sub-user (subUserSuffix), neither of which is part of the customer number that
 * identifies the account.
 * So "12-123456" → "123456", "123456x2" → "123456", "121234567" → "1234567".
 * Leading zeros of the core are kept: the result is used verbatim as the login user name.
 */
const KDNR_WITH_OPTIONAL_PREFIX = /^(?:\d{1,2}[-/. ])?(\d{4,7})(?:x\d+)?$/i;
const KDNR_TWO_PLUS_SEVEN = /^\d{2}(\d{7})$/;

/** Returns the extracted customer number, or null when the text has neither format. */
export function extractKdnr(input: string): string | null {
  const s = input.trim();
  const m = KDNR_WITH_OPTIONAL_PREFIX.exec(s) ?? KDNR_TWO_PLUS_SEVEN.exec(s);
  return m?.[1] ?? null;
}

/**
 * The sub-user of a customer-number login: "123456x2" → 2, otherwise null. The suffix names the
 * sub-user (its number in the user management); only that sub-user's own password opens it.
 */
export function subUserSuffix(input: string | null | undefined): number | null {
  const s = (input ?? '').trim();
  if (!KDNR_WITH_OPTIONAL_PREFIX.test(s)) return null;
  const m = /x(\d{1,9})$/i.exec(s);
  return m ? Number(m[1]) : null;
}

/**
 * Classifies a login user name (section 5), in the spec's order:
 * empty → give_credentials; e-mail shape → email; letters other than x (either case) →
 * invalid_email_format; no digits → invalid_kdnr_format; otherwise the customer-number
 * format decides (a digit string in neither format is a wrong customer-number format too).
 */
export function parseLoginName(input: string | null | undefined): LoginName {
  const s = (input ?? '').trim();
  if (s === '') return { kind: 'error', error: 'give_credentials' };
  if (isEmail(s)) return { kind: 'email', email: s };
  // any letter (Unicode-aware, so umlauts count) apart from the x of the sub-account suffix
  if (/\p{L}/u.test(s.replace(/x/gi, ''))) {
    return { kind: 'error', error: 'invalid_email_format' };
  }
  if (!/\d/.test(s)) return { kind: 'error', error: 'invalid_kdnr_format' };
  const kdnr = extractKdnr(s);
  return kdnr === null ? { kind: 'error', error: 'invalid_kdnr_format' } : { kind: 'kdnr', kdnr };
}

/**
 * The user name a login sends for a parsed name: the e-mail, or the extracted customer number with the
 * sub-user suffix kept ("12-123456x2" → "123456x2": the suffix picks the sub-user, see subUserSuffix).
 */
export function loginUserName(parsed: Exclude<LoginName, { kind: 'error' }>, input: string): string {
  if (parsed.kind === 'email') return parsed.email;
  const sub = subUserSuffix(input);
  return sub === null ? parsed.kdnr : `${parsed.kdnr}x${sub}`;
}

/**
 * Full login-form check: user name and password are required (else 'give credentials');
 * the password input is capped at PASSWORD_MAX characters, a longer one cannot be valid.
 * The minimum length is not checked at login, only when a password is set.
 */
export function parseLogin(username: string | null | undefined, password: string | null | undefined): LoginName {
  if (!password || codePointsUpTo(password, PASSWORD_MAX) > PASSWORD_MAX) return { kind: 'error', error: 'give_credentials' };
  return parseLoginName(username);
}

/**
 * A guest has an empty customer number or 0 (section 4); logged in means above 0.
 * Anything that is not a number above 0 (negative, non-numeric) is treated as a guest too.
 */
export function isGuest(kdnr: string | number | null | undefined): boolean {
  if (kdnr === null || kdnr === undefined) return true;
  const s = String(kdnr).trim();
  if (s === '') return true;
  const n = Number(s);
  return !(Number.isFinite(n) && n > 0);
}

export function isLoggedIn(kdnr: string | number | null | undefined): boolean {
  return !isGuest(kdnr);
}
