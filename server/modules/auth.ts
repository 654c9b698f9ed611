// Login/logout, client error log, registration (full and quick), verification, password reset,
// customer data change and the development outbox.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from 'hono';
import type { Db } from '../db/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { createSession, destroySession, endSessions, type Session } from '../http/session.ts';
import { accountName, allowCall, loginAttempt, type LoginAttempt } from '../lib/login-throttle.ts';
import { checkHoneypot, HONEYPOT_FIELD, limitGuest, limitGuestMail } from '../lib/guest-limits.ts';
import { publicBaseUrl, sendMail } from '../lib/mail.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { requirePermission } from '../lib/permissions.ts';
import { nowIso } from '../lib/time.ts';
import { customerEntity, findCountry, loadCustomerRow, sessionCustomer } from './user.ts';
import { ERROR_TEXTS } from '../../src/lib/rules/constants.ts';
import { parseLogin, parseLoginName, subUserSuffix } from '../../src/lib/rules/customer.ts';
import { resolveLanguage } from '../../src/lib/rules/locale.ts';
import { validatePasswordPair, parseDate } from '../../src/lib/rules/validate.ts';
import * as calls from '../../src/api/auth.ts';
import { fastRegisterErrors, isExistingRegistration, kundendatenErrors, registerErrors } from '../../src/lib/rules/forms.ts';
import { loginBody, registerBody, dataFields, fastBody } from '../../src/api/auth.ts';

// ---- helpers ----

const tokenHash = (t: string) => createHash('sha256').update(t).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;
const VERIFY_TOKEN_RE = /^[A-Za-z0-9_-]{8,128}$/;
const RESET_HOURS = 2;

const text = (key: string) => (ERROR_TEXTS as Record<string, string>)[key] ?? key;
const keyed = (status: number, key: string, textKey: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, key, { message: text(textKey), ...extra });

function refuseWhenLoggedIn(session: Session | null): void {
  if (session) throw forbidden('already_logged_in', { message: 'Sie sind bereits angemeldet' });
}

async function limit(db: Db, ip: string, what: string, max: number, windowMs: number): Promise<void> {
  if (!(await allowCall(db, `${what}:${ip}`, max, windowMs))) throw new ApiError(429, 'too_many_requests');
}

/** Country/language for mail links and new sessions: query first, then the given fallbacks. */
function requestLocale(c: Context, fallback: { country?: string | null; language?: string | null }) {
  const q = (k: string) => { const v = c.req.query(k); return v && /^[a-zA-Z]{2}$/.test(v) ? v.toLowerCase() : null; };
  const country = q('country') ?? (fallback.country && /^[a-zA-Z]{2}$/.test(fallback.country) ? fallback.country.toLowerCase() : 'de');
  const language = q('lang') ?? q('language') ?? (fallback.language && /^[a-zA-Z]{2}$/.test(fallback.language) ? fallback.language.toLowerCase() : 'de');
  return { country, language };
}

async function emailTaken(db: Db, firma: number, email: string, exceptKdnr?: number): Promise<boolean> {
  let q = db.selectFrom('customers').select('kdnr').where('firma', '=', firma)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptKdnr !== undefined) q = q.where('kdnr', '<>', exceptKdnr);
  return !!(await q.limit(1).executeTakeFirst());
}

async function sendVerifyMail(db: Db, to: string, kdnr: number, token: string, loc: { country: string; language: string }) {
  const link = `${publicBaseUrl()}/${loc.country}/${loc.language}/verify/${token}`;
  await sendMail(db, {
    to, kind: 'verify', subject: 'Bitte bestätigen Sie Ihre Registrierung',
    text: `Guten Tag,\n\nvielen Dank für Ihre Registrierung (Kundennummer ${kdnr}).\n`
      + `Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:\n\n${link}\n\n`
      + 'Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail bitte.\n',
  });
}

type DataInput = { [K in keyof typeof dataFields]?: z.output<(typeof dataFields)[K]> };

function throwFieldErrors(errors: Record<string, string>, asKey?: string): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  const [field, key] = entries[0]!;
  if (asKey) throw keyed(400, asKey, 'customer_data_change_error', { field, reason: key, fields: errors });
  throw badRequest(key, { field, fields: errors });
}

const trimOr = (v: unknown, d = '') => (v === undefined || v === null ? d : String(v).trim());
const dateOrNull = (v: unknown) => {
  const p = parseDate(trimOr(v));
  return p ? `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}` : null;
};

/** Column values for the data fields present in the input. */
function columnsOf(d: DataInput, lndnr?: number) {
  const out: Record<string, unknown> = {};
  const map: Record<string, string> = {
    Anrede: 'anrede', Titel: 'titel', Vorname: 'vorname', Nachname: 'nachname', NamensZeile1: 'namenszeile1',
    NamensZeile2: 'namenszeile2', NamensZeile3: 'namenszeile3', Strasse: 'strasse', PLZ: 'plz', Ort: 'ort',
    TelefonVorwahl: 'telefon_vorwahl', TelefonRufnummer: 'telefon', MobilVorwahl: 'mobil_vorwahl', MobilRufnummer: 'mobil',
    FaxVorwahl: 'fax_vorwahl', FaxRufnummer: 'fax', UstIdNr: 'ust_id', Internetadresse: 'internet',
  };
  for (const [k, col] of Object.entries(map)) {
    const v = d[k as keyof DataInput];
    if (v !== undefined) out[col] = trimOr(v);
  }
  if (d.Anrede !== undefined && trimOr(d.Anrede) === '') out.anrede = 'ka';
  if (d.LandISO2 !== undefined) out.land_iso2 = trimOr(d.LandISO2).toUpperCase();
  if (lndnr !== undefined) out.lndnr = lndnr;
  if (d.Geburtsdatum !== undefined) out.geburtsdatum = dateOrNull(d.Geburtsdatum);
  if (d.Branche !== undefined) out.branche = trimOr(d.Branche) === '' ? null : Number(d.Branche);
  if (d.AnzahlTechniker !== undefined) out.anzahl_techniker = trimOr(d.AnzahlTechniker) === '' ? null : Number(d.AnzahlTechniker);
  if (d.Newsletter !== undefined) out.newsletter = d.Newsletter;
  if (d.Faxwerbung !== undefined) out.faxwerbung = d.Faxwerbung;
  if (d.eMail !== undefined) out.email = trimOr(d.eMail).toLowerCase();
  return out;
}

/** New customer number: one above the highest (retried by the caller on a concurrent insert). */
async function insertNewCustomer(db: Db, values: Record<string, unknown>): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (tx) => {
        const max = await tx.selectFrom('customers').select(sql<number>`max(kdnr)`.as('m')).executeTakeFirst();
        const kdnr = Math.max(Number(max?.m ?? 0) + 1, 100000);
        const row = {
          kdnr, firma: 1, email: null, password_hash: null, verified: 0, verify_token: null, reset_token: null, reset_expires: null,
          must_change_password: 0, login_locked: 0, anrede: 'ka', titel: '', vorname: '', nachname: '', geburtsdatum: null,
          telefon_vorwahl: '', telefon: '', mobil_vorwahl: '', mobil: '', fax_vorwahl: '', fax: '', internet: '', ust_id: '',
          namenszeile1: '', namenszeile2: '', namenszeile3: '', strasse: '', plz: '', ort: '', lndnr: 1, land_iso2: 'DE',
          branche: null, anzahl_techniker: null, sprache: 'de', newsletter: 0, faxwerbung: 0, price_list: 0, created_at: nowIso(),
          ...values,
        };
        await tx.insertInto('customers').values(row as never).execute();
        return kdnr;
      });
    } catch (e) {
      if (attempt >= 4) throw e;
    }
  }
}

async function registerNew(db: Db, c: Context, d: z.output<typeof registerBody> | z.output<typeof fastBody>) {
  const country = await findCountry(db, trimOr(d.LandISO2));
  if (!country) throw badRequest('invalid_country', { field: 'LandISO2' });
  const email = trimOr(d.eMail).toLowerCase();
  if (await emailTaken(db, country.fi, email)) throw keyed(409, 'email_exists', 'email_exists', { field: 'eMail' });
  await limitGuestMail(db, 'register', email);
  const token = newToken();
  const language = resolveLanguage(trimOr(d.Sprache) || requestLocale(c, {}).language, country.fi);
  const kdnr = await insertNewCustomer(db, {
    ...columnsOf(d as DataInput, country.lndnr),
    firma: country.fi, email, password_hash: await hashPassword(String(d.Kennwort)), verified: 0,
    verify_token: tokenHash(token), sprache: language,
  });
  await sendVerifyMail(db, email, kdnr, token, requestLocale(c, { country: country.iso2, language }));
  return { kdnr, existing: false, verification: 'sent' as const };
}

type Candidate = NonNullable<Awaited<ReturnType<typeof loadCustomerRow>>>;

async function candidatesFor(db: Db, firma: number, login: ReturnType<typeof parseLoginName>): Promise<Candidate[]> {
  if (login.kind === 'kdnr') {
    const r = await db.selectFrom('customers').selectAll().where('kdnr', '=', Number(login.kdnr)).where('firma', '=', firma).execute();
    return r;
  }
  if (login.kind === 'email') {
    return db.selectFrom('customers').selectAll().where('firma', '=', firma)
      .where(sql<string>`lower(email)`, '=', login.email.toLowerCase()).orderBy('kdnr').limit(20).execute();
  }
  return [];
}

/** Which candidates the password opens (each check runs one scrypt, also without a hash). */
async function matching(cands: Candidate[], password: string): Promise<Candidate[]> {
  if (cands.length === 0) {
    await verifyPassword(password, null);
    return [];
  }
  const ok: Candidate[] = [];
  for (const cnd of cands) if (await verifyPassword(password, cnd.password_hash)) ok.push(cnd);
  return ok;
}

interface Credentials {
  customer: Candidate;
  subUserId: number | null;
  attempt: LoginAttempt;
  /** the password was set by someone else (or must be renewed): the login asks for a new one first */
  mustChange: boolean;
}

/**
 * Shared credential check of login and password change; throws the spec's login errors.
 * "123456x2" is sub-user 2 of customer 123456 and only that sub-user's own password opens it
 * (docs/ACCOUNTS.md); every path costs one password hash, found or not.
 */
async function checkCredentials(db: Db, ip: string, body: z.output<typeof loginBody>): Promise<Credentials> {
  const firma = typeof body.Firma === 'number' ? body.Firma : /^\d{1,3}$/.test(body.Firma.trim()) ? Number(body.Firma) : NaN;
  const login = parseLogin(body.Benutzername, body.Kennwort);
  if (!Number.isInteger(firma) || login.kind === 'error') {
    throw badRequest('give_credentials', { reason: login.kind === 'error' ? login.error : 'invalid_firma' });
  }
  const sub = login.kind === 'kdnr' ? subUserSuffix(body.Benutzername) : null;
  const name = login.kind === 'kdnr' ? login.kdnr.replace(/^0+/, '') + (sub === null ? '' : `x${sub}`) : login.email;
  const attempt = await loginAttempt(db, accountName(firma, name), ip);
  if (attempt.retryAfter > 0) throw new ApiError(429, 'too_many_requests', { retryAfter: attempt.retryAfter });
  const fail = async (): Promise<never> => {
    await attempt.failed();
    throw new ApiError(401, 'login_error');
  };
  const cands = await candidatesFor(db, firma, login);
  if (sub !== null) {
    const customer = cands[0];
    const su = customer
      ? await db.selectFrom('sub_users').select(['password_hash', 'must_change_password']).where('kdnr', '=', customer.kdnr)
        .where('id', '=', sub).where('deleted', '=', 0).executeTakeFirst()
      : undefined;
    if (!(await verifyPassword(body.Kennwort, su?.password_hash ?? null)) || !customer) return fail();
    if (customer.login_locked) throw new ApiError(401, 'login_error');
    return { customer, subUserId: sub, attempt, mustChange: !!su?.must_change_password };
  }
  const ok = await matching(cands, body.Kennwort);
  if (ok.length === 0) return fail();
  if (login.kind === 'email' && cands.length > 1) {
    throw new ApiError(401, 'login_error_4', { errorDescription: '4' });
  }
  const customer = ok[0]!;
  if (customer.login_locked) throw new ApiError(401, 'login_error');
  return { customer, subUserId: null, attempt, mustChange: !!customer.must_change_password };
}

export const routes: AnyRoute[] = [
  defineRoute(calls.login, async ({ db, c, ip, body, session }) => {
    const { customer, subUserId, attempt, mustChange } = await checkCredentials(db, ip, body);
    await attempt.succeeded(); // the password was right: not a failure, whatever follows
    if (!customer.verified) throw new ApiError(401, 'login_error_5', { errorDescription: '5' });
    if (mustChange) throw new ApiError(401, 'password_change_required');
    if (session) await destroySession(db, c, session); // a fresh token on every login (no fixation)
    const loc = requestLocale(c, { country: session?.country ?? customer.land_iso2, language: session?.language ?? customer.sprache });
    const s = await createSession(db, c, {
      kdnr: customer.kdnr, firma: customer.firma, country: loc.country, language: resolveLanguage(loc.language, customer.firma), subUserId,
    });
    return customerEntity(db, customer, { lang: s.language, country: s.country, subUserId });
  }),

  defineRoute(calls.logout, async ({ db, c, session }) => {
    await destroySession(db, c, session);
    return { loggedOut: true as const };
  }),

  defineRoute(calls.logs, async ({ db, body, ip, session }) => {
    await limit(db, ip, 'logs', 120, 60_000);
    const daten = body.daten === undefined || body.daten === null ? '' : typeof body.daten === 'string' ? body.daten : JSON.stringify(body.daten);
    if (daten.length > 8000) throw badRequest('too_long', { field: 'daten' });
    const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
    const row = await db.insertInto('client_logs').values({
      firma: session?.firma ?? num(body.firma), kdnr: session?.kdnr ?? num(body.kdnr),
      page: body.page ?? '', error: body.error ?? '', ip, browser: body.browser ?? '', daten, created_at: nowIso(),
    }).returning('id').executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  }),

  defineRoute(calls.register, async ({ db, c, ip, body, session }) => {
    refuseWhenLoggedIn(session);
    checkHoneypot(body[HONEYPOT_FIELD]);
    const existing = isExistingRegistration(body);
    throwFieldErrors(registerErrors(body));
    // counted once the input is valid: typos do not use up the limit, every mail does
    await limitGuest(db, 'register', ip);
    if (!existing) return registerNew(db, c, body);

    const kdnr = Number(String(body.Kundennummer).trim());
    const cust = await loadCustomerRow(db, kdnr);
    if (!cust) throw keyed(400, 'kdnr_not_found', 'register_kdnr_not_found', { field: 'Kundennummer' });
    const norm = (p: string) => p.replace(/\s+/g, '').toUpperCase();
    if (norm(cust.plz) !== norm(trimOr(body.PLZ))) throw keyed(400, 'kdnr_plz_mismatch', 'register_kdnr_plz_mismatch', { field: 'PLZ' });
    const email = trimOr(body.eMail).toLowerCase();
    if (cust.password_hash) {
      const same = (cust.email ?? '').toLowerCase() === email && (await verifyPassword(String(body.Kennwort), cust.password_hash));
      if (same) throw keyed(409, 'user_already_registered', 'register_already_registered');
      throw keyed(409, 'wrong_credentials_user_exists', 'register_wrong_credentials');
    }
    if (await emailTaken(db, cust.firma, email, kdnr)) throw keyed(409, 'email_exists', 'email_exists', { field: 'eMail' });
    await limitGuestMail(db, 'register', email);
    const token = newToken();
    const patch: Record<string, unknown> = {
      email, password_hash: await hashPassword(String(body.Kennwort)), verified: 0, verify_token: tokenHash(token), must_change_password: 0,
    };
    if (body.Newsletter !== undefined) patch.newsletter = body.Newsletter;
    if (body.Faxwerbung !== undefined) patch.faxwerbung = body.Faxwerbung;
    if (body.Sprache) patch.sprache = resolveLanguage(body.Sprache, cust.firma);
    await db.updateTable('customers').set(patch).where('kdnr', '=', kdnr).execute();
    await sendVerifyMail(db, email, kdnr, token, requestLocale(c, { country: cust.land_iso2, language: cust.sprache }));
    return { kdnr, existing: true, verification: 'sent' as const };
  }),

  defineRoute(calls.registerFast, async ({ db, c, ip, body, session }) => {
    refuseWhenLoggedIn(session);
    checkHoneypot(body[HONEYPOT_FIELD]);
    throwFieldErrors(fastRegisterErrors(body));
    await limitGuest(db, 'register', ip);
    return registerNew(db, c, body);
  }),

  defineRoute(calls.registerVerify, async ({ db, params, ip }) => {
    await limitGuest(db, 'verify', ip);
    const target = (v: string) => `/${params.country}/${resolveLanguage(params.language, 1)}/?verified=${v}`;
    if (!VERIFY_TOKEN_RE.test(params.tkn)) return target('missing');
    // new tokens are stored hashed; accounts created before (seed, imports) carry the plain token
    const forms = [tokenHash(params.tkn), params.tkn];
    const cust = await db.selectFrom('customers').select(['kdnr', 'verified', 'verify_token'])
      .where('verify_token', 'in', forms).executeTakeFirst();
    if (!cust) return target('missing');
    if (cust.verified) return target('already');
    const r = await db.updateTable('customers').set({ verified: 1 })
      .where('kdnr', '=', cust.kdnr).where('verify_token', '=', cust.verify_token).executeTakeFirst();
    return target(Number(r.numUpdatedRows) === 1 ? 'ok' : 'failed');
  }),

  defineRoute(calls.passwordForgot, async ({ db, c, ip, body }) => {
    const login = parseLoginName(body.login);
    if (login.kind === 'error') throw badRequest('give_credentials', { reason: login.error });
    checkHoneypot(body[HONEYPOT_FIELD]);
    // per address, and per login asked for (each one mails that account's stored address)
    await limitGuest(db, 'forgot', ip);
    await limitGuestMail(db, 'forgot', login.kind === 'kdnr' ? `kdnr:${login.kdnr.replace(/^0+/, '')}` : login.email);
    let q = db.selectFrom('customers').select(['kdnr', 'email', 'land_iso2', 'sprache']).where('email', 'is not', null);
    q = login.kind === 'kdnr' ? q.where('kdnr', '=', Number(login.kdnr)) : q.where(sql<string>`lower(email)`, '=', login.email.toLowerCase());
    if (body.firma !== undefined) q = q.where('firma', '=', Number(body.firma));
    const found = await q.limit(10).execute();
    for (const cust of found) {
      if (!cust.email) continue;
      const token = newToken();
      await db.updateTable('customers').set({
        reset_token: tokenHash(token), reset_expires: new Date(Date.now() + RESET_HOURS * 3600_000).toISOString(),
      }).where('kdnr', '=', cust.kdnr).execute();
      const loc = requestLocale(c, { country: cust.land_iso2, language: cust.sprache });
      await sendMail(db, {
        to: cust.email, kind: 'password_reset', subject: 'Neues Kennwort festlegen',
        text: `Guten Tag,\n\nfür Ihre Kundennummer ${cust.kdnr} wurde ein neues Kennwort angefordert.\n`
          + `Mit diesem Link legen Sie es fest (gültig ${RESET_HOURS} Stunden):\n\n`
          + `${publicBaseUrl()}/${loc.country}/${loc.language}/new-password/${cust.kdnr}/${token}\n\n`
          + 'Falls Sie das nicht waren, ignorieren Sie diese E-Mail bitte.\n',
      });
    }
    return { sent: true as const };
  }),

  defineRoute(calls.passwordNew, async ({ db, body }) => {
    const e = validatePasswordPair(body.password, body.password2);
    if (e) throw badRequest(e, { field: e === 'password_mismatch' ? 'password2' : 'password' });
    const invalid = () => new ApiError(400, 'invalid_token', { message: 'Der Link ist ungültig oder abgelaufen' });
    if (!TOKEN_RE.test(body.tkn)) throw invalid();
    const kdnr = Number(body.kdnr);
    const cust = await db.selectFrom('customers').select(['kdnr', 'reset_expires']).where('kdnr', '=', kdnr)
      .where('reset_token', '=', tokenHash(body.tkn)).executeTakeFirst();
    if (!cust || !cust.reset_expires || cust.reset_expires < nowIso()) throw invalid();
    const hash = await hashPassword(body.password);
    await db.transaction().execute(async (tx) => {
      // the link came by mail, so it also proves the address
      await tx.updateTable('customers').set({
        password_hash: hash, reset_token: null, reset_expires: null, must_change_password: 0, verified: 1,
      }).where('kdnr', '=', kdnr).execute();
      await endSessions(tx, { kdnr });
    });
    return { changed: true as const };
  }),

  defineRoute(calls.passwordChange, async ({ db, ip, body, session }) => {
    const e = validatePasswordPair(body.password, body.password2);
    if (e) throw badRequest(e, { field: e === 'password_mismatch' ? 'password2' : 'password' });
    const { customer, subUserId, attempt } = await checkCredentials(db, ip, body);
    await attempt.succeeded();
    const hash = await hashPassword(body.password);
    // the caller's own session (if it is one of this customer's) stays; every other one of the login ends
    const keep = session?.kdnr === customer.kdnr ? session.id : undefined;
    await db.transaction().execute(async (tx) => {
      if (subUserId !== null) {
        await tx.updateTable('sub_users').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', subUserId)
          .where('kdnr', '=', customer.kdnr).execute();
        await endSessions(tx, { kdnr: customer.kdnr, subUserId }, keep);
      } else {
        await tx.updateTable('customers').set({ password_hash: hash, must_change_password: 0 }).where('kdnr', '=', customer.kdnr).execute();
        await endSessions(tx, { kdnr: customer.kdnr }, keep);
      }
    });
    return { changed: true as const };
  }),

  defineRoute(calls.changeCustomerData, async ({ db, body, session }) => {
    await requirePermission(db, session, 'account');
    const cust = await loadCustomerRow(db, session.kdnr);
    if (!cust) throw notFound();
    const emailChanges = body.eMail !== undefined && trimOr(body.eMail).toLowerCase() !== (cust.email ?? '').toLowerCase();
    // a postal code sent alone is checked by the customer's country
    const forCheck = body.PLZ !== undefined && body.LandISO2 === undefined ? { ...body, LandISO2: cust.land_iso2 } : body;
    throwFieldErrors(kundendatenErrors(forCheck, cust.email ?? ''), 'kundendaten_error');
    let lndnr: number | undefined;
    if (body.LandISO2 !== undefined) {
      const country = await findCountry(db, trimOr(body.LandISO2));
      if (!country) throwFieldErrors({ LandISO2: 'invalid_country' }, 'kundendaten_error');
      lndnr = country!.lndnr;
    }
    if (emailChanges && (await emailTaken(db, cust.firma, trimOr(body.eMail), cust.kdnr))) {
      throwFieldErrors({ eMail: 'email_exists' }, 'kundendaten_error');
    }
    const patch = columnsOf(body, lndnr);
    if (body.Sprache !== undefined && trimOr(body.Sprache) !== '') patch.sprache = resolveLanguage(body.Sprache, cust.firma);
    if (Object.keys(patch).length) await db.updateTable('customers').set(patch).where('kdnr', '=', session.kdnr).execute();
    return sessionCustomer(db, session);
  }),
];
