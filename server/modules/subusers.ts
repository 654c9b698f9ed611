// Sub-users (people of the customer account) and the active user of the session.
// Main user = id 0 with role 'general' (all rights); sub-users carry functions K07/K09/K13.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { defineRoute, zId, type AnyRoute } from '../http/route.ts';
import { forgetSession, updateSession, type Session } from '../http/session.ts';
import { requirePermission } from '../lib/permissions.ts';
import { parseFunktionen } from '../../src/lib/rules/permissions.ts';
import { nowIso } from '../lib/time.ts';
import { subUserOf } from './user.ts';
import { FUNCTION_ROLES } from '../../src/lib/rules/constants.ts';
import { isEmail } from '../../src/lib/rules/validate.ts';

const MAX_SUB_USERS = 100;

const UserOut = z.object({
  id: z.number(), vorname: z.string(), nachname: z.string(), funktionen: z.array(z.string()),
  role: z.enum(['general', 'sub']),
});
const ListUserOut = UserOut.extend({ email: z.string().nullable(), active: z.boolean() });

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

const createBody = z.object({
  vorname: zName, nachname: zName, funktionen: zFunktionen.default([]), email: zEmail.optional(),
});
const updateBody = z.object({
  vorname: zName.optional(), nachname: zName.optional(), funktionen: zFunktionen.optional(), email: zEmail.optional(),
});

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
    summary: 'Main user first (role general), then the sub-users with their functions; active marks the session\'s user',
    response: z.array(ListUserOut),
    handler: async ({ db, session }) => {
      const main = await mainUser(db, session.kdnr);
      const subs = await db.selectFrom('sub_users').select(['id', 'vorname', 'nachname', 'funktionen', 'email'])
        .where('kdnr', '=', session.kdnr).where('deleted', '=', 0).orderBy('id').execute();
      const activeId = subs.some((s) => Number(s.id) === session.subUserId) ? session.subUserId : 0;
      return [
        { ...main, active: activeId === 0 },
        ...subs.map((s) => ({
          id: Number(s.id), vorname: s.vorname, nachname: s.nachname, funktionen: parseFunktionen(s.funktionen),
          role: 'sub' as const, email: s.email, active: Number(s.id) === activeId,
        })),
      ];
    },
  }),

  defineRoute({
    method: 'post', path: '/user/subusers', access: 'customer', tag: 'subusers',
    summary: 'Creates a sub-user { vorname, nachname, funktionen: ["K07"|"K09"|"K13"], email? } (main user or K07)',
    body: createBody,
    response: UserOut,
    handler: async ({ db, session, body }) => {
      await requirePermission(db, session, 'manage_users');
      const n = await db.selectFrom('sub_users').select(sql<number>`count(*)`.as('n'))
        .where('kdnr', '=', session.kdnr).where('deleted', '=', 0).executeTakeFirst();
      if (Number(n?.n ?? 0) >= MAX_SUB_USERS) throw badRequest('too_many_users', { message: 'Zu viele Benutzer', max: MAX_SUB_USERS });
      const row = await db.insertInto('sub_users').values({
        kdnr: session.kdnr, vorname: body.vorname, nachname: body.nachname, funktionen: body.funktionen.join(';'),
        email: body.email || null, created_at: nowIso(), deleted: 0,
      }).returning('id').executeTakeFirstOrThrow();
      return { id: Number(row.id), vorname: body.vorname, nachname: body.nachname, funktionen: body.funktionen, role: 'sub' as const };
    },
  }),

  defineRoute({
    method: 'put', path: '/user/subusers/:id', access: 'customer', tag: 'subusers',
    summary: 'Changes a sub-user (only the fields sent; main user or K07)',
    params: z.object({ id: zId }),
    body: updateBody,
    response: UserOut,
    handler: async ({ db, session, params, body }) => {
      await requirePermission(db, session, 'manage_users');
      if (!(await subUserOf(db, session.kdnr, params.id))) throw notFound();
      const patch: Record<string, unknown> = {};
      if (body.vorname !== undefined) patch.vorname = body.vorname;
      if (body.nachname !== undefined) patch.nachname = body.nachname;
      if (body.funktionen !== undefined) patch.funktionen = body.funktionen.join(';');
      if (body.email !== undefined) patch.email = body.email || null;
      if (Object.keys(patch).length) {
        await db.updateTable('sub_users').set(patch).where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
      }
      return userById(db, session, params.id);
    },
  }),

  defineRoute({
    method: 'delete', path: '/user/subusers/:id', access: 'customer', tag: 'subusers',
    summary: 'Removes a sub-user (kept for the logbook history; main user or K07); sessions acting as it fall back to the main user',
    params: z.object({ id: zId }),
    response: z.object({ deleted: z.literal(true) }),
    handler: async ({ db, session, params }) => {
      await requirePermission(db, session, 'manage_users');
      if (!(await subUserOf(db, session.kdnr, params.id))) throw notFound();
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('sub_users').set({ deleted: 1 }).where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
        const acting = await tx.selectFrom('sessions').select('id').where('kdnr', '=', session.kdnr).where('sub_user_id', '=', params.id).execute();
        await tx.updateTable('sessions').set({ sub_user_id: null }).where('kdnr', '=', session.kdnr).where('sub_user_id', '=', params.id).execute();
        for (const s of acting) forgetSession(s.id);
      });
      return { deleted: true as const };
    },
  }),

  defineRoute({
    method: 'put', path: '/user/active', access: 'customer', tag: 'subusers',
    summary: 'Sets the acting user of the session { id } (0 = main user)',
    body: z.object({ id: zId }),
    response: UserOut,
    handler: async ({ db, session, body }) => {
      const user = await userById(db, session, body.id);
      await updateSession(db, session, { subUserId: body.id === 0 ? null : body.id });
      return user;
    },
  }),
];
