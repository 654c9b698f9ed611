// What the account calls share: tokens, the per-address limit, the locale of a request.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Context } from 'hono';
import type { Db } from '../../db/index.ts';
import { lockForTransaction } from '../../db/dialect.ts';
import { ApiError, forbidden } from '../../http/errors.ts';
import type { Session } from '../../http/session.ts';
import { allowCall } from '../../lib/login-throttle.ts';
import { serverT } from '#i18n/server.ts';

export const tokenHash = (t: string) => createHash('sha256').update(t).digest('base64url');
export const newToken = () => randomBytes(32).toString('base64url');
export const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;
export const VERIFY_TOKEN_RE = /^[A-Za-z0-9_-]{8,128}$/;
export const RESET_HOURS = 2;


export function refuseWhenLoggedIn(session: Session | null): void {
  if (session) throw forbidden('already_logged_in');
}

export async function limit(db: Db, ip: string, what: string, max: number, windowMs: number): Promise<void> {
  if (!(await allowCall(db, `${what}:${ip}`, max, windowMs))) throw new ApiError(429, 'too_many_requests');
}

/** Country/language for mail links and new sessions: query first, then the given fallbacks. */
export function requestLocale(c: Context, fallback: { country?: string | null; language?: string | null }) {
  const q = (k: string) => { const v = c.req.query(k); return v && /^[a-zA-Z]{2}$/.test(v) ? v.toLowerCase() : null; };
  const country = q('country') ?? (fallback.country && /^[a-zA-Z]{2}$/.test(fallback.country) ? fallback.country.toLowerCase() : 'de');
  const language = q('lang') ?? q('language') ?? (fallback.language && /^[a-zA-Z]{2}$/.test(fallback.language) ? fallback.language.toLowerCase() : 'de');
  return { country, language };
}

export async function emailTaken(db: Db, firma: number, email: string, exceptKdnr?: number): Promise<boolean> {
  let q = db.selectFrom('customers').select('kdnr').where('firma', '=', firma)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptKdnr !== undefined) q = q.where('kdnr', '<>', exceptKdnr);
  return !!(await q.limit(1).executeTakeFirst());
}

/**
 * emailTaken inside the transaction that stores the address, under a lock on the address held until it ends: two
 * registrations (or a registration and a change of customer data) could otherwise both find it free on
 * PostgreSQL (READ COMMITTED) and both store it.
 */
export async function emailTakenLocked(tx: Db, firma: number, email: string, exceptKdnr?: number): Promise<boolean> {
  await lockForTransaction(tx, `email:${firma}:${email.trim().toLowerCase()}`);
  return emailTaken(tx, firma, email, exceptKdnr);
}

/** A mail of the account's own (verify, reset) in the language of its links. */
export function accountMail(language: string, key: 'verify' | 'reset', vars: Record<string, string | number>): { subject: string; text: string } {
  const t = serverT(language);
  return { subject: t(`mail.${key}.subject`), text: `${t('mail.greeting_plain')}\n\n${t(`mail.${key}.text`, vars)}\n` };
}
