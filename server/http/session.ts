// Sessions: random token in an HttpOnly SameSite cookie; the database keeps only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { addDays, nowIso } from '../lib/time.ts';
import { invalidate, onInvalidate } from '../lib/bus.ts';

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

// Short-lived cache so hot calls (cart add, counter) skip the session query.
const cache = new Map<string, { s: Session | null; at: number }>();
const CACHE_MS = 15_000;

onInvalidate('session', (id) => cache.delete(id));

/** Drops a session from this cache and from every other process's (logout, password change, rights). */
export function forgetSession(id: string): void {
  invalidate('session', id);
}

export async function loadSession(db: Db, c: Context): Promise<Session | null> {
  return sessionByToken(db, getCookie(c, SESSION_COOKIE));
}

/** The session of a cookie value (also the site's check for on-demand pages); cached, and forgotten on logout. */
export async function sessionByToken(db: Db, token: string | undefined): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const hit = cache.get(id);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_MS) return hit.s && hit.s.expiresAt > new Date(now).toISOString() ? hit.s : null;
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  const s: Session | null = row && row.expires_at > nowIso()
    ? { id, kdnr: row.kdnr, firma: row.firma, subUserId: row.sub_user_id, country: row.country, language: row.language, expiresAt: row.expires_at }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(id, { s, at: now });
  return s;
}

export async function createSession(
  db: Db, c: Context, data: { kdnr: number; firma: number; country: string; language: string },
): Promise<Session> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const expires = addDays(new Date(), config.sessionDays).toISOString();
  await db.insertInto('sessions').values({
    id, kdnr: data.kdnr, firma: data.firma, sub_user_id: null, country: data.country, language: data.language,
    created_at: nowIso(), expires_at: expires,
  }).execute();
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true, sameSite: 'Lax', path: '/', secure: config.secureCookies, maxAge: config.sessionDays * 86400,
  });
  return { id, kdnr: data.kdnr, firma: data.firma, subUserId: null, country: data.country, language: data.language, expiresAt: expires };
}

export async function updateSession(db: Db, s: Session, patch: Partial<Pick<Session, 'subUserId' | 'country' | 'language'>>): Promise<Session> {
  const next = { ...s, ...patch };
  await db.updateTable('sessions').set({ sub_user_id: next.subUserId, country: next.country, language: next.language }).where('id', '=', s.id).execute();
  forgetSession(s.id);
  return next;
}

export async function destroySession(db: Db, c: Context, s: Session | null): Promise<void> {
  if (s) {
    await db.deleteFrom('sessions').where('id', '=', s.id).execute();
    forgetSession(s.id);
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}
