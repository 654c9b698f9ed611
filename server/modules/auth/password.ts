// Password forgotten (reset link), new password from the link, and the change with the current credentials.
import { sql } from 'kysely';
import { ApiError, badRequest } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { endSessions } from '../../http/session.ts';
import { checkHoneypot, HONEYPOT_FIELD, limitGuest, limitGuestMail } from '../../lib/guest-limits.ts';
import { publicBaseUrl, sendMail } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { parseLoginName } from '#rules/customer.ts';
import { validatePasswordPair } from '#rules/validate.ts';
import * as calls from '#api/auth.ts';
import { tokenHash, newToken, TOKEN_RE, RESET_HOURS, requestLocale, accountMail } from './shared.ts';
import { checkCredentials } from './credentials.ts';

export const routes: AnyRoute[] = [
  defineRoute(calls.passwordForgot, async ({ db, c, ip, body }) => {
    const login = parseLoginName(body.login);
    if (login.kind === 'error') throw badRequest('give_credentials', { reason: login.error });
    checkHoneypot(body[HONEYPOT_FIELD]);
    // per address, and per login asked for (each one mails that account's stored address)
    await limitGuest(db, 'forgot', ip);
    await limitGuestMail(db, 'forgot', login.kind === 'kdnr' ? `kdnr:${login.kdnr.replace(/^0+/, '')}` : login.email);
    let q = db.selectFrom('customers').select(['kdnr', 'firma', 'email', 'land_iso2', 'sprache']).where('email', 'is not', null);
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
      const link = `${publicBaseUrl()}/${loc.country}/${loc.language}/new-password/${cust.kdnr}/${token}`;
      await sendMail(db, { to: cust.email, kind: 'password_reset', firma: cust.firma, lang: loc.language, ...accountMail(loc.language, 'reset', { kdnr: cust.kdnr, hours: RESET_HOURS, link }) });
    }
    return { sent: true as const };
  }),

  defineRoute(calls.passwordNew, async ({ db, body }) => {
    const e = validatePasswordPair(body.password, body.password2);
    if (e) throw badRequest(e, { field: e === 'password_mismatch' ? 'password2' : 'password' });
    const invalid = () => new ApiError(400, 'invalid_token');
    if (!TOKEN_RE.test(body.tkn)) throw invalid();
    const kdnr = Number(body.kdnr);
    const cust = await db.selectFrom('customers').select(['kdnr', 'reset_expires']).where('kdnr', '=', kdnr)
      .where('reset_token', '=', tokenHash(body.tkn)).executeTakeFirst();
    if (!cust || !cust.reset_expires || cust.reset_expires < nowIso()) throw invalid();
    const hash = await hashPassword(body.password);
    await db.transaction().execute(async (tx) => {
      // the link came by mail, so it also proves the address; the token in the condition: a parallel use of the
      // same link (the hash awaits between the check and here) finds it spent and is refused
      const used = await tx.updateTable('customers').set({
        password_hash: hash, reset_token: null, reset_expires: null, must_change_password: 0, verified: 1,
      }).where('kdnr', '=', kdnr).where('reset_token', '=', tokenHash(body.tkn)).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw invalid();
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
];
