// The account calls of section 3/7: login, logout, client error log, registration (full and quick),
// verification, password forgotten/reset/change and the customer data change. Handlers: server/modules/auth/.
import { HONEYPOT_FIELD } from '../lib/rules/constants.ts';
import { zCountry, zLanguage, PageLocale } from './common.ts';
import { z } from 'zod';
import { contract } from './contract.ts';
import { Customer } from './user.ts';

// ---- customer data fields (registration and change) ----

export const zStr = (max: number) => z.string({ error: 'field_invalid' }).max(max, 'too_long');
export const zNumLike = z.union([z.number(), z.string().max(10, 'too_long')], { error: 'field_invalid' });
export const zFlag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'field_invalid' })
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
export const dataFields = {
  Anrede: zStr(2).optional(),
  Titel: zStr(30).optional(),
  Vorname: zStr(50).optional(),
  Nachname: zStr(50).optional(),
  NamensZeile1: zStr(80).optional(),
  NamensZeile2: zStr(80).optional(),
  NamensZeile3: zStr(80).optional(),
  Strasse: zStr(80).optional(),
  PLZ: zStr(12).optional(),
  Ort: zStr(60).optional(),
  LandISO2: zStr(2).optional(),
  TelefonVorwahl: zStr(12).optional(),
  TelefonRufnummer: zStr(30).optional(),
  MobilVorwahl: zStr(12).optional(),
  MobilRufnummer: zStr(30).optional(),
  FaxVorwahl: zStr(12).optional(),
  FaxRufnummer: zStr(30).optional(),
  Geburtsdatum: zStr(10).nullable().optional(),
  UstIdNr: zStr(20).optional(),
  Internetadresse: zStr(100).optional(),
  Branche: zNumLike.optional(),
  AnzahlTechniker: zNumLike.optional(),
  Sprache: zStr(2).optional(),
  Newsletter: zFlag.optional(),
  Faxwerbung: zFlag.optional(),
  eMail: zStr(254).optional(),
  eMail2: zStr(254).optional(),
};
export const registerBody = z.object({
  ...dataFields,
  [HONEYPOT_FIELD]: z.unknown().optional().describe('honeypot: must stay empty'),
  Kundennummer: z.union([z.number(), z.string().max(12, 'too_long')], { error: 'field_invalid' }).optional(),
  Kennwort: zStr(200).optional(),
  Kennwort2: zStr(200).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;
export const fastBody = z.object({
  eMail: zStr(254).optional(), eMail2: zStr(254).optional(),
  Kennwort: zStr(200).optional(), Kennwort2: zStr(200).optional(),
  NamensZeile1: zStr(80).optional(), PLZ: zStr(12).optional(), LandISO2: zStr(2).optional(),
  Newsletter: zFlag.optional(), Sprache: zStr(2).optional(),
  [HONEYPOT_FIELD]: z.unknown().optional().describe('honeypot: must stay empty'),
});
export const RegisterOut = z.object({ kdnr: z.number(), existing: z.boolean(), verification: z.literal('sent') });
// ---- login ----

export const loginBody = z.object({
  Firma: z.union([z.number(), z.string().max(3, 'give_credentials')], { error: 'give_credentials' }),
  Benutzername: z.string({ error: 'give_credentials' }).max(254, 'give_credentials'),
  Kennwort: z.string({ error: 'give_credentials' }).max(1000, 'give_credentials'),
  /** sent by the legacy client; carries nothing the server needs */
  kw: z.unknown().optional(),
});
// ---- routes ----

export const zText500 = () => z.string({ error: 'field_invalid' }).max(500, 'too_long').optional();

export const login = contract({
  method: 'post', path: '/login', access: 'public', tag: 'auth',
  summary: 'Login with customer number or e-mail (Benutzername) and password; answers the Customer and sets the session cookie',
  body: loginBody,
  response: Customer,
});

export const logout = contract({
  method: 'get', path: '/logout', access: 'public', tag: 'auth', stateChangingGet: true,
  summary: 'Ends the session (also without one); same-origin requests only (403 cross-site)',
  response: z.object({ loggedOut: z.literal(true) }),
});

export const logs = contract({
  method: 'post', path: '/logs', access: 'public', tag: 'auth',
  summary: 'Client error log (login failures, script errors); the stored IP is the one the server sees',
  body: z.object({
    firma: z.union([z.number().int(), z.string().regex(/^\d{0,3}$/, 'field_invalid'), z.null()], { error: 'field_invalid' }).optional(),
    kdnr: z.union([z.number().int(), z.string().regex(/^\d{0,9}$/, 'field_invalid'), z.null()], { error: 'field_invalid' }).optional(),
    page: zText500(),
    error: z.string({ error: 'field_invalid' }).max(4000, 'too_long').optional(),
    ip: z.string({ error: 'field_invalid' }).max(64, 'too_long').optional(),
    browser: zText500(),
    daten: z.unknown().optional(),
  }),
  response: z.object({ id: z.number() }),
});

export const register = contract({
  method: 'post', path: '/register', access: 'guest', tag: 'auth',
  summary: 'Registration: with Kundennummer + PLZ an existing customer registers the online access, else a new customer number is allocated; sends the verification mail. 10 per hour per address, 3 per e-mail (429)',
  query: PageLocale,
  body: registerBody,
  response: RegisterOut,
});

export const registerFast = contract({
  method: 'post', path: '/register/fast', access: 'guest', tag: 'auth',
  summary: 'Quick registration: e-mail, password twice, company (NamensZeile1), PLZ, country (LandISO2). 10 per hour per address, 3 per e-mail (429)',
  query: PageLocale,
  body: fastBody,
  response: RegisterOut,
});

export const registerVerify = contract({
  method: 'get', path: '/register/verify/:tkn/:country/:language', access: 'guest', tag: 'auth',
  summary: 'Confirms the account; result is the address to go to: /{country}/{language}/?verified=ok|already|missing|failed. 30 per hour per address (429)',
  params: z.object({ tkn: z.string().max(500, 'too_long'), country: zCountry, language: zLanguage }),
  response: z.string(),
});

export const passwordForgot = contract({
  method: 'post', path: '/password/forgot', access: 'guest', tag: 'auth',
  summary: 'Sends a reset link /{c}/{l}/new-password/{kdnr}/{tkn} when the customer number or e-mail is known; always answers 200 (429 past 10 per hour per address or 3 per login)',
  query: PageLocale,
  body: z.object({
    login: z.string({ error: 'give_credentials' }).max(254, 'too_long'),
    firma: z.union([z.number().int(), z.string().regex(/^\d{1,3}$/, 'field_invalid')], { error: 'field_invalid' }).optional(),
    [HONEYPOT_FIELD]: z.unknown().optional().describe('honeypot: must stay empty'),
  }),
  response: z.object({ sent: z.literal(true) }),
});

export const passwordNew = contract({
  method: 'post', path: '/password/new', access: 'guest', tag: 'auth',
  summary: 'Sets a new password with the reset link\'s kdnr and token; ends the customer\'s other sessions',
  body: z.object({
    kdnr: z.union([z.number().int(), z.string().regex(/^\d{1,9}$/, 'invalid_token')], { error: 'invalid_token' }),
    tkn: z.string({ error: 'invalid_token' }).max(200, 'invalid_token'),
    password: z.string({ error: 'password_length' }).max(1000, 'password_length'),
    password2: z.string({ error: 'password_mismatch' }).max(1000, 'password_mismatch'),
  }),
  response: z.object({ changed: z.literal(true) }),
});

export const passwordChange = contract({
  method: 'post', path: '/password/change', access: 'guest', tag: 'auth',
  summary: 'Changes the password with the current credentials (the way out of password_change_required; a sub-user with 123456x2); ends every other session of that login',
  body: loginBody.extend({
    password: z.string({ error: 'password_length' }).max(1000, 'password_length'),
    password2: z.string({ error: 'password_mismatch' }).max(1000, 'password_mismatch'),
  }),
  response: z.object({ changed: z.literal(true) }),
});

export const changeCustomerData = contract({
  method: 'put', path: '/user/kundendaten', access: 'customer', tag: 'user',
  summary: 'Customer data change (fields as in the Customer entity; only the fields sent change); errors answer customer_data_change_error with field and reason',
  body: z.object(dataFields),
  response: Customer,
});
