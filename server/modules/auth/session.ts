// Login, logout and the client error log.
import { ApiError, badRequest } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { createSession, destroySession } from '../../http/session.ts';
import { nowIso } from '../../lib/time.ts';
import { customerEntity } from '../user.ts';
import { resolveLanguage } from '#rules/locale.ts';
import * as calls from '#api/auth.ts';
import { limit, requestLocale } from './shared.ts';
import { checkCredentials } from './credentials.ts';

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
];
