// Registration (full and quick), the verification mail and the verification link.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from 'hono';
import type { Db } from '../../db/index.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { checkHoneypot, HONEYPOT_FIELD, limitGuest, limitGuestMail } from '../../lib/guest-limits.ts';
import { publicBaseUrl, sendMail } from '../../lib/mail.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { findCountry, loadCustomerRow } from '../user.ts';
import { resolveLanguage } from '#rules/locale.ts';
import * as calls from '#api/auth.ts';
import { fastRegisterErrors, isExistingRegistration, registerErrors } from '#rules/forms.ts';
import { registerBody, fastBody } from '#api/auth.ts';
import { tokenHash, newToken, VERIFY_TOKEN_RE, refuseWhenLoggedIn, requestLocale, emailTaken, emailTakenLocked, accountMail } from './shared.ts';
import { type DataInput, throwFieldErrors, trimOr, columnsOf } from './customer-fields.ts';

async function sendVerifyMail(db: Db, to: string, who: { kdnr: number; firma: number }, token: string, loc: { country: string; language: string }) {
  const link = `${publicBaseUrl()}/${loc.country}/${loc.language}/verify/${token}`;
  await sendMail(db, { to, kind: 'verify', firma: who.firma, lang: loc.language, ...accountMail(loc.language, 'verify', { kdnr: who.kdnr, link }) });
}

/** New customer number: one above the highest, allocated under a lock (retried should a number still be taken); 409 email_exists when the address was taken meanwhile. */
async function insertNewCustomer(db: Db, values: Record<string, unknown> & { firma: number; email: string }): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (tx) => {
        if (await emailTakenLocked(tx, values.firma, values.email)) throw new ApiError(409, 'email_exists', { field: 'eMail' });
        // one new number at a time (PostgreSQL; SQLite's transactions are serial): ten registrations at once
        // all read the same maximum, and a few retries did not settle that (a 500 after the fifth)
        await lockForTransaction(tx, 'customers:new-kdnr');
        const max = await tx.selectFrom('customers').select(sql<number>`max(kdnr)`.as('m')).executeTakeFirst();
        const kdnr = Math.max(Number(max?.m ?? 0) + 1, 100000);
        const row = {
          kdnr, password_hash: null, verified: 0, verify_token: null, reset_token: null, reset_expires: null,
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
      if (e instanceof ApiError || attempt >= 4) throw e;
    }
  }
}

async function registerNew(db: Db, c: Context, d: z.output<typeof registerBody> | z.output<typeof fastBody>) {
  const country = await findCountry(db, trimOr(d.LandISO2));
  if (!country) throw badRequest('invalid_country', { field: 'LandISO2' });
  const email = trimOr(d.eMail).toLowerCase();
  if (await emailTaken(db, country.fi, email)) throw new ApiError(409, 'email_exists', { field: 'eMail' });
  await limitGuestMail(db, 'register', email);
  const token = newToken();
  const language = resolveLanguage(trimOr(d.Sprache) || requestLocale(c, {}).language, country.fi);
  const kdnr = await insertNewCustomer(db, {
    ...columnsOf(d as DataInput, country.lndnr),
    firma: country.fi, email, password_hash: await hashPassword(String(d.Kennwort)), verified: 0,
    verify_token: tokenHash(token), sprache: language,
  });
  await sendVerifyMail(db, email, { kdnr, firma: country.fi }, token, requestLocale(c, { country: country.iso2, language }));
  return { kdnr, existing: false, verification: 'sent' as const };
}

export const routes: AnyRoute[] = [
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
    if (!cust) throw new ApiError(400, 'register_kdnr_not_found', { field: 'Kundennummer' });
    const norm = (p: string) => p.replace(/\s+/g, '').toUpperCase();
    if (norm(cust.plz) !== norm(trimOr(body.PLZ))) throw new ApiError(400, 'register_kdnr_plz_mismatch', { field: 'PLZ' });
    const email = trimOr(body.eMail).toLowerCase();
    if (cust.password_hash) {
      const same = (cust.email ?? '').toLowerCase() === email && (await verifyPassword(String(body.Kennwort), cust.password_hash));
      if (same) throw new ApiError(409, 'register_already_registered');
      throw new ApiError(409, 'register_wrong_credentials');
    }
    if (await emailTaken(db, cust.firma, email, kdnr)) throw new ApiError(409, 'email_exists', { field: 'eMail' });
    await limitGuestMail(db, 'register', email);
    const token = newToken();
    const patch: Record<string, unknown> = {
      email, password_hash: await hashPassword(String(body.Kennwort)), verified: 0, verify_token: tokenHash(token), must_change_password: 0,
    };
    if (body.Newsletter !== undefined) patch.newsletter = body.Newsletter;
    if (body.Faxwerbung !== undefined) patch.faxwerbung = body.Faxwerbung;
    if (body.Sprache) patch.sprache = resolveLanguage(body.Sprache, cust.firma);
    await db.transaction().execute(async (tx) => {
      if (await emailTakenLocked(tx, cust.firma, email, kdnr)) throw new ApiError(409, 'email_exists', { field: 'eMail' });
      // only while the access is still unregistered: of two registrations at once (the hash awaits after the check
      // above) the second finds it taken, as a later one would
      const done = await tx.updateTable('customers').set(patch).where('kdnr', '=', kdnr).where('password_hash', 'is', null).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new ApiError(409, 'register_wrong_credentials');
    });
    await sendVerifyMail(db, email, { kdnr, firma: cust.firma }, token, requestLocale(c, { country: cust.land_iso2, language: cust.sprache }));
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
];
