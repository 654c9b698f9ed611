// Enforcing the function roles of the acting user (spec section 6; the rule table is shared with
// the screens: src/lib/rules/permissions.ts).
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { freshActing, type Session } from '../http/session.ts';
import { ACTIONS, allows, parseFunktionen, type Action } from '#rules/permissions.ts';

export interface Acting {
  /** 0 = the main user */
  id: number;
  /** null = main user (general authorisation); a deleted sub-user has none */
  funktionen: string[] | null;
}

/**
 * The session's acting user and its functions, read from the database on every call (never from
 * the session cache): a deleted sub-user has no rights, a changed function counts at once.
 */
export async function actingUser(db: Db, session: Session): Promise<Acting> {
  const a = await freshActing(db, session);
  if (a.subUserId === null) return { id: 0, funktionen: null };
  return { id: a.subUserId, funktionen: a.deleted ? [] : parseFunktionen(a.funktionen) };
}

export async function actingFunctions(db: Db, session: Session): Promise<string[] | null> {
  return (await actingUser(db, session)).funktionen;
}

/** True when `to` may do something `from` may not (a switch to it needs its password). */
export function gainsRights(from: string[] | null, to: string[] | null): boolean {
  return ACTIONS.some((a) => allows(to, a) && !allows(from, a));
}

export async function can(db: Db, session: Session | null, action: Action): Promise<boolean> {
  if (!session) return false;
  return allows(await actingFunctions(db, session), action);
}

/** Throws 403 forbidden_function when the acting user may not do `action`; answers the acting user. */
export async function requirePermission(db: Db, session: Session | null, action: Action): Promise<Acting> {
  if (!session) throw new ApiError(401, 'unauthorized');
  const acting = await actingUser(db, session);
  if (!allows(acting.funktionen, action)) {
    throw new ApiError(403, 'forbidden_function', { action });
  }
  return acting;
}
