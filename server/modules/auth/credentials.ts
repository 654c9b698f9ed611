// Login name (customer number, e-mail, sub-user 123456x2) and password → the customer or sub-user.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { accountName, loginAttempt, type LoginAttempt } from '../../lib/login-throttle.ts';
import { verifyPassword } from '../../lib/password.ts';
import { loadCustomerRow } from '../user.ts';
import { parseLogin, parseLoginName, subUserSuffix } from '#rules/customer.ts';
import { loginBody } from '#api/auth.ts';

type Candidate = NonNullable<Awaited<ReturnType<typeof loadCustomerRow>>>;

async function candidatesFor(db: Db, firma: number, login: ReturnType<typeof parseLoginName>): Promise<Candidate[]> {
  if (login.kind === 'kdnr') {
    const r = await db.selectFrom('customers').selectAll().where('kdnr', '=', Number(login.kdnr)).where('firma', '=', firma).execute();
    return r;
  }
  if (login.kind === 'email') {
    return db.selectFrom('customers').selectAll().where('firma', '=', firma)
      .where(sql<string>`lower(email)`, '=', login.email.toLowerCase()).orderBy('kdnr').limit(20).execute();
  }
  return [];
}

/** Which candidates the password opens (each check runs one scrypt, also without a hash). */
async function matching(cands: Candidate[], password: string): Promise<Candidate[]> {
  if (cands.length === 0) {
    await verifyPassword(password, null);
    return [];
  }
  const ok: Candidate[] = [];
  for (const cnd of cands) if (await verifyPassword(password, cnd.password_hash)) ok.push(cnd);
  return ok;
}

interface Credentials {
  customer: Candidate;
  subUserId: number | null;
  attempt: LoginAttempt;
  /** the password was set by someone else (or must be renewed): the login asks for a new one first */
  mustChange: boolean;
}

/**
 * Shared credential check of login and password change; throws the spec's login errors.
 * "123456x2" is sub-user 2 of customer 123456 and only that sub-user's own password opens it
 * (docs/ACCOUNTS.md); every path costs one password hash, found or not.
 */
export async function checkCredentials(db: Db, ip: string, body: z.output<typeof loginBody>): Promise<Credentials> {
  const firma = typeof body.Firma === 'number' ? body.Firma : /^\d{1,3}$/.test(body.Firma.trim()) ? Number(body.Firma) : NaN;
  const login = parseLogin(body.Benutzername, body.Kennwort);
  if (!Number.isInteger(firma) || login.kind === 'error') {
    throw badRequest('give_credentials', { reason: login.kind === 'error' ? login.error : 'invalid_firma' });
  }
  const sub = login.kind === 'kdnr' ? subUserSuffix(body.Benutzername) : null;
  const name = login.kind === 'kdnr' ? login.kdnr.replace(/^0+/, '') + (sub === null ? '' : `x${sub}`) : login.email;
  const attempt = await loginAttempt(db, accountName(firma, name), ip);
  if (attempt.retryAfter > 0) throw new ApiError(429, 'too_many_requests', { retryAfter: attempt.retryAfter });
  const fail = async (): Promise<never> => {
    await attempt.failed();
    throw new ApiError(401, 'login_error');
  };
  const cands = await candidatesFor(db, firma, login);
  if (sub !== null) {
    const customer = cands[0];
    const su = customer
      ? await db.selectFrom('sub_users').select(['password_hash', 'must_change_password']).where('kdnr', '=', customer.kdnr)
        .where('id', '=', sub).where('deleted', '=', 0).executeTakeFirst()
      : undefined;
    if (!(await verifyPassword(body.Kennwort, su?.password_hash ?? null)) || !customer) return fail();
    if (customer.login_locked) throw new ApiError(401, 'login_error');
    return { customer, subUserId: sub, attempt, mustChange: !!su?.must_change_password };
  }
  const ok = await matching(cands, body.Kennwort);
  if (ok.length === 0) return fail();
  if (login.kind === 'email' && cands.length > 1) {
    throw new ApiError(401, 'login_error_4', { errorDescription: '4' });
  }
  const customer = ok[0]!;
  if (customer.login_locked) throw new ApiError(401, 'login_error');
  return { customer, subUserId: null, attempt, mustChange: !!customer.must_change_password };
}
