// Sessions: random token in an HttpOnly SameSite cookie; the database keeps only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { addDays, nowIso } from '../lib/time.ts';
import { invalidate } from '../lib/bus.ts';
import { Cache } from '../lib/cache.ts';
import { TOPIC } from '../lib/cache-topics.ts';
import { ApiError } from './errors.ts';

export const SESSION_COOKIE = 'sid';

export interface Session {
  id: string;
  kdnr: number;
  firma: number;
  subUserId: number | null;
  country: string;
  language: string;
  expiresAt: string;
}

const hashToken = (t: string) => createHash('sha256').update(t).digest('base64url');

// Short-lived cache so hot calls (cart add, counter) skip the session query; an ended session leaves
// every process's cache at once (forgetSession).
const cache = new Cache<string, Session | null>({ ttlMs: 15_000, max: 10_000, topics: [TOPIC.session] });

/** Drops a session from this cache and from every other process's (logout, password change, rights). */
export function forgetSession(id: string): void {
  invalidate(TOPIC.session, id);
}

export async function loadSession(db: Db, c: Context): Promise<Session | null> {
  return sessionByToken(db, getCookie(c, SESSION_COOKIE));
}

/** The session of a cookie value (also the site's check for on-demand pages); cached, and forgotten on logout. */
export async function sessionByToken(db: Db, token: string | undefined): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const s = await cache.getOrLoad(id, async () => {
    const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && row.expires_at > nowIso()
      ? { id, kdnr: row.kdnr, firma: row.firma, subUserId: row.sub_user_id, country: row.country, language: row.language, expiresAt: row.expires_at }
      : null;
  });
  return s && s.expiresAt > nowIso() ? s : null;
}

function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true, sameSite: 'Lax', path: '/', secure: config.secureCookies, maxAge: config.sessionDays * 86400,
  });
}

export async function createSession(
  db: Db, c: Context, data: { kdnr: number; firma: number; country: string; language: string; subUserId?: number | null },
): Promise<Session> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const expires = addDays(new Date(), config.sessionDays).toISOString();
  const subUserId = data.subUserId ?? null;
  await db.insertInto('sessions').values({
    id, kdnr: data.kdnr, firma: data.firma, sub_user_id: subUserId, country: data.country, language: data.language,
    created_at: nowIso(), expires_at: expires,
  }).execute();
  setSessionCookie(c, token);
  return { id, kdnr: data.kdnr, firma: data.firma, subUserId, country: data.country, language: data.language, expiresAt: expires };
}

/** Country/language of the session (no change of rights, so the token stays). */
export async function updateSession(db: Db, s: Session, patch: Partial<Pick<Session, 'country' | 'language'>>): Promise<Session> {
  const next = { ...s, ...patch };
  await db.updateTable('sessions').set({ country: next.country, language: next.language }).where('id', '=', s.id).execute();
  forgetSession(s.id);
  return next;
}

/**
 * A change of acting user (and so of rights): a new token and cookie in one transaction, the old
 * token stops working at once (a token seen before the change cannot carry the new rights).
 */
export async function rotateSession(db: Db, c: Context, s: Session, patch: { subUserId: number | null }): Promise<Session> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  await db.transaction().execute(async (tx) => {
    const old = await tx.deleteFrom('sessions').where('id', '=', s.id).returningAll().executeTakeFirst();
    if (!old) throw new ApiError(401, 'unauthorized');
    await tx.insertInto('sessions').values({ ...old, id, sub_user_id: patch.subUserId }).execute();
  });
  forgetSession(s.id);
  setSessionCookie(c, token);
  return { ...s, id, subUserId: patch.subUserId };
}

/**
 * Ends the sessions of a customer (or only those acting as one sub-user), except `keep`
 * (the caller's own session). Answers how many ended.
 */
export async function endSessions(db: Db, who: { kdnr: number; subUserId?: number }, keep?: string): Promise<number> {
  let q = db.deleteFrom('sessions').where('kdnr', '=', who.kdnr);
  if (who.subUserId !== undefined) q = q.where('sub_user_id', '=', who.subUserId);
  if (keep) q = q.where('id', '<>', keep);
  const gone = await q.returning('id').execute();
  for (const g of gone) forgetSession(g.id);
  return gone.length;
}

/**
 * The session's acting user read from the database, bypassing the cache: the checks of release,
 * customer data and user management use it, so a deleted sub-user or a changed function counts
 * on the very next request. Throws 401 when the session has ended.
 */
export async function freshActing(db: Db, s: Session): Promise<{ subUserId: number | null; funktionen: string | null; deleted: boolean }> {
  const row = await db.selectFrom('sessions').leftJoin('sub_users', (j) => j.onRef('sub_users.id', '=', 'sessions.sub_user_id').onRef('sub_users.kdnr', '=', 'sessions.kdnr'))
    .select(['sessions.sub_user_id', 'sessions.expires_at', 'sub_users.funktionen', 'sub_users.deleted'])
    .where('sessions.id', '=', s.id).executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) {
    forgetSession(s.id);
    throw new ApiError(401, 'unauthorized');
  }
  return { subUserId: row.sub_user_id, funktionen: row.funktionen ?? null, deleted: row.sub_user_id !== null && (row.deleted ?? 1) !== 0 };
}

export async function destroySession(db: Db, c: Context, s: Session | null): Promise<void> {
  if (s) {
    await db.deleteFrom('sessions').where('id', '=', s.id).execute();
    forgetSession(s.id);
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
