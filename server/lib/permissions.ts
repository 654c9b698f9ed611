// Enforcing the function roles of the acting user (spec section 6; the rule table is shared with
// the screens: src/lib/rules/permissions.ts).
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import type { Session } from '../http/session.ts';
import { allows, parseFunktionen, type Action } from '../../src/lib/rules/permissions.ts';

/**
 * The functions of the session's acting user: null for the main user (general authorisation),
 * otherwise the sub-user's list; a deleted or foreign sub-user has none.
 */
export async function actingFunctions(db: Db, session: Session): Promise<string[] | null> {
  if (!session.subUserId) return null;
  const row = await db.selectFrom('sub_users').select('funktionen')
    .where('id', '=', session.subUserId).where('kdnr', '=', session.kdnr).where('deleted', '=', 0)
    .executeTakeFirst();
  return row ? parseFunktionen(row.funktionen) : [];
}

export async function can(db: Db, session: Session | null, action: Action): Promise<boolean> {
  if (!session) return false;
  return allows(await actingFunctions(db, session), action);
}

/** Throws 403 forbidden_function when the acting user may not do `action`. */
export async function requirePermission(db: Db, session: Session | null, action: Action): Promise<void> {
  if (!session) throw new ApiError(401, 'unauthorized');
  if (!(await can(db, session, action))) {
    throw new ApiError(403, 'forbidden_function', { message: 'Keine Berechtigung für diese Funktion', action });
  }
}
