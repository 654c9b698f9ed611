// Sub-users (people of the customer account) and the active user of the session.
// Main user = id 0 with role 'general' (all rights); sub-users carry functions K07/K09/K13.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { endSessions, rotateSession, type Session } from '../http/session.ts';
import { accountName, loginAttempt } from '../lib/login-throttle.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { actingUser, gainsRights, requirePermission } from '../lib/permissions.ts';
import { parseFunktionen } from '#rules/permissions.ts';
import { nowIso } from '../lib/time.ts';
import { subUserOf } from './user.ts';
import { validatePasswordPair } from '#rules/validate.ts';
import * as calls from '#api/subusers.ts';

const MAX_SUB_USERS = 100;

async function mainUser(db: Db, kdnr: number) {
  const c = await db.selectFrom('customers').select(['vorname', 'nachname', 'email']).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!c) throw notFound();
  return { id: 0, vorname: c.vorname, nachname: c.nachname, funktionen: [] as string[], role: 'general' as const, email: c.email };
}

/** The scanner/acting user: the session's sub-user, or the main user (also when the sub-user is gone). */
async function activeUser(db: Db, s: Session) {
  if (s.subUserId) {
    const u = await subUserOf(db, s.kdnr, s.subUserId);
    if (u) return { ...u, role: 'sub' as const };
  }
  const { email: _e, ...m } = await mainUser(db, s.kdnr);
  return m;
}

async function userById(db: Db, s: Session, id: number) {
  if (id === 0) {
    const { email: _e, ...m } = await mainUser(db, s.kdnr);
    return m;
  }
  const u = await subUserOf(db, s.kdnr, id);
  if (!u) throw notFound();
  return { ...u, role: 'sub' as const };
}

/** The hash of a password sent with a sub-user (both fields, the rules of section 5), or undefined when none was sent. */
async function passwordHashOf(body: { password?: string; password2?: string }): Promise<string | undefined> {
  if (body.password === undefined && body.password2 === undefined) return undefined;
  const e = validatePasswordPair(body.password, body.password2);
  if (e) throw badRequest(e, { field: e === 'password_mismatch' ? 'password2' : 'password' });
  return hashPassword(body.password!);
}

/** The password hash guarding a user of the account (0 = main user); null when none is set. */
async function passwordHashOfUser(db: Db, kdnr: number, id: number): Promise<string | null> {
  if (id === 0) {
    return (await db.selectFrom('customers').select('password_hash').where('kdnr', '=', kdnr).executeTakeFirst())?.password_hash ?? null;
  }
  return (await db.selectFrom('sub_users').select('password_hash').where('kdnr', '=', kdnr).where('id', '=', id)
    .where('deleted', '=', 0).executeTakeFirst())?.password_hash ?? null;
}

export const routes: AnyRoute[] = [
  defineRoute(calls.logbookUser, async ({ db, session }) => activeUser(db, session)),

  defineRoute(calls.logbookUserById, async ({ db, session, params }) => userById(db, session, params.id)),

  defineRoute(calls.list, async ({ db, session }) => {
    const main = await mainUser(db, session.kdnr);
    const acting = await actingUser(db, session);
    const subs = await db.selectFrom('sub_users').select(['id', 'vorname', 'nachname', 'funktionen', 'email', 'password_hash'])
      .where('kdnr', '=', session.kdnr).where('deleted', '=', 0).orderBy('id').execute();
    const mainHash = await passwordHashOfUser(db, session.kdnr, 0);
    return [
      { ...main, active: acting.id === 0, hasPassword: !!mainHash, needsPassword: gainsRights(acting.funktionen, null) },
      ...subs.map((s) => {
        const funktionen = parseFunktionen(s.funktionen);
        return {
          id: Number(s.id), vorname: s.vorname, nachname: s.nachname, funktionen,
          role: 'sub' as const, email: s.email, active: Number(s.id) === acting.id,
          hasPassword: !!s.password_hash, needsPassword: gainsRights(acting.funktionen, funktionen),
        };
      }),
    ];
  }),

  defineRoute(calls.create, async ({ db, session, body }) => {
    await requirePermission(db, session, 'manage_users');
    const hash = await passwordHashOf(body);
    const row = await db.transaction().execute(async (tx) => {
      // count and insert under one lock per account: parallel creates cannot all count 99 and pass the limit
      await lockForTransaction(tx, `sub_users:${session.kdnr}`);
      const n = await tx.selectFrom('sub_users').select(sql<number>`count(*)`.as('n'))
        .where('kdnr', '=', session.kdnr).where('deleted', '=', 0).executeTakeFirst();
      if (Number(n?.n ?? 0) >= MAX_SUB_USERS) throw badRequest('too_many_users', { max: MAX_SUB_USERS });
      return tx.insertInto('sub_users').values({
        kdnr: session.kdnr, vorname: body.vorname, nachname: body.nachname, funktionen: body.funktionen.join(';'),
        email: body.email || null, created_at: nowIso(), deleted: 0, password_hash: hash ?? null, must_change_password: hash ? 1 : 0,
      }).returning('id').executeTakeFirstOrThrow();
    });
    return { id: Number(row.id), vorname: body.vorname, nachname: body.nachname, funktionen: body.funktionen, role: 'sub' as const };
  }),

  defineRoute(calls.update, async ({ db, session, params, body }) => {
    const acting = await requirePermission(db, session, 'manage_users');
    const before = await subUserOf(db, session.kdnr, params.id);
    if (!before) throw notFound();
    const hash = await passwordHashOf(body);
    const patch: Record<string, unknown> = {};
    if (body.vorname !== undefined) patch.vorname = body.vorname;
    if (body.nachname !== undefined) patch.nachname = body.nachname;
    if (body.funktionen !== undefined) patch.funktionen = body.funktionen.join(';');
    if (body.email !== undefined) patch.email = body.email || null;
    if (hash !== undefined) {
      patch.password_hash = hash;
      // set for someone else: a first password, replaced at that user's next login (a K07 setting its own is final)
      patch.must_change_password = acting.id === params.id ? 0 : 1;
    }
    if (Object.keys(patch).length) {
      await db.updateTable('sub_users').set(patch).where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
    }
    // Fewer rights count at once (every check reads the functions from the database). More rights or a
    // new password end the sub-user's other sessions: whoever acts as it logs in again, on a new token.
    const gained = body.funktionen !== undefined && gainsRights(before.funktionen, body.funktionen);
    // (the editor never gains: it is the main user or a K07, which holds every right already)
    if (gained || hash !== undefined) await endSessions(db, { kdnr: session.kdnr, subUserId: params.id }, session.id);
    return userById(db, session, params.id);
  }),

  defineRoute(calls.remove, async ({ db, session, params }) => {
    await requirePermission(db, session, 'manage_users');
    if (!(await subUserOf(db, session.kdnr, params.id))) throw notFound();
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('sub_users').set({ deleted: 1, password_hash: null }).where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
      // its sessions end (a fall-back to the main user would hand it the general authorisation)
      await endSessions(tx, { kdnr: session.kdnr, subUserId: params.id });
    });
    return { deleted: true as const };
  }),

  defineRoute(calls.setActive, async ({ db, c, ip, session, body }) => {
    const acting = await actingUser(db, session);
    const user = await userById(db, session, body.id);
    if (gainsRights(acting.funktionen, body.id === 0 ? null : user.funktionen)) {
      if (!body.password) throw forbidden('user_password_required', { id: body.id });
      // the same brake as the login: per (user, address) pair and per address
      const attempt = await loginAttempt(db, accountName(session.firma, `${session.kdnr}${body.id ? `x${body.id}` : ''}`), ip);
      if (attempt.retryAfter > 0) throw new ApiError(429, 'too_many_requests', { retryAfter: attempt.retryAfter });
      if (!(await verifyPassword(body.password, await passwordHashOfUser(db, session.kdnr, body.id)))) {
        await attempt.failed();
        throw forbidden('user_password_wrong', { id: body.id });
      }
      await attempt.succeeded();
    }
    if (body.id !== acting.id) await rotateSession(db, c, session, { subUserId: body.id === 0 ? null : body.id });
    return user;
  }),
];
