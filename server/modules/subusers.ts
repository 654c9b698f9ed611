// Sub-users (people of the customer account) and the active user of the session.
// Main user = id 0 with role 'general' (all rights); sub-users carry functions K07/K09/K13.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { defineRoute, zId, type AnyRoute } from '../http/route.ts';
import { endSessions, rotateSession, type Session } from '../http/session.ts';
import { accountName, loginAttempt } from '../lib/login-throttle.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { actingUser, gainsRights, requirePermission } from '../lib/permissions.ts';
import { parseFunktionen } from '../../src/lib/rules/permissions.ts';
import { nowIso } from '../lib/time.ts';
import { subUserOf } from './user.ts';
import { FUNCTION_ROLES } from '../../src/lib/rules/constants.ts';
import { isEmail, validatePasswordPair } from '../../src/lib/rules/validate.ts';

const MAX_SUB_USERS = 100;

const UserOut = z.object({
  id: z.number(), vorname: z.string(), nachname: z.string(), funktionen: z.array(z.string()),
  role: z.enum(['general', 'sub']),
});
const ListUserOut = UserOut.extend({
  email: z.string().nullable(), active: z.boolean(),
  hasPassword: z.boolean().describe('the user can log in (sub-users: 123456x<id>) and be switched to with a password'),
  needsPassword: z.boolean().describe('switching the session to this user needs its password (it has a right the acting user lacks)'),
});

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

const zName = z.string({ error: 'field_invalid' }).max(50, 'too_long')
  .transform((v) => v.trim()).refine((v) => v.length > 0, 'please_fill_in');
const zFunktionen = z.union([z.array(z.string().max(5, 'invalid_function')).max(10, 'invalid_function'), z.string().max(40, 'invalid_function')],
  { error: 'invalid_function' })
  .transform((v) => (Array.isArray(v) ? parseFunktionen(v.join(';')) : parseFunktionen(v)))
  .refine((fs) => fs.every((f) => (FUNCTION_ROLES as readonly string[]).includes(f)), 'invalid_function');
const zEmail = z.union([z.string().max(254, 'too_long'), z.null()], { error: 'field_invalid' })
  .transform((v) => (v ?? '').trim().toLowerCase())
  .refine((v) => v === '' || isEmail(v), 'invalid_email');

const zPw = z.string({ error: 'password_length' }).max(1000, 'password_length');
const pwFields = {
  password: zPw.optional().describe('the sub-user\'s first password (login 123456x<id>), set by the main user or a K07; the sub-user replaces it at its first login (password_change_required)'),
  password2: zPw.optional(),
};
const createBody = z.object({
  vorname: zName, nachname: zName, funktionen: zFunktionen.default([]), email: zEmail.optional(), ...pwFields,
});
const updateBody = z.object({
  vorname: zName.optional(), nachname: zName.optional(), funktionen: zFunktionen.optional(), email: zEmail.optional(), ...pwFields,
});

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
  defineRoute({
    method: 'get', path: '/user', access: 'logbook', tag: 'subusers',
    summary: 'Active scanner user: the session\'s sub-user, else the main user (id 0, role general)',
    response: UserOut,
    handler: async ({ db, session }) => activeUser(db, session),
  }),

  defineRoute({
    method: 'get', path: '/user/:id', access: 'logbook', tag: 'subusers',
    summary: 'One user of the own account (0 = main user); 404 for others',
    params: z.object({ id: zId }),
    response: UserOut,
    handler: async ({ db, session, params }) => userById(db, session, params.id),
  }),

  defineRoute({
    method: 'get', path: '/user/subusers', access: 'customer', tag: 'subusers',
    summary: 'Main user first (role general), then the sub-users with their functions; active marks the session\'s acting user, needsPassword the users a switch to needs the password of',
    response: z.array(ListUserOut),
    handler: async ({ db, session }) => {
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
    },
  }),

  defineRoute({
    method: 'post', path: '/user/subusers', access: 'customer', tag: 'subusers',
    summary: 'Creates a sub-user { vorname, nachname, funktionen: ["K07"|"K09"|"K13"], email?, password?, password2? } (main user or K07)',
    body: createBody,
    response: UserOut,
    handler: async ({ db, session, body }) => {
      await requirePermission(db, session, 'manage_users');
      const n = await db.selectFrom('sub_users').select(sql<number>`count(*)`.as('n'))
        .where('kdnr', '=', session.kdnr).where('deleted', '=', 0).executeTakeFirst();
      if (Number(n?.n ?? 0) >= MAX_SUB_USERS) throw badRequest('too_many_users', { message: 'Zu viele Benutzer', max: MAX_SUB_USERS });
      const hash = await passwordHashOf(body);
      const row = await db.insertInto('sub_users').values({
        kdnr: session.kdnr, vorname: body.vorname, nachname: body.nachname, funktionen: body.funktionen.join(';'),
        email: body.email || null, created_at: nowIso(), deleted: 0, password_hash: hash ?? null, must_change_password: hash ? 1 : 0,
      }).returning('id').executeTakeFirstOrThrow();
      return { id: Number(row.id), vorname: body.vorname, nachname: body.nachname, funktionen: body.funktionen, role: 'sub' as const };
    },
  }),

  defineRoute({
    method: 'put', path: '/user/subusers/:id', access: 'customer', tag: 'subusers',
    summary: 'Changes a sub-user (only the fields sent; main user or K07). Fewer functions count on the next request; more functions or a new password end the sub-user\'s other sessions',
    params: z.object({ id: zId }),
    body: updateBody,
    response: UserOut,
    handler: async ({ db, session, params, body }) => {
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
    },
  }),

  defineRoute({
    method: 'delete', path: '/user/subusers/:id', access: 'customer', tag: 'subusers',
    summary: 'Removes a sub-user (kept for the logbook history; main user or K07); every session acting as it ends',
    params: z.object({ id: zId }),
    response: z.object({ deleted: z.literal(true) }),
    handler: async ({ db, session, params }) => {
      await requirePermission(db, session, 'manage_users');
      if (!(await subUserOf(db, session.kdnr, params.id))) throw notFound();
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('sub_users').set({ deleted: 1, password_hash: null }).where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
        // its sessions end (a fall-back to the main user would hand it the general authorisation)
        await endSessions(tx, { kdnr: session.kdnr, subUserId: params.id });
      });
      return { deleted: true as const };
    },
  }),

  defineRoute({
    method: 'put', path: '/user/active', access: 'customer', tag: 'subusers',
    summary: 'Sets the acting user of the session { id, password? } (0 = main user). A user with any right the acting user '
      + 'lacks needs its password (403 user_password_required / user_password_wrong; 429 after repeated failures); '
      + 'switching to fewer rights never does. The session gets a new token (new sid cookie, the old one ends)',
    body: z.object({ id: zId, password: z.string().max(1000, 'user_password_wrong').optional() }),
    response: UserOut,
    handler: async ({ db, c, ip, session, body }) => {
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
    },
  }),
];
